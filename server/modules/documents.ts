// Documents of the last 24 months (section 9: DOCUMENTS_MONTHS) listed per type (route dokumente/typ/{typ})
// and downloaded as PDFs generated from the customer's orders. Order documents (invoice, delivery note,
// credit note, order confirmation, account statement) are rows of `documents`; declarations of
// conformity and product safety information exist per article bought in the period.
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { notFound } from '../http/errors.ts';
import { defineRoute, type AnyRoute } from '../http/route.ts';
import * as documents from '#api/documents.ts';
import { DOCUMENTS_PAGE_SIZE as PAGE_SIZE } from '#api/documents.ts';
import type { Session } from '../http/session.ts';
import { orderSummary, withDesignations } from '../lib/money.ts';
import { serverLanguage } from '#i18n/server.ts';
import { articleDocument, creditNote, orderDocument, statement, type DocCustomer, type DocHead, type DocOrder } from '../lib/document-pdf.ts';
import { pdfResponse } from '../lib/pdf.ts';
import { DOCUMENTS_MONTHS } from '#rules/constants.ts';
import { designations } from '../lib/designations.ts';
import { propertyLabels, snapshot } from '../search/index.ts';

export const ORDER_DOC_TYPES = ['rechnung', 'lieferschein', 'gutschrift', 'auftragsbestaetigung', 'kontoauszug'] as const;
export const ARTICLE_DOC_TYPES = ['konformitaet', 'sicherheitsdatenblatt'] as const;
export const DOC_TYPES = [...ORDER_DOC_TYPES, ...ARTICLE_DOC_TYPES] as const;
/** product groups whose articles are medical devices (conformity) or chemical products (safety information) */
const ARTICLE_DOC_PGS: Record<string, number[]> = { konformitaet: [1, 2, 3, 5, 10, 11], sicherheitsdatenblatt: [2, 3, 4, 5, 11, 12] };
const PREFIX: Record<string, string> = { konformitaet: 'KE', sicherheitsdatenblatt: 'SI' };

/** First day (YYYY-MM-DD) of the period: today minus 24 months. */
export function periodStart(now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - DOCUMENTS_MONTHS, now.getUTCDate()));
  return d.toISOString().slice(0, 10);
}

/** Unknown types answer 404 like unknown documents. */
function docType(typ: string): (typeof DOC_TYPES)[number] {
  if (!(DOC_TYPES as readonly string[]).includes(typ)) throw notFound();
  return typ as (typeof DOC_TYPES)[number];
}
const pdfUrl = (typ: string, id: string | number) => `/api/documents/${typ}/${encodeURIComponent(String(id))}.pdf`;

/** Articles of the document type bought in the period: last delivery date, newest first. */
function articleQuery(db: Db, kdnr: number, typ: string, from: string) {
  return db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id').innerJoin('articles as a', 'a.artnr', 'l.artnr')
    .where('o.kdnr', '=', kdnr).where('o.created_at', '>=', from).where('a.pg', 'in', ARTICLE_DOC_PGS[typ]!)
    .where('l.preis', '>', 0);
}

async function listDocuments(db: Db, s: Session, typ: string, q: string, page: number, lang: string) {
  const from = periodStart();
  if ((ARTICLE_DOC_TYPES as readonly string[]).includes(typ)) {
    let base = articleQuery(db, s.kdnr, typ, from);
    if (q) base = base.where('l.artnr', 'like', `%${q}%`);
    const total = Number((await base.select(sql<number>`count(distinct l.artnr)`.as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await base.select(['l.artnr', sql<string>`max(o.created_at)`.as('last')]).groupBy('l.artnr')
      .orderBy(sql`max(o.created_at)`, 'desc').orderBy('l.artnr').limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE).execute();
    const bez = await designations(db, rows.map((r) => r.artnr), lang);
    return {
      total, items: rows.map((r) => ({
        id: r.artnr, typ, nummer: `${PREFIX[typ]}-${r.artnr}`, datum: String(r.last).slice(0, 10), betrag: null, currency: 'EUR',
        auftrag: null, bezeichnung: bez.get(r.artnr) ?? null, pdf: pdfUrl(typ, r.artnr),
      })),
    };
  }
  let base = db.selectFrom('documents as d').leftJoin('orders as o', (j) => j.onRef('o.id', '=', 'd.order_id').onRef('o.kdnr', '=', 'd.kdnr'))
    .where('d.kdnr', '=', s.kdnr).where('d.typ', '=', typ).where('d.datum', '>=', from);
  if (q) base = base.where((eb) => eb.or([eb('d.nummer', 'like', `%${q}%`), eb(sql<string>`cast(o.auftrag as varchar(20))`, 'like', `%${q}%`)]));
  const total = Number((await base.select(sql<number>`count(*)`.as('n')).executeTakeFirst())?.n ?? 0);
  const rows = await base.select(['d.id', 'd.nummer', 'd.datum', 'd.betrag', 'o.auftrag', 'o.currency'])
    .orderBy('d.datum', 'desc').orderBy('d.id', 'desc').limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE).execute();
  return {
    total, items: rows.map((r) => ({
      id: String(r.id), typ, nummer: r.nummer, datum: r.datum, betrag: Number(r.betrag), currency: r.currency ?? 'EUR',
      auftrag: r.auftrag === null ? null : Number(r.auftrag), bezeichnung: null, pdf: pdfUrl(typ, Number(r.id)),
    })),
  };
}

async function docCustomer(db: Db, kdnr: number): Promise<DocCustomer> {
  const c = await db.selectFrom('customers').selectAll().where('kdnr', '=', kdnr).executeTakeFirst();
  if (!c) throw notFound();
  const person = [c.titel, c.vorname, c.nachname].filter(Boolean).join(' ');
  return {
    kdnr, firma: c.firma, name: [c.namenszeile1, c.namenszeile2, c.namenszeile3, person].filter((s) => s && s.trim()),
    strasse: c.strasse, plz: c.plz, ort: c.ort, land: c.land_iso2 || 'DE', ustId: c.ust_id ?? '',
  };
}

async function docOrder(db: Db, kdnr: number, orderId: number, lang: string): Promise<DocOrder> {
  const o = await db.selectFrom('orders').selectAll().where('id', '=', orderId).where('kdnr', '=', kdnr).executeTakeFirst();
  if (!o) throw notFound();
  const lines = await db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('pos').execute();
  const bez = await designations(db, lines.map((l) => l.artnr), lang);
  let address: Record<string, string> = {};
  try { address = JSON.parse(o.address_json) as Record<string, string>; } catch { /* shown without address */ }
  const docLines = lines.map((l) => ({ pos: l.pos, artnr: l.artnr, bezeichnung: bez.get(l.artnr) ?? l.bezeichnung, menge: l.menge, preis: Number(l.preis), geliefert: l.geliefert, status: l.status }));
  const summary = await orderSummary(db, { ...o, total: Number(o.total), discount: Number(o.discount) }, docLines);
  return {
    auftrag: o.auftrag, vorgang: o.vorgang, rechnung: o.rechnung, datum: o.created_at.slice(0, 10), versandart: o.versandart,
    zahlungsart: o.zahlungsart, kommentar: o.kommentar, total: Number(o.total), discount: Number(o.discount), currency: o.currency, address,
    lines: docLines, summary: withDesignations(summary, new Map(docLines.map((l) => [l.artnr, l.bezeichnung]))),
  };
}

/** The PDF of one own document of the period; anything else (other customer, too old, wrong type) is 404. */
async function documentPdf(db: Db, s: Session, typ: string, id: string, lang: string): Promise<{ bytes: Uint8Array; name: string }> {
  lang = serverLanguage(lang); // texts, numbers and dates of one of the nine languages
  const from = periodStart();
  const customer = await docCustomer(db, s.kdnr);
  if ((ARTICLE_DOC_TYPES as readonly string[]).includes(typ)) {
    const row = await articleQuery(db, s.kdnr, typ, from).where('l.artnr', '=', id)
      .innerJoin('manufacturers as m', 'm.id', 'a.hersteller_id')
      .select(['a.artnr', 'a.gtin', 'a.hersteller_artnr', 'm.name as hersteller', 'm.licence', sql<string>`max(o.created_at)`.as('last')])
      .groupBy(['a.artnr', 'a.gtin', 'a.hersteller_artnr', 'm.name', 'm.licence']).executeTakeFirst();
    if (!row) throw notFound();
    const [bez, props, labels] = await Promise.all([
      designations(db, [row.artnr], lang),
      db.selectFrom('article_properties').select(['prop', 'value']).where('artnr', '=', row.artnr).orderBy('prop').execute(),
      snapshot(db).then((snap) => propertyLabels(db, snap, lang)),
    ]);
    const head: DocHead = { typ, nummer: `${PREFIX[typ]}-${row.artnr}`, datum: new Date().toISOString().slice(0, 10), betrag: 0 };
    const bytes = await articleDocument(typ as 'konformitaet', head, customer, {
      artnr: row.artnr, bezeichnung: bez.get(row.artnr) ?? row.artnr, hersteller: row.hersteller, licence: row.licence,
      herstellerArtnr: row.hersteller_artnr, gtin: row.gtin, lastDelivery: String(row.last), properties: props.map((p) => [p.prop, labels(p.prop, p.value)]),
    }, lang);
    return { bytes, name: `${typ}-${row.artnr}.pdf` };
  }
  if (!/^\d{1,10}$/.test(id)) throw notFound();
  const d = await db.selectFrom('documents').selectAll().where('id', '=', Number(id)).where('kdnr', '=', s.kdnr).where('typ', '=', typ)
    .where('datum', '>=', from).executeTakeFirst();
  if (!d) throw notFound();
  const head: DocHead = { typ, nummer: d.nummer, datum: d.datum, betrag: Number(d.betrag) };
  let bytes: Uint8Array;
  if (typ === 'kontoauszug') {
    const month = d.nummer.replace(/^KA-/, '');
    const [y, m] = month.split('-').map(Number) as [number, number];
    const start = new Date(Date.UTC(y, m - 1, 1)).toISOString(), end = new Date(Date.UTC(y, m, 1)).toISOString();
    const orders = await db.selectFrom('orders').select(['created_at', 'rechnung', 'auftrag', 'total', 'currency']).where('kdnr', '=', s.kdnr)
      .where('created_at', '>=', start).where('created_at', '<', end).orderBy('created_at').execute();
    bytes = await statement(head, customer, month, orders.map((o) => ({ datum: o.created_at, rechnung: o.rechnung, auftrag: o.auftrag, total: Number(o.total), currency: o.currency })), lang);
  } else {
    if (d.order_id === null) throw notFound();
    const order = await docOrder(db, s.kdnr, d.order_id, lang);
    bytes = typ === 'gutschrift' ? await creditNote(head, customer, order, lang) : await orderDocument(typ as 'rechnung', head, customer, order, lang);
  }
  return { bytes, name: `${typ}-${d.nummer}.pdf` };
}

export const routes: AnyRoute[] = [
  defineRoute(documents.types, async ({ db, session }) => {
    const from = periodStart();
    const rows = await db.selectFrom('documents').select(['typ', sql<number>`count(*)`.as('n')]).where('kdnr', '=', session.kdnr)
      .where('datum', '>=', from).groupBy('typ').execute();
    const counts = new Map(rows.map((r) => [r.typ, Number(r.n)]));
    for (const typ of ARTICLE_DOC_TYPES) {
      const r = await articleQuery(db, session.kdnr, typ, from).select(sql<number>`count(distinct l.artnr)`.as('n')).executeTakeFirst();
      counts.set(typ, Number(r?.n ?? 0));
    }
    return { from, types: DOC_TYPES.map((typ) => ({ typ, count: counts.get(typ) ?? 0 })) };
  }),
  defineRoute(documents.list, async ({ db, session, params, query, lang }) => {
    const r = await listDocuments(db, session, docType(params.typ), query.q, query.page, lang);
    return { typ: params.typ, from: periodStart(), total: r.total, page: query.page, pageSize: PAGE_SIZE, items: r.items };
  }),
  defineRoute(documents.file, async ({ db, session, params, lang }) => {
    if (!/^[^/]{1,60}\.pdf$/.test(params.file)) throw notFound();
    const { bytes, name } = await documentPdf(db, session, docType(params.typ), params.file.replace(/\.pdf$/, ''), lang);
    return pdfResponse(bytes, name);
  }),
];
