// Service forms (returns, repairs, transport damage, special orders, spare parts, callback) and the
// contact form. Guests and customers may send them; each gets a unique reference like RT-2026-000124.
import { sql } from 'kysely';
import { isPostgres } from '../db/dialect.ts';
import type { Db, Tx } from '../db/index.ts';
import { ApiError, badRequest, notFound } from '../http/errors.ts';
import { readMultipart } from '../http/body.ts';
import { defineRoute, type AnyRoute } from '../http/route.ts';
import * as forms from '../../src/api/forms.ts';
import { checkHoneypot, HONEYPOT_FIELD, limitGuest, limitGuestMail, reserveGuestUpload } from '../lib/guest-limits.ts';
import { sendMail } from '../lib/mail.ts';
import { nowIso } from '../lib/time.ts';
import { checkImage, insertUploads, isFile, removeFiles, uploadUrls, writeImages } from '../lib/uploads.ts';
import {
  isBlank, parseQuantity, SALUTATIONS, validateContactForm, validateEmail, validatePhone, validateServiceRequest,
  type ContactFormInput,
} from '../../src/lib/rules/index.ts';

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
interface FormDef { title: string; photo: boolean; text: string; fields: Record<string, FieldDef> }

export const FORM_TYPES: Record<string, FormDef> = {
  retoure: {
    title: 'Retoure', photo: true, text: 'text',
    fields: { kdnr: { kind: 'kdnr', required: true }, lieferschein: { kind: 'short', required: true }, artnr: { kind: 'artnr', required: true },
      menge: { kind: 'qty', required: true }, grund: { kind: 'short', required: true }, text: { kind: 'long' } },
  },
  reparatur: {
    title: 'Reparatur', photo: true, text: 'fehlerbeschreibung',
    fields: { geraet: { kind: 'short', required: true }, seriennummer: { kind: 'short' }, fehlerbeschreibung: { kind: 'long' }, text: { kind: 'long' } },
  },
  transportschaden: {
    title: 'Transportschaden', photo: true, text: 'schaden',
    fields: { lieferschein: { kind: 'short', required: true }, paketnummer: { kind: 'short' }, schaden: { kind: 'long' }, text: { kind: 'long' } },
  },
  sonderbestellung: {
    title: 'Sonderbestellung', photo: true, text: 'artikelbeschreibung',
    fields: { artikelbeschreibung: { kind: 'long' }, hersteller: { kind: 'short' }, menge: { kind: 'qty', required: true }, text: { kind: 'long' } },
  },
  ersatzteil: {
    title: 'Ersatzteil', photo: true, text: 'teil',
    fields: { geraet: { kind: 'short', required: true }, teil: { kind: 'long' }, menge: { kind: 'qty', required: true }, text: { kind: 'long' } },
  },
  rueckruf: {
    title: 'Rückrufwunsch', photo: false, text: 'thema',
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

function mailText(title: string, referenz: string, values: Record<string, string | number>): string {
  const lines = Object.entries(values).filter(([, v]) => v !== '' && v !== undefined).map(([k, v]) => `${k}: ${v}`);
  return `Vielen Dank für Ihre Anfrage (${title}).\nIhre Referenz: ${referenz}\n\nIhre Angaben:\n${lines.join('\n')}\n\nWir melden uns so bald wie möglich.`;
}


// ---------------------------------------------------------------- contact form

const CONTACT_FIELD: Record<keyof ContactFormInput, string> = {
  date: 'date', email: 'email', firstName: 'vorname', lastName: 'nachname', message: 'nachricht', phone: 'telefon',
  artnr: 'artikelnummer', salutation: 'anrede', time: 'time',
};
/** Section 5 lists the contact form's required fields in this order; the first error names the field. */
const CONTACT_ORDER: (keyof ContactFormInput)[] = ['date', 'email', 'firstName', 'lastName', 'message', 'phone', 'artnr', 'salutation', 'time'];

export const routes: AnyRoute[] = [
  defineRoute(forms.serviceRequest, async ({ db, session, params, c, ip, lang, country }) => {
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
        await safeMail(db, {
          to: copyTo, kind: `service_${params.typ}`,
          subject: `${def.title} – Referenz ${created.referenz}`,
          text: mailText(def.title, created.referenz, { ...values, Name: contact.name, Telefon: contact.telefon, Fotos: photoFiles.length }),
        });
      }
      return {
        referenz: created.referenz, typ: params.typ,
        // guests cannot fetch uploads; only customers get the links
        photos: kdnr ? created.uploadIds.map((id, i) => uploadUrls(id, stored[i]!.thumb !== null)) : [],
      };
    }),
  defineRoute(forms.contact, async ({ db, session, body, ip, lang, country }) => {
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
        to: copyTo, kind: 'kontakt', subject: `Ihre Kontaktanfrage – Referenz ${req.referenz}`,
        text: mailText('Kontaktanfrage', req.referenz, {
          Name: `${data.vorname} ${data.nachname}`, Telefon: data.telefon, Wunschtermin: `${data.date} ${data.time}`,
          Betreff: data.betreff, Artikelnummer: data.artikelnummer, Kundennummer: data.kundennummer, Nachricht: data.nachricht,
        }),
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
