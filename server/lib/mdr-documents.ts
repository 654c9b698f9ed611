// The MDR case file's documents of one patient work: the Annex XIII statement (PDF) and the material
// ledger (CSV and PDF), in the customer's language (the shop's Unicode PDF font prints every script as written).
import type { Db } from '../db/index.ts';
import { batchesOf, type WorkRow } from '../modules/logbook.ts';
import { designations } from './designations.ts';
import { isExpired } from '#rules/batch.ts';
import { A4, BRAND, createPdf, GREY, mm } from './pdf.ts';
import { serverT, type ServerT } from '#i18n/server.ts';

/** The lab (manufacturer of the custom-made device) as the customer data name it. */
export interface Lab { kdnr: number; name: string; address: string[]; lang: string }

export async function labOf(db: Db, kdnr: number, fallbackLang: string): Promise<Lab> {
  const c = await db.selectFrom('customers').select(['namenszeile1', 'namenszeile2', 'namenszeile3', 'vorname', 'nachname', 'strasse', 'plz', 'ort', 'land_iso2', 'sprache'])
    .where('kdnr', '=', kdnr).executeTakeFirstOrThrow();
  const name = [c.namenszeile1, c.namenszeile2, c.namenszeile3].filter((s) => s.trim()).join(', ') || `${c.vorname} ${c.nachname}`.trim();
  const lang = /^(de|en|fr|it|es|nl|pl|cs|hu)$/.test(c.sprache) ? c.sprache : fallbackLang;
  return { kdnr, name, address: [c.strasse, `${c.plz} ${c.ort}`.trim(), c.land_iso2.toUpperCase()].filter((s) => s.trim()), lang };
}

/** The ledger's columns (locale keys) and one row per documented batch. */
const LEDGER_KEYS = ['mdr.col_position', 'mdr.col_date', 'mdr.col_technician', 'mdr.col_manufacturer', 'mdr.col_ref', 'mdr.col_artnr',
  'mdr.col_designation', 'mdr.col_lot', 'mdr.col_serial', 'mdr.col_expiry', 'mdr.col_udi', 'mdr.col_quantity', 'mdr.col_unit', 'mdr.col_expired'] as const;

export interface Ledger { header: string[]; rows: string[][] }

export async function ledgerOf(db: Db, lab: Lab, w: WorkRow): Promise<Ledger> {
  const t = serverT(lab.lang);
  const batches = await batchesOf(db, lab.kdnr, { workId: w.id });
  const bez = await designations(db, batches.map((b) => b.artnr), lab.lang);
  const subIds = [...new Set(batches.map((b) => b.sub_user_id).filter((v): v is number => v !== null))];
  const subs = subIds.length ? await db.selectFrom('sub_users').select(['id', 'vorname', 'nachname']).where('kdnr', '=', lab.kdnr).where('id', 'in', subIds).execute() : [];
  const tech = new Map(subs.map((s) => [s.id, `${s.vorname} ${s.nachname}`.trim()]));
  const rows = batches.map((b) => [
    String(b.position), b.created_at.slice(0, 10), b.sub_user_id !== null ? tech.get(b.sub_user_id) ?? '' : t('role.general'),
    b.hersteller, b.hersteller_artnr, b.artnr, bez.get(b.artnr) ?? '', b.lot, b.seriennummer, b.verfallsdatum ?? '', b.gtin,
    formatQty(Number(b.menge)), b.einheit, isExpired(b.verfallsdatum, b.created_at) ? t('app.yes') : '',
  ]);
  return { header: LEDGER_KEYS.map((k) => t(k)), rows };
}

const formatQty = (n: number) => (Number.isInteger(n) ? String(n) : String(Math.round(n * 1000) / 1000));

const workTitle = (t: ServerT, w: WorkRow) => `${t('scanner.patient_work')} ${w.auftragsnummer}`;

export async function ledgerPdf(lab: Lab, w: WorkRow, ledger: Ledger): Promise<Uint8Array> {
  const t = serverT(lab.lang);
  const title = `${t('mdr.ledger_title')} · ${workTitle(t, w)}`;
  const doc = await createPdf({
    title, language: lab.lang, pageSize: [A4[1], A4[0]], margins: { top: mm(14), right: mm(12), bottom: mm(14), left: mm(12) },
    onPage: (pw) => pw.text(`${lab.name} · ${title}`, pw.margins.left, pw.height - mm(10), { size: 7, color: GREY }),
  });
  doc.y += doc.text(title, doc.margins.left, doc.y, { size: 14, bold: true, color: BRAND }) + 2;
  const facts = [w.geraet && `${t('mdr.device')}${t('app.colon')} ${w.geraet}`, w.patient_code && `${t('mdr.patient_code')}${t('app.colon')} ${w.patient_code}`,
    w.auftraggeber_name && `${t('mdr.prescriber')}${t('app.colon')} ${w.auftraggeber_name}`, `${t('scanner.customer_number')} ${lab.kdnr}`].filter(Boolean).join(' · ');
  doc.y += doc.text(facts, doc.margins.left, doc.y, { size: 9, color: GREY }) + 8;
  if (ledger.rows.length === 0) doc.text(t('scanner.batches_empty'), doc.margins.left, doc.y, { size: 10 });
  else {
    const widths = [24, 44, 80, 64, 54, 44, 0, 60, 62, 48, 64, 40, 40, 56]; // headers longer than their column are set smaller (pdf.ts)
    doc.table(ledger.header.map((h, i) => ({ header: h, width: widths[i]! })), ledger.rows, { size: 7, zebra: true });
  }
  return doc.save();
}

/** Annex XIII Section 1 statement for the custom-made device of one patient work. */
export async function statementPdf(lab: Lab, w: WorkRow, technician: string, today = new Date()): Promise<Uint8Array> {
  const t = serverT(lab.lang);
  const title = t('mdr.statement_title');
  const doc = await createPdf({ title: `${title} · ${w.auftragsnummer}`, language: lab.lang, subject: 'MDR (EU) 2017/745 Annex XIII' });
  const L = doc.margins.left;
  doc.y += doc.text(title, L, doc.y, { size: 15, bold: true, color: BRAND });
  doc.paragraph(t('mdr.statement_subtitle'), { size: 9, color: GREY, gapAfter: 12 });
  const block = (label: string, lines: string[]) => {
    doc.paragraph(label, { size: 8, bold: true, color: GREY });
    for (const l of lines.length ? lines : ['–']) doc.paragraph(l, { size: 10.5 });
    doc.y += 8;
  };
  block(t('mdr.manufacturer'), [lab.name, ...lab.address, `${t('scanner.customer_number')} ${lab.kdnr}`]);
  block(t('mdr.device'), [w.geraet || '–', `${t('mdr.work_number')}${t('app.colon')} ${w.auftragsnummer}`]);
  block(t('mdr.patient_code'), [w.patient_code || '–']);
  block(t('mdr.prescriber'), [w.auftraggeber_name, w.auftraggeber_referenz].filter((s) => s.trim()));
  block(t('mdr.conformity'), [t('mdr.conformity_text')]);
  block(t('mdr.deviations'), [w.abweichungen.trim() || t('mdr.deviations_none')]);
  block(t('mdr.substances'), [
    `${t('mdr.medicinal_substance')}${t('app.colon')} ${w.arzneimittel ? t('app.yes') : t('app.no')}`,
    `${t('mdr.tissues')}${t('app.colon')} ${w.gewebe ? t('app.yes') : t('app.no')}`,
  ]);
  if (w.implantierbar) block(t('mdr.implantable'), [t('app.yes')]);
  doc.y += 18;
  doc.ensureSpace(60);
  const day = today.toISOString().slice(0, 10);
  doc.text(`${lab.address[1] ?? ''}, ${day}`, L, doc.y, { size: 10 });
  doc.line(L + mm(90), doc.y + 12, doc.width - doc.margins.right, doc.y + 12, { thickness: 0.5 });
  doc.y += 16;
  doc.text(`${t('mdr.signature')}${technician ? ` (${technician})` : ''}`, L + mm(90), doc.y, { size: 8, color: GREY });
  return doc.save();
}
