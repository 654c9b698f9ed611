// Service forms (returns, repairs, transport damage, special orders, spare parts, callback) and the
// contact form. Guests and customers may send them; each gets a unique reference like RT-2026-000124.
import { lockForTransaction } from '../db/dialect.ts';
import type { Db, Tx } from '../db/index.ts';
import { ApiError, badRequest, notFound } from '../http/errors.ts';
import { multipartText, readMultipart } from '../http/body.ts';
import { defineRoute, parseWith, type AnyRoute } from '../http/route.ts';
import * as forms from '#api/forms.ts';
import { checkHoneypot, HONEYPOT_FIELD, limitGuest, limitGuestMail, reserveGuestUpload } from '../lib/guest-limits.ts';
import { sendMail, type MailInput } from '../lib/mail.ts';
import { formatDay } from '#rules/locale.ts';
import { serverT } from '#i18n/server.ts';
import { nowIso } from '../lib/time.ts';
import { checkImage, insertUploads, isFile, removeFiles, uploadUrls, writeImages } from '../lib/uploads.ts';
import { isServiceType } from '#api/form-schemas.ts';

export const MAX_PHOTOS = 10;

/** Reference prefix per request type. */
export const REFERENZ_PREFIX: Record<string, string> = {
  retoure: 'RT', reparatur: 'RP', transportschaden: 'TS', sonderbestellung: 'SB', ersatzteil: 'ET', rueckruf: 'RR',
  kontakt: 'KT', digitalisierung: 'DG',
};

/** Inserts a service_requests row with the next reference of its type and year. Call inside a transaction. */
export async function createServiceRequest(
  tx: Db | Tx, req: { kdnr: number | null; typ: string; data: unknown; status?: string },
): Promise<{ id: number; referenz: string }> {
  const prefix = REFERENZ_PREFIX[req.typ] ?? 'SR';
  const year = new Date().getUTCFullYear();
  const stem = `${prefix}-${year}-`;
  await lockForTransaction(tx, stem); // numbering per prefix
  const last = await tx.selectFrom('service_requests').select('referenz').where('referenz', 'like', `${stem}%`)
    .orderBy('referenz', 'desc').limit(1).executeTakeFirst();
  const seq = last ? Number(last.referenz.slice(stem.length)) + 1 : 1;
  const referenz = `${stem}${String(Number.isFinite(seq) ? seq : 1).padStart(6, '0')}`;
  const r = await tx.insertInto('service_requests').values({
    kdnr: req.kdnr, typ: req.typ, referenz, data_json: JSON.stringify(req.data), created_at: nowIso(), status: req.status ?? 'received',
  }).returning('id').executeTakeFirstOrThrow();
  return { id: Number(r.id), referenz };
}

/** A mail that fails must not fail the request that was already stored. */
export async function safeMail(db: Db, mail: MailInput): Promise<void> {
  try {
    await sendMail(db, mail);
  } catch (e) {
    console.error('[forms] mail failed', mail.kind, (e as Error).message);
  }
}

// ---------------------------------------------------------------- service forms


async function customerContact(db: Db, kdnr: number): Promise<{ name: string; email: string; telefon: string }> {
  const c = await db.selectFrom('customers').select(['vorname', 'nachname', 'email', 'telefon_vorwahl', 'telefon', 'namenszeile1'])
    .where('kdnr', '=', kdnr).executeTakeFirst();
  if (!c) return { name: '', email: '', telefon: '' };
  const name = `${c.vorname} ${c.nachname}`.trim() || c.namenszeile1;
  return { name, email: c.email ?? '', telefon: `${c.telefon_vorwahl} ${c.telefon}`.trim() };
}

/**
 * Where the confirmation copy of a form may go: only the customer's own address, and only once
 * its owner proved it (verified). Guests get none: a form must not mail an address typed by anyone.
 */
async function provenAddress(db: Db, kdnr: number | null): Promise<{ to: string; firma: number } | null> {
  if (!kdnr) return null;
  const c = await db.selectFrom('customers').select(['email', 'verified', 'firma']).where('kdnr', '=', kdnr).executeTakeFirst();
  return c?.email && c.verified ? { to: c.email, firma: c.firma } : null;
}

/** The labels of the form fields in the customer's copy: the words of the form he filled in. */
const FIELD_LABEL: Record<string, string> = {
  kdnr: 'form.customer_number', lieferschein: 'form.order_number', artnr: 'form.product', menge: 'form.quantity', grund: 'form.reason',
  text: 'form.message', geraet: 'form.device_name', seriennummer: 'form.serial', fehlerbeschreibung: 'form.fault', paketnummer: 'form.package_number',
  schaden: 'form.damage', artikelbeschreibung: 'form.article_description', hersteller: 'form.manufacturer', teil: 'form.part', name: 'form.name',
  telefon: 'form.phone', wunschtermin: 'form.callback_time', thema: 'form.topic', fotos: 'form.photos', betreff: 'form.subject',
  date: 'form.date', nachricht: 'form.message',
};
const RETURN_REASONS = ['wrong_article', 'wrong_order', 'defective', 'other'];

/** The customer's copy of a form: subject and text in his language, each given field under its form label. */
export function formMail(lang: string, title: string, referenz: string, values: [field: string, value: string | number | undefined][]): { subject: string; text: string } {
  const t = serverT(lang);
  const shown = (field: string, v: string | number) => (field === 'grund' && RETURN_REASONS.includes(String(v)) ? t(`form.reason.${v}`) : v);
  const lines = values.flatMap(([k, v]) => (v === '' || v === undefined ? [] : [`${FIELD_LABEL[k] ? t(FIELD_LABEL[k]) : k}${t('app.colon')} ${shown(k, v)}`]));
  return {
    subject: t('mail.form.subject', { title, referenz }),
    text: [t('mail.form.thanks', { title }), t('mail.form.reference', { referenz }), '', t('mail.form.details'), ...lines, '', t('mail.form.closing')].join('\n'),
  };
}

export const routes: AnyRoute[] = [
  defineRoute(forms.serviceRequest, async ({ db, session, params, c, ip, lang, country }) => {
    const typ = params.typ;
    if (!isServiceType(typ)) throw notFound();
    const form = await readMultipart(c);
    checkHoneypot(form[HONEYPOT_FIELD]?.[0]);
    // photos first: they are the expensive part and are checked before anything is stored
    const photoFiles: File[] = [];
    for (const [k, vals] of Object.entries(form)) {
      for (const v of vals) {
        if (!isFile(v)) continue;
        if (!/^photos?(_\d{1,2}|\[\])?$/.test(k)) throw new ApiError(400, 'invalid_input', { field: k });
        if (v.size > 0) photoFiles.push(v);
      }
    }
    if (photoFiles.length > MAX_PHOTOS) throw badRequest('too_many_photos', { max: MAX_PHOTOS });

    // the form's rule (src/api/form-schemas.ts) decides on the fields; a customer's number and empty
    // contact fields come from the account (a callback carries its own name and phone)
    const sent = Object.fromEntries(Object.entries(multipartText(form)).map(([k, v]) => [k, v.trim()]));
    const account = session ? await customerContact(db, session.kdnr) : null;
    const fields: Record<string, unknown> = { ...sent, typ, photos: photoFiles.length };
    if (session && typ === 'retoure') fields.kdnr = String(session.kdnr);
    if (account) {
      fields.email = sent.email || account.email;
      if (typ !== 'rueckruf') { fields.name = sent.name || account.name; fields.telefon = sent.telefon || account.telefon; }
    }
    const checked = parseWith(forms.serviceRequest.body, fields)!;
    const { typ: _typ, photos: _photos, ...values } = checked as Record<string, string | number | undefined>;
    if (typeof values.artnr === 'string') {
      const art = await db.selectFrom('articles').select('artnr').where('artnr', '=', values.artnr).executeTakeFirst();
      if (!art) throw new ApiError(400, 'error_artnr', { field: 'artnr' });
    }
    const contact = { name: String(values.name ?? ''), email: String(values.email ?? ''), telefon: String(values.telefon ?? '') };
    delete values.email;
    if (typ !== 'rueckruf') { delete values.name; delete values.telefon; }

    const kdnr = session?.kdnr ?? null;
    if (!kdnr) {
      await limitGuest(db, 'service', ip);
      await limitGuestMail(db, 'service', contact.email);
    }
    const images = [];
    for (const [i, f] of photoFiles.entries()) images.push(await checkImage(f, `photo_${i}`));
    if (!kdnr) await reserveGuestUpload(db, images.reduce((n, img) => n + img.buf.length, 0));
    const stored = await writeImages(kdnr, images);
    let created: { id: number; referenz: string; uploadIds: number[] };
    try {
      created = await db.transaction().execute(async (tx) => {
        const data = { fields: values, contact, lang, country, sessionKdnr: kdnr };
        const req = await createServiceRequest(tx, { kdnr, typ, data });
        const uploadIds = await insertUploads(tx, stored, { kdnr, owner: 'service_request', ownerId: req.id });
        return { ...req, uploadIds };
      });
    } catch (e) {
      await removeFiles(stored);
      throw e;
    }
    const copyTo = await provenAddress(db, kdnr);
    if (copyTo) {
      const fields = Object.entries(values).filter(([k]) => k !== 'name' && k !== 'telefon');
      await safeMail(db, {
        ...copyTo, kind: `service_${typ}`, lang,
        ...formMail(lang, serverT(lang)(`form.${typ}`), created.referenz,
          [...fields, ['name', contact.name], ['telefon', contact.telefon], ['fotos', photoFiles.length]]),
      });
    }
    return {
      referenz: created.referenz, typ,
      // guests cannot fetch uploads; only customers get the links
      photos: kdnr ? created.uploadIds.map((id, i) => uploadUrls(id, stored[i]!.thumb !== null)) : [],
    };
  }),
  defineRoute(forms.contact, async ({ db, session, body, ip, lang, country }) => {
    checkHoneypot(body[HONEYPOT_FIELD]);
    // the form's rule (src/api/form-schemas.ts ContactForm) already decided: every required field is here
    const data = {
      anrede: body.anrede!, vorname: body.vorname!, nachname: body.nachname!, email: body.email!, telefon: body.telefon!,
      date: body.date!, time: body.time!, betreff: body.betreff ?? '', nachricht: body.nachricht!, artikelnummer: body.artikelnummer!,
      kundennummer: session ? String(session.kdnr) : body.kundennummer ?? '', lang, country,
    };
    if (!session) {
      await limitGuest(db, 'contact', ip);
      await limitGuestMail(db, 'contact', data.email);
    }
    const req = await db.transaction().execute((tx) => createServiceRequest(tx, { kdnr: session?.kdnr ?? null, typ: 'kontakt', data }));
    const copyTo = await provenAddress(db, session?.kdnr ?? null);
    if (copyTo) await safeMail(db, {
      ...copyTo, kind: 'kontakt', lang,
      ...formMail(lang, serverT(lang)('mail.form.contact_title'), req.referenz, [
        ['name', `${data.vorname} ${data.nachname}`], ['telefon', data.telefon], ['date', `${formatDay(data.date, lang)} ${data.time}`],
        ['betreff', data.betreff], ['artnr', data.artikelnummer], ['kdnr', data.kundennummer], ['nachricht', data.nachricht],
      ]),
    });
    return { referenz: req.referenz };
  }),
  defineRoute(forms.requests, async ({ db, session }) => {
    const rows = await db.selectFrom('service_requests').select(['referenz', 'typ', 'status', 'created_at']).where('kdnr', '=', session.kdnr)
      .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(200).execute();
    return rows.map((r) => ({ referenz: r.referenz, typ: r.typ, status: r.status, createdAt: r.created_at }));
  }),
  defineRoute(forms.request, async ({ db, session, params }) => {
    if (!/^[A-Z]{2}-\d{4}-\d{6}$/.test(params.referenz)) throw notFound();
    const r = await db.selectFrom('service_requests').selectAll().where('referenz', '=', params.referenz).where('kdnr', '=', session.kdnr).executeTakeFirst();
    if (!r) throw notFound();
    const ups = await db.selectFrom('uploads').select(['id', 'thumb']).where('kdnr', '=', session.kdnr)
      .where('owner', 'in', ['service_request', 'digitalisierung']).where('owner_id', '=', r.id).orderBy('id').execute();
    const data = JSON.parse(r.data_json) as Record<string, unknown>;
    return { referenz: r.referenz, typ: r.typ, status: r.status, createdAt: r.created_at, data, photos: ups.map((u) => uploadUrls(u.id, u.thumb !== null)) };
  }),
];
