// Logbook: patient works (Patientenarbeit) with documented medical-device batches (section 3),
// CSV/PDF exports, and the scanner's code → article resolution (server/lib/scan-codes.ts).
import { sql } from 'kysely';
import type { Db, Tx } from '../db/index.ts';
import { lockForTransaction } from '../db/dialect.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import type { Session } from '../http/session.ts';
import { defineRoute, type AnyRoute } from '../http/route.ts';
import * as logbook from '#api/logbook.ts';
import type { Batch, BatchBody, Work, WorkBody } from '#api/logbook.ts';
import { loadArticleItems } from '../lib/articles.ts';
import { requirePermission } from '../lib/permissions.ts';
import { nowIso } from '../lib/time.ts';
import { validateOrderNumber } from '#rules/index.ts';
import { parseScan } from '#lib/codes/index.ts';
import { isExpired } from '#rules/batch.ts';
import { dateish, resolveArticle, scanFacts, type ScanFacts } from '../lib/scan-codes.ts';
import { expiresSoon, retainUntil, retentionOver } from '#rules/mdr.ts';
import { A4, createPdf, GREY, mm, pdfResponse as pdfDownload } from '../lib/pdf.ts';
import { designations } from '../lib/designations.ts';
import { serverT, type ServerT } from '#i18n/server.ts';

const PAGE_SIZE = 20;
const MAX_EXPORT_ROWS = 50_000;

// ---------------------------------------------------------------- works and batches

export type WorkRow = {
  id: number; kdnr: number; auftragsnummer: string; auftraggeber_name: string; auftraggeber_referenz: string; auftraggeber_info: string;
  sub_user_id: number | null; created_at: string; updated_at: string;
  geraet: string; patient_code: string; implantierbar: number; arzneimittel: number; gewebe: number; abweichungen: string;
};
type BatchRow = Awaited<ReturnType<typeof batchesOf>>[number];

export async function ownWork(db: Db | Tx, kdnr: number, id: number): Promise<WorkRow> {
  const r = await db.selectFrom('patient_works').selectAll().where('id', '=', id).where('kdnr', '=', kdnr).executeTakeFirst();
  if (!r) throw notFound();
  return r;
}

async function checkSubUser(db: Db | Tx, kdnr: number, id: number | null | undefined): Promise<void> {
  if (id === null || id === undefined) return;
  const r = await db.selectFrom('sub_users').select('id').where('id', '=', id).where('kdnr', '=', kdnr).where('deleted', '=', 0).executeTakeFirst();
  if (!r) throw badRequest('invalid_sub_user', { field: 'subUserId' });
}

async function worksOut(db: Db, kdnr: number, rows: WorkRow[]): Promise<Work[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const counts = await db.selectFrom('batches').select(['work_id', sql<number>`count(*)`.as('n')]).where('kdnr', '=', kdnr)
    .where('work_id', 'in', ids).groupBy('work_id').execute();
  const cnt = new Map(counts.map((c) => [c.work_id, Number(c.n)]));
  const subIds = [...new Set(rows.map((r) => r.sub_user_id).filter((v): v is number => v !== null))];
  const subs = subIds.length ? await db.selectFrom('sub_users').select(['id', 'vorname', 'nachname']).where('kdnr', '=', kdnr).where('id', 'in', subIds).execute() : [];
  const sub = new Map(subs.map((s) => [s.id, s]));
  return rows.map((r) => ({
    id: r.id, auftragsnummer: r.auftragsnummer,
    auftraggeber: { name: r.auftraggeber_name, referenz: r.auftraggeber_referenz, info: r.auftraggeber_info },
    subUserId: r.sub_user_id, subUser: r.sub_user_id !== null ? sub.get(r.sub_user_id) ?? null : null,
    createdAt: r.created_at, updatedAt: r.updated_at, batchCount: cnt.get(r.id) ?? 0,
    geraet: r.geraet, patientCode: r.patient_code, implantierbar: r.implantierbar === 1, arzneimittel: r.arzneimittel === 1,
    gewebe: r.gewebe === 1, abweichungen: r.abweichungen, retainUntil: retainUntil(r.created_at, r.implantierbar === 1),
  }));
}

export async function batchesOf(db: Db | Tx, kdnr: number, filter: { workId?: number; from?: string; to?: string }) {
  let q = db.selectFrom('batches as b').innerJoin('patient_works as w', 'w.id', 'b.work_id').selectAll('b')
    .select(['w.auftragsnummer', 'w.auftraggeber_name', 'w.auftraggeber_referenz', 'w.auftraggeber_info', 'w.created_at as work_created_at'])
    .where('b.kdnr', '=', kdnr).where('w.kdnr', '=', kdnr);
  if (filter.workId !== undefined) q = q.where('b.work_id', '=', filter.workId);
  if (filter.from) q = q.where('b.created_at', '>=', filter.from);
  if (filter.to) q = q.where('b.created_at', '<', filter.to);
  return q.orderBy('w.created_at').orderBy('b.work_id').orderBy('b.position').orderBy('b.id').limit(MAX_EXPORT_ROWS).execute();
}

function batchOut(b: BatchRow, bez: Map<string, string>): Batch {
  return {
    id: b.id, workId: b.work_id, position: b.position, artnr: b.artnr, bezeichnung: bez.get(b.artnr) ?? null,
    verfallsdatum: b.verfallsdatum, herstelldatum: b.herstelldatum, lot: b.lot, seriennummer: b.seriennummer,
    hersteller_artnr: b.hersteller_artnr, hersteller_lizenz: b.hersteller_lizenz, referenz: b.referenz, einheit: b.einheit,
    lieferschein: b.lieferschein, seite: b.seite, raw: b.raw_code, kdnr: b.kdnr, createdAt: b.created_at,
    expired: isExpired(b.verfallsdatum, b.created_at), expiresSoon: expiresSoon(b.verfallsdatum),
    hersteller: b.hersteller, gtin: b.gtin, menge: Number(b.menge), subUserId: b.sub_user_id,
  };
}

/**
 * Serialises the writes to one work until the transaction ends: on PostgreSQL two scans of the same serial number
 * could both find no twin (checkBatch) and both be stored, two partial changes of the work each write back the
 * other's fields as read before, and a batch could be added to a work being deleted.
 * The key names the customer: nobody else's call waits on it.
 */
const lockWork = (tx: Tx, kdnr: number, workId: number) => lockForTransaction(tx, `logbook_work:${kdnr}:${workId}`);

/**
 * What documenting these values would break: an expired batch needs the user's confirmation
 * (409 error_batch_expired), a serial number appears once per article on a work (409 error_serial_duplicate).
 */
async function checkBatch(tx: Db | Tx, kdnr: number, workId: number, v: { artnr: string; seriennummer: string; verfallsdatum: string | null },
  o: { usedOn: string; confirmed: boolean; self?: number }): Promise<void> {
  if (isExpired(v.verfallsdatum, o.usedOn) && !o.confirmed) throw conflict('error_batch_expired', { field: 'verfallsdatum', verfallsdatum: v.verfallsdatum });
  if (!v.seriennummer) return;
  let q = tx.selectFrom('batches').select('position').where('kdnr', '=', kdnr).where('work_id', '=', workId)
    .where('artnr', '=', v.artnr).where('seriennummer', '=', v.seriennummer);
  if (o.self !== undefined) q = q.where('id', '!=', o.self);
  const twin = await q.executeTakeFirst();
  if (twin) throw conflict('error_serial_duplicate', { field: 'seriennummer', position: twin.position });
}

async function articleFacts(db: Db | Tx, artnr: string) {
  return db.selectFrom('articles as a').innerJoin('manufacturers as m', 'm.id', 'a.hersteller_id')
    .select(['a.artnr', 'a.hersteller_artnr', 'a.gebinde', 'a.gtin', 'm.licence', 'm.name as hersteller']).where('a.artnr', '=', artnr).executeTakeFirst();
}

/** Explicit fields win over what the scanned code says; the article fills the manufacturer's data. */
async function batchValues(db: Db | Tx, body: BatchBody, base: Partial<BatchRow> | null) {
  const artnr = body.artnr?.trim() ?? base?.artnr;
  if (!artnr) throw badRequest('error_artnr', { field: 'artnr' });
  const art = await articleFacts(db, artnr);
  if (!art) throw badRequest('error_artnr', { field: 'artnr' });
  const raw = body.raw ?? base?.raw_code ?? '';
  const f: ScanFacts = body.raw ? scanFacts(parseScan(body.raw)) : scanFacts(null);
  const pick = <T>(explicit: T | undefined, scanned: T | null, old: T | undefined, fallback: T): T =>
    explicit !== undefined ? explicit : scanned !== null && scanned !== undefined ? scanned : old !== undefined ? old : fallback;
  const artChanged = base !== null && base.artnr !== artnr;
  return {
    artnr,
    raw_code: raw,
    verfallsdatum: pick<string | null>(body.verfallsdatum, f.expiry, base?.verfallsdatum, null),
    herstelldatum: pick<string | null>(body.herstelldatum, f.production, base?.herstelldatum, null),
    lot: pick(body.lot, f.lot, base?.lot, ''),
    seriennummer: pick(body.seriennummer, f.serial, base?.seriennummer, ''),
    hersteller_artnr: pick(body.hersteller_artnr, f.herstellerArtnr, artChanged ? undefined : base?.hersteller_artnr, art.hersteller_artnr),
    hersteller_lizenz: pick<string>(undefined, f.licence, artChanged ? undefined : base?.hersteller_lizenz, art.licence),
    referenz: pick(body.referenz, null, base?.referenz, ''),
    einheit: pick(body.einheit, null, base?.einheit, art.gebinde ?? ''),
    lieferschein: pick(body.lieferschein, null, base?.lieferschein, ''),
    seite: pick(body.seite, null, base?.seite, ''),
    hersteller: pick(body.hersteller, null, artChanged ? undefined : base?.hersteller, art.hersteller),
    // the UDI-DI as the code carries it, else the article's GTIN
    gtin: pick(body.gtin, f.gtin, artChanged ? undefined : base?.gtin, art.gtin ?? ''),
    menge: pick<number>(body.menge, null, base?.menge, 1),
  };
}

// ---------------------------------------------------------------- exports

/** The export's columns (locale keys; the CSV has all of them, in the customer's language). */
const CSV_COLUMNS = ['csv.order_number', 'csv.client', 'csv.client_reference', 'csv.client_info', 'csv.date', 'csv.position', 'csv.artnr',
  'csv.designation', 'csv.expiry', 'csv.production_date', 'csv.lot', 'csv.serial', 'csv.manufacturer_artnr', 'csv.reference', 'csv.unit',
  'csv.delivery_note', 'csv.page', 'csv.customer_number', 'csv.licence', 'csv.expired'];

/** One batch as a row of the export; an expired one says so (csv.yes) in the last column and beside its expiry in the PDF. */
function exportRow(b: BatchRow, bez: Map<string, string>, yes: string): string[] {
  return [b.auftragsnummer, b.auftraggeber_name, b.auftraggeber_referenz, b.auftraggeber_info, b.created_at.slice(0, 10), String(b.position),
    b.artnr, bez.get(b.artnr) ?? '', b.verfallsdatum ?? '', b.herstelldatum ?? '', b.lot, b.seriennummer, b.hersteller_artnr,
    b.referenz, b.einheit, b.lieferschein, b.seite, String(b.kdnr), b.hersteller_lizenz, isExpired(b.verfallsdatum, b.created_at) ? yes : ''];
}

/** Semicolon CSV for spreadsheet programs; cells that a spreadsheet would run as a formula are defused. */
export function csvCell(v: string): string {
  let s = v.replace(/\r\n?/g, '\n');
  if (/^[=+\-@\t\r]/.test(s) && !/^-?\d+([.,]\d+)?$/.test(s)) s = `'${s}`;
  return /[;"\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function csvResponse(rows: string[][], filename: string, lang: string): Response {
  const t = serverT(lang);
  const body = '\uFEFF' + [CSV_COLUMNS.map((k) => t(k)), ...rows].map((r) => r.map(csvCell).join(';')).join('\r\n') + '\r\n';
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'private, no-store',
    },
  });
}

/** The PDF table keeps the columns that matter on paper (A4 landscape); the CSV has all of them. */
const PDF_COLUMNS: { col: number; header: string; width: number }[] = [
  { col: 0, header: 'pdf.logbook.col_order', width: 62 }, { col: 1, header: 'csv.client', width: 85 }, { col: 4, header: 'csv.date', width: 48 },
  { col: 5, header: 'mdr.col_position', width: 30 }, { col: 6, header: 'mdr.col_artnr', width: 50 }, { col: 7, header: 'csv.designation', width: 116 },
  { col: 8, header: 'mdr.col_expiry', width: 56 }, { col: 10, header: 'csv.lot', width: 55 }, { col: 11, header: 'pdf.logbook.col_serial', width: 55 },
  { col: 12, header: 'pdf.logbook.col_manufacturer_artnr', width: 70 }, { col: 15, header: 'csv.delivery_note', width: 55 }, { col: 18, header: 'csv.licence', width: 0 },
];

const EXPIRY_COL = CSV_COLUMNS.indexOf('csv.expiry');
const EXPIRED_COL = CSV_COLUMNS.indexOf('csv.expired');

async function pdfResponse(t: ServerT, title: string, subtitle: string, rows: string[][], filename: string): Promise<Response> {
  const w = await createPdf({
    title, pageSize: [A4[1], A4[0]], margins: { top: mm(14), right: mm(12), bottom: mm(14), left: mm(12) },
    onPage: (pw) => pw.text(`${title} · ${new Date().toISOString().slice(0, 10)}`, pw.margins.left, pw.height - mm(10), { size: 7, color: GREY }),
  });
  w.y += w.text(title, w.margins.left, w.y, { size: 14, bold: true }) + 2;
  w.y += w.text(subtitle, w.margins.left, w.y, { size: 9, color: GREY }) + 8;
  if (rows.length === 0) {
    w.text(t('pdf.logbook.empty'), w.margins.left, w.y, { size: 10 });
  } else {
    const cell = (r: string[], col: number) => (col === EXPIRY_COL && r[EXPIRED_COL] ? `${r[col]} ${t('pdf.logbook.expired')}` : r[col] ?? '');
    w.table(PDF_COLUMNS.map((c) => ({ header: t(c.header), width: c.width })), rows.map((r) => PDF_COLUMNS.map((c) => cell(r, c.col))), { size: 7.5, zebra: true });
  }
  return pdfDownload(await w.save(), filename, true);
}

function rangeBounds(q: { from?: string; to?: string }): { from?: string; to?: string } {
  const from = q.from ? dateish(q.from)! : undefined;
  const toDay = q.to ? dateish(q.to)! : undefined;
  if (from && toDay && from > toDay) throw badRequest('invalid_date', { field: 'from' });
  const to = toDay ? new Date(new Date(`${toDay}T00:00:00Z`).getTime() + 86_400_000).toISOString().slice(0, 10) : undefined;
  return { from, to };
}

async function exportData(db: Db, session: Session, lang: string, filter: { workId?: number; from?: string; to?: string }) {
  const rows = await batchesOf(db, session.kdnr, filter);
  const bez = await designations(db, rows.map((r) => r.artnr), lang);
  const yes = serverT(lang)('csv.yes');
  return rows.map((r) => exportRow(r, bez, yes));
}

/** MDR case file fields of a work body: given ones replace, the rest stay (or start empty). */
function mdrFields(body: WorkBody, w: WorkRow | null) {
  const flag = (v: boolean | undefined, old: number | undefined) => (v === undefined ? old ?? 0 : v ? 1 : 0);
  return {
    geraet: body.geraet ?? w?.geraet ?? '', patient_code: body.patientCode ?? w?.patient_code ?? '',
    implantierbar: flag(body.implantierbar, w?.implantierbar), arzneimittel: flag(body.arzneimittel, w?.arzneimittel),
    gewebe: flag(body.gewebe, w?.gewebe), abweichungen: body.abweichungen ?? w?.abweichungen ?? '',
  };
}

/** Works and their batches are kept for the MDR retention period; a delete before its end is refused. */
function checkRetention(w: WorkRow): void {
  const implantable = w.implantierbar === 1;
  if (!retentionOver(w.created_at, implantable)) throw conflict('error_retention_period', { retainUntil: retainUntil(w.created_at, implantable) });
}

const touch = (tx: Db | Tx, kdnr: number, workId: number) =>
  tx.updateTable('patient_works').set({ updated_at: nowIso() }).where('id', '=', workId).where('kdnr', '=', kdnr).execute();

export const routes: AnyRoute[] = [
  defineRoute(logbook.works, async ({ db, session, query }) => {
    const page = query.page ?? 1;
    let q = db.selectFrom('patient_works as w').where('w.kdnr', '=', session.kdnr);
    if (query.subUserId !== undefined) q = q.where('w.sub_user_id', '=', query.subUserId);
    const term = (query.q ?? '').trim().toLowerCase();
    if (term) {
      const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q = q.where((eb) => eb.or([
        sql<boolean>`lower(w.auftragsnummer) like ${like} escape '\\'`,
        sql<boolean>`lower(w.auftraggeber_name) like ${like} escape '\\'`,
        sql<boolean>`lower(w.auftraggeber_referenz) like ${like} escape '\\'`,
        eb.exists(eb.selectFrom('batches as b').select('b.id').whereRef('b.work_id', '=', 'w.id').where('b.kdnr', '=', session.kdnr)
          .where((e2) => e2.or([sql<boolean>`lower(b.lot) like ${like} escape '\\'`, sql<boolean>`lower(b.artnr) like ${like} escape '\\'`]))),
      ]));
    }
    const total = await q.select(sql<number>`count(*)`.as('n')).executeTakeFirst();
    const rows = await q.selectAll('w').orderBy('w.created_at', 'desc').orderBy('w.id', 'desc')
      .limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE).execute();
    return { items: await worksOut(db, session.kdnr, rows), page, pageSize: PAGE_SIZE, total: Number(total?.n ?? 0) };
  }),
  defineRoute(logbook.createWork, async ({ db, session, body }) => {
    await requirePermission(db, session, 'document');
    if (validateOrderNumber(body.auftragsnummer)) throw badRequest('order_number_required', { field: 'auftragsnummer' });
    const subUserId = body.subUserId === undefined ? session.subUserId : body.subUserId;
    await checkSubUser(db, session.kdnr, subUserId);
    const now = nowIso();
    const a = body.auftraggeber ?? {};
    const r = await db.insertInto('patient_works').values({
      kdnr: session.kdnr, auftragsnummer: body.auftragsnummer!, auftraggeber_name: a.name ?? '', auftraggeber_referenz: a.referenz ?? '',
      auftraggeber_info: a.info ?? '', sub_user_id: subUserId ?? null, created_at: now, updated_at: now, ...mdrFields(body, null),
    }).returning('id').executeTakeFirstOrThrow();
    return (await worksOut(db, session.kdnr, [await ownWork(db, session.kdnr, Number(r.id))]))[0]!;
  }),
  defineRoute(logbook.work, async ({ db, session, params, lang }) => {
    const w = await ownWork(db, session.kdnr, params.id);
    const batches = await batchesOf(db, session.kdnr, { workId: w.id });
    const bez = await designations(db, batches.map((b) => b.artnr), lang);
    return { ...(await worksOut(db, session.kdnr, [w]))[0]!, batches: batches.map((b) => batchOut(b, bez)) };
  }),
  defineRoute(logbook.updateWork, async ({ db, session, params, body }) => {
    await requirePermission(db, session, 'document');
    await db.transaction().execute(async (tx) => {
      await lockWork(tx, session.kdnr, params.id);
      const w = await ownWork(tx, session.kdnr, params.id);
      if (body.auftragsnummer !== undefined && validateOrderNumber(body.auftragsnummer)) throw badRequest('order_number_required', { field: 'auftragsnummer' });
      if (body.subUserId !== undefined) await checkSubUser(tx, session.kdnr, body.subUserId);
      const a = body.auftraggeber ?? {};
      await tx.updateTable('patient_works').set({
        auftragsnummer: body.auftragsnummer ?? w.auftragsnummer,
        auftraggeber_name: a.name ?? w.auftraggeber_name, auftraggeber_referenz: a.referenz ?? w.auftraggeber_referenz,
        auftraggeber_info: a.info ?? w.auftraggeber_info,
        sub_user_id: body.subUserId === undefined ? w.sub_user_id : body.subUserId, updated_at: nowIso(), ...mdrFields(body, w),
      }).where('id', '=', w.id).where('kdnr', '=', session.kdnr).execute();
    });
    return (await worksOut(db, session.kdnr, [await ownWork(db, session.kdnr, params.id)]))[0]!;
  }),
  defineRoute(logbook.deleteWork, async ({ db, session, params }) => {
    await requirePermission(db, session, 'document');
    return db.transaction().execute(async (tx) => {
      await lockWork(tx, session.kdnr, params.id);
      checkRetention(await ownWork(tx, session.kdnr, params.id));
      const r = await tx.deleteFrom('batches').where('work_id', '=', params.id).where('kdnr', '=', session.kdnr).executeTakeFirst();
      await tx.deleteFrom('patient_works').where('id', '=', params.id).where('kdnr', '=', session.kdnr).execute();
      return { deleted: params.id, batches: Number(r.numDeletedRows) };
    });
  }),
  defineRoute(logbook.addBatch, async ({ db, session, params, body, lang }) => {
    await requirePermission(db, session, 'document');
    // the answer is read in the transaction: a delete of the work right after the commit would leave nothing to read (500)
    const b = await db.transaction().execute(async (tx) => {
      await lockWork(tx, session.kdnr, params.id);
      await ownWork(tx, session.kdnr, params.id);
      const v = await batchValues(tx, body, null);
      await checkBatch(tx, session.kdnr, params.id, v, { usedOn: nowIso(), confirmed: body.confirmExpired === true });
      let position = body.position;
      if (position === undefined) {
        const m = await tx.selectFrom('batches').select(sql<number>`max(position)`.as('m')).where('work_id', '=', params.id).where('kdnr', '=', session.kdnr).executeTakeFirst();
        position = Number(m?.m ?? 0) + 1;
      }
      const r = await tx.insertInto('batches').values({ work_id: params.id, kdnr: session.kdnr, position, ...v, sub_user_id: session.subUserId ?? null, created_at: nowIso() })
        .returning('id').executeTakeFirstOrThrow();
      await touch(tx, session.kdnr, params.id);
      return (await batchesOf(tx, session.kdnr, { workId: params.id })).find((x) => x.id === Number(r.id))!;
    });
    return batchOut(b, await designations(db, [b.artnr], lang));
  }),
  defineRoute(logbook.updateBatch, async ({ db, session, params, body, lang }) => {
    await requirePermission(db, session, 'document');
    const b = await db.transaction().execute(async (tx) => {
      await lockWork(tx, session.kdnr, params.id);
      await ownWork(tx, session.kdnr, params.id);
      const cur = (await batchesOf(tx, session.kdnr, { workId: params.id })).find((x) => x.id === params.batchId);
      if (!cur) throw notFound();
      const v = await batchValues(tx, body, cur);
      // an expiry already documented stays; a changed one is judged on the day the batch was documented
      await checkBatch(tx, session.kdnr, params.id, v, { usedOn: cur.created_at, confirmed: body.confirmExpired === true || v.verfallsdatum === cur.verfallsdatum, self: cur.id });
      await tx.updateTable('batches').set({ ...v, position: body.position ?? cur.position })
        .where('id', '=', params.batchId).where('kdnr', '=', session.kdnr).where('work_id', '=', params.id).execute();
      await touch(tx, session.kdnr, params.id);
      return (await batchesOf(tx, session.kdnr, { workId: params.id })).find((x) => x.id === params.batchId)!;
    });
    return batchOut(b, await designations(db, [b.artnr], lang));
  }),
  defineRoute(logbook.deleteBatch, async ({ db, session, params }) => {
    await requirePermission(db, session, 'document');
    return db.transaction().execute(async (tx) => {
      const w = await ownWork(tx, session.kdnr, params.id);
      const b = await tx.selectFrom('batches').select('id').where('id', '=', params.batchId).where('work_id', '=', params.id).where('kdnr', '=', session.kdnr).executeTakeFirst();
      if (!b) throw notFound();
      checkRetention(w);
      const r = await tx.deleteFrom('batches').where('id', '=', params.batchId).where('work_id', '=', params.id).where('kdnr', '=', session.kdnr).executeTakeFirst();
      if (Number(r.numDeletedRows) === 0) throw notFound();
      await touch(tx, session.kdnr, params.id);
      return { deleted: params.batchId };
    });
  }),
  defineRoute(logbook.workCsv, async ({ db, session, params, lang }) => {
    const w = await ownWork(db, session.kdnr, params.id);
    return csvResponse(await exportData(db, session, lang, { workId: w.id }), `logbuch-${safeName(w.auftragsnummer)}.csv`, lang);
  }),
  defineRoute(logbook.exportCsv, async ({ db, session, query, lang }) => {
    const r = rangeBounds(query);
    return csvResponse(await exportData(db, session, lang, r), `logbuch-${session.kdnr}${query.from ? `-${dateish(query.from)}` : ''}${query.to ? `-${dateish(query.to)}` : ''}.csv`, lang);
  }),
  defineRoute(logbook.workPdf, async ({ db, session, params, lang }) => {
    const w = await ownWork(db, session.kdnr, params.id);
    const rows = await exportData(db, session, lang, { workId: w.id });
    const client = [w.auftraggeber_name, w.auftraggeber_referenz].filter(Boolean).join(' / ');
    const t = serverT(lang);
    return pdfResponse(t, `${t('scanner.patient_work')} ${w.auftragsnummer}`,
      `${t('csv.customer_number')} ${session.kdnr}${client ? ` · ${t('csv.client')}${t('app.colon')} ${client}` : ''}`, rows, `logbuch-${safeName(w.auftragsnummer)}.pdf`);
  }),
  defineRoute(logbook.exportPdf, async ({ db, session, query, lang }) => {
    const r = rangeBounds(query);
    const rows = await exportData(db, session, lang, r);
    const t = serverT(lang);
    const span = query.from || query.to ? `${query.from ? dateish(query.from) : '…'} – ${query.to ? dateish(query.to) : '…'}` : t('pdf.logbook.all_time');
    return pdfResponse(t, t('pdf.logbook.title'), `${t('csv.customer_number')} ${session.kdnr} · ${span}`, rows, `logbuch-${session.kdnr}.pdf`);
  }),
  defineRoute(logbook.resolveScan, async ({ db, session, query, lang, country }) => {
    const scan = parseScan(query.code);
    const facts = scanFacts(scan);
    const artnr = await resolveArticle(db, query.code, facts);
    if (!artnr) return { scan, article: null, vkz: null, error: 'no_product_found' as const };
    const [article] = await loadArticleItems(db, [artnr], { lang, country, kdnr: session?.kdnr ?? null });
    return { scan, article: article ?? null, vkz: article?.vkz ?? null };
  }),
];

const safeName = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60) || 'export';
