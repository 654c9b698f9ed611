// Service forms (returns, repairs, transport damage, special orders, spare parts, callback) and the
// contact form. Guests and customers may send them; each gets a unique reference like RT-2026-000124.
import { sql } from 'kysely';
import { z } from 'zod';
import { isPostgres } from '../db/dialect.ts';
import type { Db, Tx } from '../db/index.ts';
import { ApiError, badRequest, notFound } from '../http/errors.ts';
import { readMultipart } from '../http/body.ts';
import { defineRoute, zText, type AnyRoute } from '../http/route.ts';
import { checkHoneypot, HONEYPOT_FIELD, limitGuest, limitGuestMail, reserveGuestUpload } from '../lib/guest-limits.ts';
import { sendMail } from '../lib/mail.ts';
import { serverT } from '../../src/i18n/server.ts';
import { nowIso } from '../lib/time.ts';
import { checkImage, insertUploads, isFile, removeFiles, uploadUrls, writeImages } from '../lib/uploads.ts';
import {
  isBlank, parseQuantity, SALUTATIONS, validateContactForm, validateEmail, validatePhone, validateServiceRequest,
  type ContactFormInput,
} from '../../src/lib/rules/index.ts';

const TAG = 'forms';
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
  // serialises numbering per prefix on PostgreSQL; SQLite transactions are serial already
  if (isPostgres(tx)) await sql`select pg_advisory_xact_lock(hashtext(${stem}))`.execute(tx);
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
export async function safeMail(db: Db, mail: { to: string; subject: string; text: string; kind: string }): Promise<void> {
  try {
    await sendMail(db, mail);
  } catch (e) {
    console.error('[forms] mail failed', mail.kind, (e as Error).message);
  }
}

// ---------------------------------------------------------------- service forms

type FieldKind = 'short' | 'long' | 'qty' | 'artnr' | 'phone' | 'kdnr';
interface FieldDef { kind: FieldKind; required?: boolean }
/** The form's title is the locale key form.<typ>. */
interface FormDef { photo: boolean; text: string; fields: Record<string, FieldDef> }

export const FORM_TYPES: Record<string, FormDef> = {
  retoure: {
    photo: true, text: 'text',
    fields: { kdnr: { kind: 'kdnr', required: true }, lieferschein: { kind: 'short', required: true }, artnr: { kind: 'artnr', required: true },
      menge: { kind: 'qty', required: true }, grund: { kind: 'short', required: true }, text: { kind: 'long' } },
  },
  reparatur: {
    photo: true, text: 'fehlerbeschreibung',
    fields: { geraet: { kind: 'short', required: true }, seriennummer: { kind: 'short' }, fehlerbeschreibung: { kind: 'long' }, text: { kind: 'long' } },
  },
  transportschaden: {
    photo: true, text: 'schaden',
    fields: { lieferschein: { kind: 'short', required: true }, paketnummer: { kind: 'short' }, schaden: { kind: 'long' }, text: { kind: 'long' } },
  },
  sonderbestellung: {
    photo: true, text: 'artikelbeschreibung',
    fields: { artikelbeschreibung: { kind: 'long' }, hersteller: { kind: 'short' }, menge: { kind: 'qty', required: true }, text: { kind: 'long' } },
  },
  ersatzteil: {
    photo: true, text: 'teil',
    fields: { geraet: { kind: 'short', required: true }, teil: { kind: 'long' }, menge: { kind: 'qty', required: true }, text: { kind: 'long' } },
  },
  rueckruf: {
    photo: false, text: 'thema',
    fields: { name: { kind: 'short', required: true }, telefon: { kind: 'phone', required: true }, wunschtermin: { kind: 'short' }, thema: { kind: 'long' } },
  },
};

const MAX_LEN: Record<FieldKind, number> = { short: 200, long: 5000, qty: 10, artnr: 40, phone: 40, kdnr: 12 };

function fieldError(key: string, field: string, status = 400): ApiError {
  return new ApiError(status, key, { field });
}

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
async function provenAddress(db: Db, kdnr: number | null): Promise<string | null> {
  if (!kdnr) return null;
  const c = await db.selectFrom('customers').select(['email', 'verified']).where('kdnr', '=', kdnr).executeTakeFirst();
  return c?.email && c.verified ? c.email : null;
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
export function formMail(lang: string, title: string, referenz: string, values: [field: string, value: string | number][]): { subject: string; text: string } {
  const t = serverT(lang);
  const shown = (field: string, v: string | number) => (field === 'grund' && RETURN_REASONS.includes(String(v)) ? t(`form.reason.${v}`) : v);
  const lines = values.filter(([, v]) => v !== '' && v !== undefined).map(([k, v]) => `${FIELD_LABEL[k] ? t(FIELD_LABEL[k]) : k}: ${shown(k, v)}`);
  return {
    subject: t('mail.form.subject', { title, referenz }),
    text: [t('mail.form.thanks', { title }), t('mail.form.reference', { referenz }), '', t('mail.form.details'), ...lines, '', t('mail.form.closing')].join('\n'),
  };
}

const zReferenzAnswer = z.object({ referenz: z.string(), typ: z.string(), photos: z.array(z.object({ id: z.number(), url: z.string(), thumbUrl: z.string().nullable() })) });

// ---------------------------------------------------------------- contact form

const CONTACT_FIELD: Record<keyof ContactFormInput, string> = {
  date: 'date', email: 'email', firstName: 'vorname', lastName: 'nachname', message: 'nachricht', phone: 'telefon',
  artnr: 'artikelnummer', salutation: 'anrede', time: 'time',
};
/** Section 5 lists the contact form's required fields in this order; the first error names the field. */
const CONTACT_ORDER: (keyof ContactFormInput)[] = ['date', 'email', 'firstName', 'lastName', 'message', 'phone', 'artnr', 'salutation', 'time'];

const zOpt = (max: number) => z.union([z.string(), z.number()], { error: 'invalid_input' }).transform(String).pipe(zText(max)).optional();
const zContactBody = z.object({
  anrede: zOpt(10), vorname: zOpt(100), nachname: zOpt(100), email: zOpt(254), telefon: zOpt(40),
  date: zOpt(20), time: zOpt(10), betreff: zOpt(200), nachricht: zOpt(5000), artikelnummer: zOpt(40), kundennummer: zOpt(12),
  [HONEYPOT_FIELD]: z.unknown().optional().describe('honeypot: must stay empty'),
});

export const routes: AnyRoute[] = [
  defineRoute({
    method: 'post', path: '/forms/:typ', access: 'public', tag: TAG, rawBody: true,
    summary: 'Service request (typ retoure|reparatur|transportschaden|sonderbestellung|ersatzteil|rueckruf), multipart: typ fields, '
      + 'contact name/email/telefon, photos (fields photo, photos or photo_N; JPEG/PNG/WebP/HEIC, max 15 MB each, max 10). '
      + 'All but rueckruf need a photo and a text (400 service_photo_required / service_text_required); answers the reference. '
      + 'Guests: 10 per hour per address, 3 per e-mail (429), photos within the guests\' daily quota (507 upload_quota_exceeded); no mail to typed addresses',
    params: z.object({ typ: z.string() }),
    body: z.object({
      name: z.string().optional(), email: z.string().optional(), telefon: z.string().optional(),
      kdnr: z.string().optional(), lieferschein: z.string().optional(), artnr: z.string().optional(), menge: z.string().optional(),
      grund: z.string().optional(), text: z.string().optional(), geraet: z.string().optional(), seriennummer: z.string().optional(),
      fehlerbeschreibung: z.string().optional(), paketnummer: z.string().optional(), schaden: z.string().optional(),
      artikelbeschreibung: z.string().optional(), hersteller: z.string().optional(), teil: z.string().optional(),
      wunschtermin: z.string().optional(), thema: z.string().optional(),
      [HONEYPOT_FIELD]: z.string().optional().describe('honeypot: must stay empty'),
    }),
    response: zReferenzAnswer,
    handler: async ({ db, session, params, c, ip, lang, country }) => {
      const def = FORM_TYPES[params.typ];
      if (!def) throw notFound();
      const form = await readMultipart(c);
      checkHoneypot(form[HONEYPOT_FIELD]?.[0]);
      const str = (k: string): string => {
        const v = form[k]?.[0];
        return typeof v === 'string' ? v.trim() : '';
      };
      // photos first: they are the expensive part and are checked before anything is stored
      const photoFiles: File[] = [];
      for (const [k, vals] of Object.entries(form)) {
        for (const v of vals) {
          if (!isFile(v)) continue;
          if (!/^photos?(_\d{1,2}|\[\])?$/.test(k)) throw fieldError('invalid_input', k);
          if (v.size > 0) photoFiles.push(v);
        }
      }
      if (photoFiles.length > MAX_PHOTOS) throw badRequest('too_many_photos', { max: MAX_PHOTOS });

      const values: Record<string, string | number> = {};
      for (const [name, f] of Object.entries(def.fields)) {
        const raw = str(name);
        if (raw.length > MAX_LEN[f.kind]) throw fieldError('too_long', name);
        if (name === def.text) { values[name] = raw; continue; } // checked with the photo rule below
        if (f.kind === 'kdnr' && session) { values[name] = session.kdnr; continue; }
        if (raw === '') {
          if (f.required) throw fieldError(f.kind === 'qty' ? 'error_menge' : 'please_fill_in', name);
          values[name] = '';
          continue;
        }
        if (f.kind === 'qty') {
          const q = parseQuantity(raw);
          if (q === null || q > 99999) throw fieldError('error_menge', name);
          values[name] = q;
        } else if (f.kind === 'phone') {
          if (validatePhone(raw)) throw fieldError('invalid_phone', name);
          values[name] = raw;
        } else if (f.kind === 'kdnr') {
          if (!/^\d{4,9}$/.test(raw)) throw fieldError('invalid_kdnr_format', name);
          values[name] = Number(raw);
        } else if (f.kind === 'artnr') {
          const art = await db.selectFrom('articles').select('artnr').where('artnr', '=', raw).executeTakeFirst();
          if (!art) throw fieldError('error_artnr', name);
          values[name] = art.artnr;
        } else values[name] = raw;
      }
      // contact: customers default to their account data; a callback carries its own name and phone
      const fallback = session ? await customerContact(db, session.kdnr) : { name: '', email: '', telefon: '' };
      const contact = {
        name: str('name') || (def.fields.name ? '' : fallback.name),
        email: str('email') || fallback.email,
        telefon: str('telefon') || (def.fields.telefon ? '' : fallback.telefon),
      };
      if (params.typ === 'rueckruf') { contact.name = String(values.name); contact.telefon = String(values.telefon); }
      for (const k of ['name', 'email', 'telefon'] as const) if (contact[k].length > 254) throw fieldError('too_long', k);
      if (isBlank(contact.name)) throw fieldError('please_fill_in', 'name');
      if (params.typ !== 'rueckruf' || contact.email !== '') {
        if (isBlank(contact.email)) throw fieldError('please_fill_in', 'email');
        if (validateEmail(contact.email)) throw fieldError('invalid_email', 'email');
      }
      if (contact.telefon !== '' && validatePhone(contact.telefon)) throw fieldError('invalid_phone', 'telefon');

      const textValue = String(values[def.text] ?? '');
      if (def.photo) {
        const rule = validateServiceRequest({ photos: photoFiles.length, text: textValue });
        if (rule) throw new ApiError(400, rule, rule === 'service_text_required' ? { field: def.text } : { field: 'photo' });
      } else if (isBlank(textValue)) throw new ApiError(400, 'service_text_required', { field: def.text });

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
          const req = await createServiceRequest(tx, { kdnr, typ: params.typ, data });
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
          to: copyTo, kind: `service_${params.typ}`,
          ...formMail(lang, serverT(lang)(`form.${params.typ}`), created.referenz,
            [...fields, ['name', contact.name], ['telefon', contact.telefon], ['fotos', photoFiles.length]]),
        });
      }
      return {
        referenz: created.referenz, typ: params.typ,
        // guests cannot fetch uploads; only customers get the links
        photos: kdnr ? created.uploadIds.map((id, i) => uploadUrls(id, stored[i]!.thumb !== null)) : [],
      };
    },
  }),
  defineRoute({
    method: 'post', path: '/kontakt', access: 'public', tag: TAG,
    summary: 'Contact form: anrede (D, ka, M, W), vorname, nachname, email, telefon, date (YYYY-M-D), time (H:M), nachricht, artikelnummer '
      + 'are required (400 please_fill_in / invalid_* with `field` and all `fields`); betreff, kundennummer optional. '
      + 'Guests: 10 per hour per address and 3 per e-mail (429 too_many_requests); the copy goes only to a logged-in customer\'s verified address',
    body: zContactBody,
    response: z.object({ referenz: z.string() }),
    handler: async ({ db, session, body, ip, lang, country }) => {
      checkHoneypot(body[HONEYPOT_FIELD]);
      const input: ContactFormInput = {
        salutation: body.anrede, firstName: body.vorname, lastName: body.nachname, email: body.email, phone: body.telefon,
        date: body.date, time: body.time, message: body.nachricht, artnr: body.artikelnummer,
      };
      const errors: Record<string, string> = {};
      const found = validateContactForm(input);
      for (const k of CONTACT_ORDER) if (found[k]) errors[CONTACT_FIELD[k]] = found[k]!;
      if (!errors.anrede && !(SALUTATIONS as readonly string[]).includes((body.anrede ?? '').trim())) errors.anrede = 'field_invalid';
      const kundennummer = session ? String(session.kdnr) : (body.kundennummer ?? '').trim();
      if (kundennummer !== '' && !/^\d{4,9}$/.test(kundennummer) && !errors.kundennummer) errors.kundennummer = 'invalid_kdnr_format';
      const first = Object.entries(errors)[0];
      if (first) throw new ApiError(400, first[1], { field: first[0], fields: errors });
      const data = {
        anrede: body.anrede!.trim(), vorname: body.vorname!.trim(), nachname: body.nachname!.trim(), email: body.email!.trim(),
        telefon: body.telefon!.trim(), date: body.date!.trim(), time: body.time!.trim(), betreff: (body.betreff ?? '').trim(),
        nachricht: body.nachricht!.trim(), artikelnummer: body.artikelnummer!.trim(), kundennummer, lang, country,
      };
      if (!session) {
        await limitGuest(db, 'contact', ip);
        await limitGuestMail(db, 'contact', data.email);
      }
      const req = await db.transaction().execute((tx) => createServiceRequest(tx, { kdnr: session?.kdnr ?? null, typ: 'kontakt', data }));
      const copyTo = await provenAddress(db, session?.kdnr ?? null);
      if (copyTo) await safeMail(db, {
        to: copyTo, kind: 'kontakt',
        ...formMail(lang, serverT(lang)('mail.form.contact_title'), req.referenz, [
          ['name', `${data.vorname} ${data.nachname}`], ['telefon', data.telefon], ['date', `${data.date} ${data.time}`],
          ['betreff', data.betreff], ['artnr', data.artikelnummer], ['kdnr', data.kundennummer], ['nachricht', data.nachricht],
        ]),
      });
      return { referenz: req.referenz };
    },
  }),
  defineRoute({
    method: 'get', path: '/forms', access: 'customer', tag: TAG,
    summary: 'The customer\'s own service requests and contact messages, newest first',
    response: z.array(z.object({ referenz: z.string(), typ: z.string(), status: z.string(), createdAt: z.string() })),
    handler: async ({ db, session }) => {
      const rows = await db.selectFrom('service_requests').select(['referenz', 'typ', 'status', 'created_at']).where('kdnr', '=', session.kdnr)
        .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(200).execute();
      return rows.map((r) => ({ referenz: r.referenz, typ: r.typ, status: r.status, createdAt: r.created_at }));
    },
  }),
  defineRoute({
    method: 'get', path: '/forms/:referenz', access: 'customer', tag: TAG,
    summary: 'One own request by its reference, with photo links (other customers\' references answer 404)',
    params: z.object({ referenz: z.string() }),
    handler: async ({ db, session, params }) => {
      if (!/^[A-Z]{2}-\d{4}-\d{6}$/.test(params.referenz)) throw notFound();
      const r = await db.selectFrom('service_requests').selectAll().where('referenz', '=', params.referenz).where('kdnr', '=', session.kdnr).executeTakeFirst();
      if (!r) throw notFound();
      const ups = await db.selectFrom('uploads').select(['id', 'thumb']).where('kdnr', '=', session.kdnr)
        .where('owner', 'in', ['service_request', 'digitalisierung']).where('owner_id', '=', r.id).orderBy('id').execute();
      const data = JSON.parse(r.data_json) as Record<string, unknown>;
      return { referenz: r.referenz, typ: r.typ, status: r.status, createdAt: r.created_at, data, photos: ups.map((u) => uploadUrls(u.id, u.thumb !== null)) };
    },
  }),
];
