// The MDR case file (issue 11): per patient work the Annex XIII statement and the material ledger,
// the auditor's ZIP for a period, the lot recall across works and tooth storage, expiring stock,
// and the LOT/expiry of tooth-storage slots. Works and batches themselves live in logbook.ts.
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { Session } from '../http/session.ts';
import { defineRoute, type AnyRoute } from '../http/route.ts';
import * as mdr from '#api/mdr.ts';
import type { Recall, RecallQuery, RecallWork } from '#api/mdr.ts';
import { csvCell, ownWork, type WorkRow } from './logbook.ts';
import { designations } from '../lib/designations.ts';
import { labOf, ledgerOf, ledgerPdf, statementPdf, type Ledger } from '../lib/mdr-documents.ts';
import { expiringFor } from '../lib/mdr-expiry.ts';
import { serverT } from '#i18n/server.ts';
import { pdfResponse } from '../lib/pdf.ts';
import { requirePermission } from '../lib/permissions.ts';
import { nowIso } from '../lib/time.ts';
import { zipArchive } from '../lib/zip.ts';
import { isoDay } from '#api/common.ts';
import { parseScan } from '#lib/codes/index.ts';
import { expiresSoon } from '#rules/mdr.ts';

const MAX_ZIP_WORKS = 2000;
const MAX_RECALL = 5000;

const safeName = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60) || 'work';
const day = (s: string) => isoDay(s)!;

function csvText(header: string[], rows: string[][]): string {
  return '\uFEFF' + [header, ...rows].map((r) => r.map(csvCell).join(';')).join('\r\n') + '\r\n';
}
function download(body: string | Uint8Array, type: string, filename: string): Response {
  return new Response(body as BodyInit, {
    headers: { 'content-type': type, 'content-disposition': `attachment; filename="${filename}"`, 'cache-control': 'private, no-store' },
  });
}

/** The technician named under the statement's signature: the work's user (sub-user); none for the main user. */
async function technicianOf(db: Db, w: WorkRow): Promise<string> {
  if (w.sub_user_id === null) return '';
  const s = await db.selectFrom('sub_users').select(['vorname', 'nachname']).where('id', '=', w.sub_user_id).where('kdnr', '=', w.kdnr).executeTakeFirst();
  return s ? `${s.vorname} ${s.nachname}`.trim() : '';
}

async function caseFile(db: Db, session: Session, lang: string, id: number) {
  const w = await ownWork(db, session.kdnr, id);
  const lab = await labOf(db, session.kdnr, lang);
  return { w, lab };
}

// ---------------------------------------------------------------- lot recall



async function recall(db: Db, kdnr: number, lang: string, q: RecallQuery): Promise<Recall> {
  let lot = q.lot ?? '';
  let gtin = '';
  if (!lot && q.code) { const s = parseScan(q.code); lot = s?.lot?.trim() ?? ''; gtin = s?.gtin?.trim() ?? ''; }
  if (!lot) throw badRequest('lot_required', { field: 'lot' });
  const LOT = lot.toUpperCase();
  let bq = db.selectFrom('batches as b').innerJoin('patient_works as w', 'w.id', 'b.work_id')
    .select(['b.id', 'b.position', 'b.artnr', 'b.lot', 'b.seriennummer', 'b.verfallsdatum', 'b.hersteller', 'b.gtin',
      'w.id as work_id', 'w.auftragsnummer', 'w.patient_code', 'w.geraet', 'w.auftraggeber_name', 'w.created_at'])
    .where('b.kdnr', '=', kdnr).where('w.kdnr', '=', kdnr).where(sql`upper(b.lot)`, '=', LOT);
  if (q.artnr) bq = bq.where((eb) => eb.or([eb('b.artnr', '=', q.artnr!), sql<boolean>`upper(b.hersteller_artnr) = ${q.artnr!.toUpperCase()}`]));
  if (q.hersteller) bq = bq.where(sql`lower(b.hersteller)`, 'like', `%${q.hersteller.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (gtin) bq = bq.where((eb) => eb.or([eb('b.gtin', '=', ''), eb('b.gtin', 'like', `%${gtin.replace(/^0+/, '')}`)]));
  const hits = await bq.orderBy('w.created_at').orderBy('w.id').orderBy('b.position').limit(MAX_RECALL).execute();
  const works = new Map<number, RecallWork>();
  for (const h of hits) {
    let w = works.get(h.work_id);
    if (!w) {
      w = { workId: h.work_id, auftragsnummer: h.auftragsnummer, patientCode: h.patient_code, geraet: h.geraet, auftraggeber: h.auftraggeber_name, createdAt: h.created_at, batches: [] };
      works.set(h.work_id, w);
    }
    w.batches.push({ id: h.id, position: h.position, artnr: h.artnr, lot: h.lot, seriennummer: h.seriennummer, verfallsdatum: h.verfallsdatum, hersteller: h.hersteller });
  }
  // tooth storage: slots carrying the LOT, and slots holding a recalled article without a recorded LOT
  const articles = [...new Set(hits.map((h) => h.artnr).concat(q.artnr ? [q.artnr] : []))];
  let sq = db.selectFrom('zahnlager_slots as s').innerJoin('schubladen as d', 'd.id', 's.schublade_id').innerJoin('schraenke as c', 'c.id', 'd.schrank_id')
    .select(['s.id', 's.artikelnummer', 's.lot', 's.verfallsdatum', 's.zeile', 's.spalte', 'd.name as schublade', 'c.name as schrank'])
    .where('s.kdnr', '=', kdnr).where('d.kdnr', '=', kdnr).where('s.artikelnummer', 'is not', null)
    .where((eb) => eb.or([
      sql<boolean>`upper(s.lot) = ${LOT}`,
      ...(articles.length ? [eb.and([eb('s.lot', '=', ''), eb('s.artikelnummer', 'in', articles)])] : []),
    ]));
  if (q.artnr) sq = sq.where('s.artikelnummer', '=', q.artnr);
  const slots = await sq.orderBy('c.name').orderBy('d.name').orderBy('s.zeile').orderBy('s.spalte').limit(MAX_RECALL).execute();
  const bez = await designations(db, slots.map((s) => s.artikelnummer), lang);
  return {
    lot,
    works: [...works.values()],
    stock: slots.map((s) => ({
      slotId: s.id, schublade: s.schublade, schrank: s.schrank, zeile: s.zeile, spalte: s.spalte, artnr: s.artikelnummer!,
      bezeichnung: bez.get(s.artikelnummer!) ?? null, lot: s.lot, verfallsdatum: s.verfallsdatum,
      match: s.lot.toUpperCase() === LOT ? 'lot' as const : 'article' as const,
    })),
  };
}

function recallCsv(lang: string, r: Recall): string {
  const t = serverT(lang);
  const header = [t('mdr.recall_source'), t('mdr.work_number'), t('mdr.patient_code'), t('mdr.device'), t('mdr.prescriber'), t('mdr.col_date'),
    t('mdr.col_position'), t('mdr.col_artnr'), t('mdr.col_manufacturer'), t('mdr.col_lot'), t('mdr.col_serial'), t('mdr.col_expiry'), t('mdr.recall_place')];
  const rows: string[][] = [];
  for (const w of r.works) for (const b of w.batches) {
    rows.push([t('mdr.source_logbook'), w.auftragsnummer, w.patientCode, w.geraet, w.auftraggeber, w.createdAt.slice(0, 10), String(b.position), b.artnr, b.hersteller, b.lot, b.seriennummer, b.verfallsdatum ?? '', '']);
  }
  for (const s of r.stock) {
    rows.push([t('mdr.source_stock'), '', '', '', '', '', '', s.artnr, '', s.lot || t('mdr.lot_unknown'), '', s.verfallsdatum ?? '', `${s.schrank} / ${s.schublade} ${s.zeile}/${s.spalte}`]);
  }
  return csvText(header, rows);
}

// ---------------------------------------------------------------- routes

export const routes: AnyRoute[] = [
  defineRoute(mdr.statementPdf, async ({ db, session, params, lang }) => {
    const { w, lab } = await caseFile(db, session, lang, params.id);
    return pdfResponse(await statementPdf(lab, w, await technicianOf(db, w)), `mdr-statement-${safeName(w.auftragsnummer)}.pdf`);
  }),
  defineRoute(mdr.ledgerCsv, async ({ db, session, params, lang }) => {
    const { w, lab } = await caseFile(db, session, lang, params.id);
    const l = await ledgerOf(db, lab, w);
    return download(csvText(l.header, l.rows), 'text/csv; charset=utf-8', `mdr-ledger-${safeName(w.auftragsnummer)}.csv`);
  }),
  defineRoute(mdr.ledgerPdf, async ({ db, session, params, lang }) => {
    const { w, lab } = await caseFile(db, session, lang, params.id);
    return pdfResponse(await ledgerPdf(lab, w, await ledgerOf(db, lab, w)), `mdr-ledger-${safeName(w.auftragsnummer)}.pdf`);
  }),
  defineRoute(mdr.exportZip, async ({ db, session, query, lang }) => {
    const from = day(query.from);
    const to = day(query.to);
    if (from > to) throw badRequest('invalid_date', { field: 'from' });
    const end = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const works = await db.selectFrom('patient_works').selectAll().where('kdnr', '=', session.kdnr)
      .where('created_at', '>=', from).where('created_at', '<', end).orderBy('created_at').orderBy('id').limit(MAX_ZIP_WORKS).execute();
    const lab = await labOf(db, session.kdnr, lang);
    const entries: { name: string; data: Uint8Array | string }[] = [];
    for (const w of works) {
      const dir = `${w.created_at.slice(0, 10)}_${safeName(w.auftragsnummer)}_${w.id}`;
      const l: Ledger = await ledgerOf(db, lab, w);
      entries.push({ name: `${dir}/statement.pdf`, data: await statementPdf(lab, w, await technicianOf(db, w)) });
      entries.push({ name: `${dir}/ledger.csv`, data: csvText(l.header, l.rows) });
      entries.push({ name: `${dir}/ledger.pdf`, data: await ledgerPdf(lab, w, l) });
    }
    return download(new Uint8Array(zipArchive(entries)), 'application/zip', `mdr-${session.kdnr}-${from}-${to}.zip`);
  }),
  defineRoute(mdr.recall, async ({ db, session, query, lang }) => recall(db, session.kdnr, lang, query)),
  defineRoute(mdr.recallCsv, async ({ db, session, query, lang }) => {
    const r = await recall(db, session.kdnr, lang, query);
    return download(recallCsv(lang, r), 'text/csv; charset=utf-8', `mdr-recall-${safeName(r.lot)}.csv`);
  }),
  defineRoute(mdr.expiring, async ({ db, session, lang }) => ({ items: await expiringFor(db, session.kdnr, lang) })),
  defineRoute(mdr.updateStock, async ({ db, session, params, body }) => {
    await requirePermission(db, session, 'document');
    const s = await db.selectFrom('zahnlager_slots').select(['id', 'lot', 'verfallsdatum']).where('id', '=', params.id).where('kdnr', '=', session.kdnr).executeTakeFirst();
    if (!s) throw notFound();
    const lot = body.lot ?? s.lot;
    const verfallsdatum = body.verfallsdatum === undefined ? s.verfallsdatum : body.verfallsdatum === null || body.verfallsdatum.trim() === '' ? null : day(body.verfallsdatum.trim());
    await db.updateTable('zahnlager_slots').set({ lot, verfallsdatum, updated_at: nowIso() }).where('id', '=', s.id).where('kdnr', '=', session.kdnr).execute();
    return { id: s.id, lot, verfallsdatum, expiresSoon: expiresSoon(verfallsdatum) };
  }),
];
