// Digitisation of an existing cabinet (service/digitalisierung): cabinets and drawers with photos per
// drawer, sent in one multipart batch or photo by photo; the request is complete when every photo arrived.
import type { Db, Tx } from '../../db/index.ts';
import { isPostgres } from '../../db/dialect.ts';
import { multipartText, readMultipart } from '../../http/body.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { defineRoute, parseWith, validationError, type AnyRoute } from '../../http/route.ts';
import { checkImage, insertUploads, isFile, removeFiles, uploadUrls, writeImages, type CheckedImage } from '../../lib/uploads.ts';
import { DigitisationForm } from '#api/form-schemas.ts';
import * as zahnlager from '#api/zahnlager.ts';
import { serverT } from '#i18n/server.ts';
import { createServiceRequest, safeMail } from '../forms.ts';

interface DigiDrawer { name: string; photos: number; uploads: Record<string, number> }
interface DigiData { cabinets: { name: string; drawers: DigiDrawer[] }[]; individual: boolean; bemerkung: string }

function digiProgress(data: DigiData) {
  const missing: { cabinet: number; drawer: number; n: number }[] = [];
  let expected = 0, received = 0;
  data.cabinets.forEach((c, ci) => c.drawers.forEach((d, di) => {
    for (let n = 0; n < d.photos; n++) {
      expected++;
      if (d.uploads[String(n)] !== undefined) received++; else missing.push({ cabinet: ci, drawer: di, n });
    }
  }));
  return { expected, received, missing, complete: missing.length === 0 };
}

async function digiMail(db: Db, kdnr: number, referenz: string, data: DigiData, lang: string): Promise<void> {
  const c = await db.selectFrom('customers').select(['email', 'firma']).where('kdnr', '=', kdnr).executeTakeFirst();
  if (!c?.email) return;
  const t = serverT(lang);
  const drawers = data.cabinets.reduce((n, cab) => n + cab.drawers.length, 0);
  await safeMail(db, {
    to: c.email, kind: 'digitalisierung', firma: c.firma, lang, subject: t('mail.digi.subject', { referenz }),
    text: t('mail.digi.text', { referenz, cabinets: data.cabinets.length, drawers }),
  });
}

async function loadDigi(db: Db | Tx, kdnr: number, id: number, lock = false) {
  let q = db.selectFrom('service_requests').selectAll().where('id', '=', id).where('kdnr', '=', kdnr).where('typ', '=', 'digitalisierung');
  if (lock && isPostgres(db as Db)) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound();
  return { row, data: JSON.parse(row.data_json) as DigiData };
}

/** The digitisation request's fields, decided by its form rule; a drawer without a photo is named as { cabinet, drawer }. */
function digitisationFields(form: Record<string, (string | File)[]>) {
  const r = DigitisationForm.safeParse(multipartText(form));
  if (r.success) return r.data;
  const e = validationError(r.error);
  const path = r.error.issues[0]?.path ?? [];
  if (e.key === 'digitisation_photo_per_drawer_required') throw badRequest(e.key, { cabinet: path[1], drawer: path[3] });
  throw e;
}

export const digitisationRoutes: AnyRoute[] = [
  defineRoute(zahnlager.digitisation, async ({ db, session, c, lang }) => {
    const form = await readMultipart(c);
    const { cabinets, individual, bemerkung } = digitisationFields(form);
    // files: photo_{c}_{d}_{n}
    const files: { ci: number; di: number; n: number; file: File; field: string }[] = [];
    for (const [field, vals] of Object.entries(form)) {
      for (const v of vals) {
        if (!isFile(v)) continue;
        const m = /^photo_(\d{1,3})_(\d{1,3})_(\d{1,3})$/.exec(field);
        const ci = m ? Number(m[1]) : -1, di = m ? Number(m[2]) : -1, n = m ? Number(m[3]) : -1;
        const drawer = cabinets[ci]?.drawers[di];
        if (!m || !drawer || n >= drawer.photos) throw badRequest('invalid_input', { field });
        files.push({ ci, di, n, file: v, field });
      }
    }
    if (!individual) {
      for (const [ci, cab] of cabinets.entries()) {
        for (const [di] of cab.drawers.entries()) {
          if (!files.some((f) => f.ci === ci && f.di === di)) throw badRequest('digitisation_photo_per_drawer_required', { cabinet: ci, drawer: di });
        }
      }
    }
    const checked: CheckedImage[] = [];
    for (const f of files) checked.push(await checkImage(f.file, f.field));
    const stored = await writeImages(session.kdnr, checked);
    const data: DigiData = { cabinets: cabinets.map((cab) => ({ name: cab.name, drawers: cab.drawers.map((d) => ({ name: d.name, photos: d.photos, uploads: {} })) })), individual, bemerkung };
    let result: { id: number; referenz: string };
    try {
      result = await db.transaction().execute(async (tx) => {
        const req = await createServiceRequest(tx, { kdnr: session.kdnr, typ: 'digitalisierung', data, status: 'awaiting_photos' });
        const ids = await insertUploads(tx, stored, { kdnr: session.kdnr, owner: 'digitalisierung', ownerId: req.id });
        files.forEach((f, i) => { data.cabinets[f.ci]!.drawers[f.di]!.uploads[String(f.n)] = ids[i]!; });
        const complete = digiProgress(data).complete;
        await tx.updateTable('service_requests').set({ data_json: JSON.stringify(data), status: complete ? 'received' : 'awaiting_photos' }).where('id', '=', req.id).execute();
        return req;
      });
    } catch (e) {
      await removeFiles(stored);
      throw e;
    }
    const prog = digiProgress(data);
    if (prog.complete) await digiMail(db, session.kdnr, result.referenz, data, lang);
    return { requestId: result.id, referenz: result.referenz, status: prog.complete ? 'received' : 'awaiting_photos', expected: prog.expected, received: prog.received, missing: prog.missing };
  }),
  defineRoute(zahnlager.digitisationPhoto, async ({ db, session, params, c, lang }) => {
    await loadDigi(db, session.kdnr, params.requestId);
    const form = await readMultipart(c);
    const { cabinet: ci, drawer: di, n: nSent } = parseWith(zahnlager.digitisationPhoto.body, multipartText(form))!;
    const n = nSent ?? null;
    const file = (form.photo ?? []).find(isFile);
    if (!file) throw badRequest('digitisation_photo_per_drawer_required', { cabinet: ci, drawer: di });
    const img = await checkImage(file, 'photo');
    const stored = await writeImages(session.kdnr, [img]);
    let out: { referenz: string; data: DigiData; uploadId: number; becameComplete: boolean; replaced: number | null };
    try {
      out = await db.transaction().execute(async (tx) => {
        const { row, data } = await loadDigi(tx, session.kdnr, params.requestId, true);
        const drawer = data.cabinets[ci]?.drawers[di];
        if (!drawer) throw badRequest('invalid_input', { field: 'drawer' });
        let slot = n;
        if (slot === null) { // next missing photo of the drawer, else an additional one
          slot = 0;
          while (drawer.uploads[String(slot)] !== undefined) slot++;
        }
        if (slot >= 50) throw badRequest('invalid_input', { field: 'n' });
        if (slot >= drawer.photos) drawer.photos = slot + 1;
        const replaced = drawer.uploads[String(slot)] ?? null;
        const [uploadId] = await insertUploads(tx, stored, { kdnr: session.kdnr, owner: 'digitalisierung', ownerId: row.id });
        drawer.uploads[String(slot)] = uploadId!;
        const complete = digiProgress(data).complete;
        await tx.updateTable('service_requests').set({ data_json: JSON.stringify(data), status: complete ? 'received' : row.status }).where('id', '=', row.id).execute();
        return { referenz: row.referenz, data, uploadId: uploadId!, becameComplete: complete && row.status !== 'received', replaced };
      });
    } catch (e) {
      await removeFiles(stored);
      throw e;
    }
    if (out.replaced !== null) {
      const old = await db.selectFrom('uploads').select(['file', 'thumb', 'mime', 'size']).where('id', '=', out.replaced).where('kdnr', '=', session.kdnr).executeTakeFirst();
      if (old) {
        await db.deleteFrom('uploads').where('id', '=', out.replaced).execute();
        await removeFiles([old]);
      }
    }
    if (out.becameComplete) await digiMail(db, session.kdnr, out.referenz, out.data, lang);
    const prog = digiProgress(out.data);
    return {
      requestId: params.requestId, referenz: out.referenz, status: prog.complete ? 'received' : 'awaiting_photos',
      expected: prog.expected, received: prog.received, missing: prog.missing, upload: uploadUrls(out.uploadId, stored[0]!.thumb !== null),
    };
  }),
  defineRoute(zahnlager.digitisationState, async ({ db, session, params }) => {
    const { row, data } = await loadDigi(db, session.kdnr, params.requestId);
    const ids = data.cabinets.flatMap((cab) => cab.drawers.flatMap((d) => Object.values(d.uploads)));
    const ups = ids.length ? await db.selectFrom('uploads').select(['id', 'thumb']).where('kdnr', '=', session.kdnr).where('id', 'in', ids).execute() : [];
    const thumbs = new Map(ups.map((u) => [u.id, u.thumb !== null]));
    const prog = digiProgress(data);
    return {
      requestId: row.id, referenz: row.referenz, status: row.status, createdAt: row.created_at, expected: prog.expected, received: prog.received, missing: prog.missing,
      bemerkung: data.bemerkung,
      cabinets: data.cabinets.map((cab) => ({
        name: cab.name,
        drawers: cab.drawers.map((d) => ({
          name: d.name, photos: d.photos,
          uploads: Object.entries(d.uploads).filter(([, id]) => thumbs.has(id)).map(([n, id]) => ({ n: Number(n), ...uploadUrls(id, thumbs.get(id)!) })),
        })),
      })),
    };
  }),

  // ---- uploaded photos, for their owner only
];
