// The rules of the portal's forms, once each: the contact form, the service forms, the digitisation
// request and the label templates. The server decides with them (they are the bodies of their calls in src/api/forms.ts and
// src/api/zahnlager.ts; multipart fields are collected into an object and parsed with them) and the
// islands show their field messages from the same schemas. Written in zod/mini: it ships in the form
// islands at about 5 KB gzip, where classic zod would add about 90 KB (see tests/unit/portal-forms-agree.test.ts).
// Messages are the API's error keys; an issue's path names the field.
import * as z from 'zod/mini';
import { HONEYPOT_FIELD, SALUTATIONS } from '../lib/rules/constants.ts';
import { computeLayout } from '../lib/rules/labelLayout.ts';
import {
  isBlank, parseQuantity, validateContactForm, validateDigitisation, validateEmail, validatePhone, validateServiceRequest,
  type ContactFormInput,
} from '../lib/rules/validate.ts';

/** Field → error key of a refused form, the first issue of each field, in the form's order. */
export type FieldErrors = Record<string, string>;

type Issues = { success: boolean; error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
const KEY = /^[a-z][a-z0-9_]*$/;

/** The field messages of a parse result ({} when it passed). A nested path counts for its top field. */
export function fieldErrors(r: Issues): FieldErrors {
  const out: FieldErrors = {};
  for (const i of r.error?.issues ?? []) {
    const field = String(i.path[0] ?? 'form');
    if (!(field in out)) out[field] = KEY.test(i.message) ? i.message : 'invalid_input';
  }
  return out;
}

// ---------------------------------------------------------------- pieces

/** Optional text as a form sends it (a number is taken as its digits), at most `max` characters. */
const anyText = (max: number) => z.optional(z.pipe(
  z.pipe(z.union([z.string(), z.number()], { error: 'invalid_input' }), z.transform((v) => String(v).trim())),
  z.string().check(z.maxLength(max, 'too_long')),
));
/**
 * A required field: a missing one counts as empty, so the form's own rule (photo, text) is still judged
 * and the island can name every problem at once; the server answers the first.
 */
const filled = <T extends z.core.$ZodType<unknown, string>>(s: T) => z.pipe(z._default(z.optional(z.string({ error: 'invalid_input' })), ''), s);
/** Trimmed text; `required` = the key when it is missing or blank. */
const text = (max: number, required?: string) => (required
  ? filled(z.string().check(z.trim(), z.maxLength(max, 'too_long'), z.minLength(1, required)))
  : z.optional(z.string({ error: 'invalid_input' }).check(z.trim(), z.maxLength(max, 'too_long'))));
/** A quantity 1–99999 (error_menge), as a number. */
const quantity = z.pipe(
  filled(z.string().check(z.trim(), z.maxLength(10, 'too_long'),
    z.refine((s) => { const q = parseQuantity(s); return q !== null && q <= 99999; }, 'error_menge'))),
  z.transform((s) => parseQuantity(s)!),
);
const phone = (required: boolean, max = 40) => {
  const s = z.string({ error: 'please_fill_in' }).check(z.trim(), z.maxLength(max, 'too_long'),
    ...(required ? [z.minLength(1, 'please_fill_in')] : []),
    z.refine((v) => v === '' || !validatePhone(v), 'invalid_phone'));
  return required ? filled(s) : z.optional(s);
};
const email = (required: boolean) => {
  const s = z.string({ error: 'please_fill_in' }).check(z.trim(), z.maxLength(254, 'too_long'),
    ...(required ? [z.minLength(1, 'please_fill_in')] : []),
    z.refine((v) => v === '' || !validateEmail(v), 'invalid_email'));
  return required ? filled(s) : z.optional(s);
};
/** A customer number of 4–9 digits, as a number. */
const kdnr = z.pipe(
  filled(z.string().check(z.trim(), z.maxLength(12, 'too_long'), z.minLength(1, 'please_fill_in'),
    z.regex(/^(\d{4,9})?$/, 'invalid_kdnr_format'))),
  z.transform(Number),
);

// ---------------------------------------------------------------- contact form (section 5)

/** form field → the rules' input (section 5 lists the required fields in this order; the first refusal names its field) */
const CONTACT_FIELD: Record<keyof ContactFormInput, string> = {
  date: 'date', email: 'email', firstName: 'vorname', lastName: 'nachname', message: 'nachricht', phone: 'telefon',
  artnr: 'artikelnummer', salutation: 'anrede', time: 'time',
};
const CONTACT_ORDER: (keyof ContactFormInput)[] = ['date', 'email', 'firstName', 'lastName', 'message', 'phone', 'artnr', 'salutation', 'time'];

export const ContactForm = z.object({
  anrede: anyText(10), vorname: anyText(100), nachname: anyText(100), email: anyText(254), telefon: anyText(40),
  date: anyText(20), time: anyText(10), betreff: anyText(200), nachricht: anyText(5000), artikelnummer: anyText(40), kundennummer: anyText(12),
  /** honeypot: must stay empty (checked by the server: bots get no field message) */
  [HONEYPOT_FIELD]: z.optional(z.unknown()),
}).check(z.superRefine((b, ctx) => {
  const found = validateContactForm({
    salutation: b.anrede, firstName: b.vorname, lastName: b.nachname, email: b.email, phone: b.telefon,
    date: b.date, time: b.time, message: b.nachricht, artnr: b.artikelnummer,
  });
  const add = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message, input: b });
  for (const k of CONTACT_ORDER) if (found[k]) add(CONTACT_FIELD[k], found[k]!);
  if (!found.salutation && !(SALUTATIONS as readonly string[]).includes(b.anrede ?? '')) add('anrede', 'field_invalid');
  if (b.kundennummer && !/^\d{4,9}$/.test(b.kundennummer)) add('kundennummer', 'invalid_kdnr_format');
}));

// ---------------------------------------------------------------- service forms

/**
 * The service forms: their fields (in the form's order), whether a photo is needed, and which field is
 * the text that section 5 requires with the photo. The contact fields (name, email, telefon) follow;
 * a customer's empty ones are filled from the account before the check.
 */
const SHORT = 200, LONG = 5000;
const contactFields = { name: text(254, 'please_fill_in'), email: email(true), telefon: phone(false, 254) };
const forms = {
  retoure: { photo: true, text: 'text', fields: {
    kdnr, lieferschein: text(SHORT, 'please_fill_in'), artnr: text(40, 'please_fill_in'), menge: quantity, grund: text(SHORT, 'please_fill_in'),
    text: text(LONG), ...contactFields } },
  reparatur: { photo: true, text: 'fehlerbeschreibung', fields: {
    geraet: text(SHORT, 'please_fill_in'), seriennummer: text(SHORT), fehlerbeschreibung: text(LONG), text: text(LONG), ...contactFields } },
  transportschaden: { photo: true, text: 'schaden', fields: {
    lieferschein: text(SHORT, 'please_fill_in'), paketnummer: text(SHORT), schaden: text(LONG), text: text(LONG), ...contactFields } },
  sonderbestellung: { photo: true, text: 'artikelbeschreibung', fields: {
    artikelbeschreibung: text(LONG), hersteller: text(SHORT), menge: quantity, text: text(LONG), ...contactFields } },
  ersatzteil: { photo: true, text: 'teil', fields: {
    geraet: text(SHORT, 'please_fill_in'), teil: text(LONG), menge: quantity, text: text(LONG), ...contactFields } },
  // a callback carries its own name and phone; an e-mail is optional
  rueckruf: { photo: false, text: 'thema', fields: {
    name: text(SHORT, 'please_fill_in'), telefon: phone(true), wunschtermin: text(SHORT), thema: text(LONG), email: email(false) } },
} as const;

export type ServiceType = keyof typeof forms;
export const SERVICE_TYPES = Object.keys(forms) as ServiceType[];
export const isServiceType = (typ: string): typ is ServiceType => Object.hasOwn(forms, typ);
/** The field that holds a form's text (checked with the photo rule). */
export const servicePhotoRequired = (typ: ServiceType): boolean => forms[typ].photo;

function serviceForm<T extends ServiceType>(typ: T) {
  const def = forms[typ];
  return z.object({ typ: z.literal(typ), photos: z.number(), ...def.fields }).check(z.superRefine((v, ctx) => {
    const body = String((v as Record<string, unknown>)[def.text] ?? '');
    // section 5: a photo and a text; both are named when both are missing (the photo first)
    if (def.photo && validateServiceRequest({ photos: v.photos, text: 'x' })) ctx.addIssue({ code: 'custom', path: ['photo'], message: 'service_photo_required', input: v });
    if (isBlank(body)) ctx.addIssue({ code: 'custom', path: [def.text], message: 'service_text_required', input: v });
  }));
}

/**
 * A service request: the form's fields, `typ` and the number of photos sent. One schema per type,
 * chosen by `typ`.
 */
export const ServiceForm = z.discriminatedUnion('typ', [
  serviceForm('retoure'), serviceForm('reparatur'), serviceForm('transportschaden'),
  serviceForm('sonderbestellung'), serviceForm('ersatzteil'), serviceForm('rueckruf'),
]);

// ---------------------------------------------------------------- digitisation (section 5: a cabinet, a photo per drawer)

const zName = z.string({ error: 'invalid_name' }).check(z.trim(), z.minLength(1, 'invalid_name'), z.maxLength(60, 'invalid_name'));
const DigitisationCabinets = z.array(z.object({
  name: zName,
  drawers: z.array(z.object({
    name: zName,
    photos: z.pipe(
      z.union([z.number(), z.string()], { error: 'digitisation_photo_per_drawer_required' }),
      z.pipe(z.transform(Number), z.number({ error: 'invalid_input' }).check(z.refine(Number.isInteger, 'invalid_input'), z.gte(0, 'invalid_input'), z.lte(50, 'invalid_input'))),
    ),
  }), { error: 'invalid_input' }).check(z.maxLength(50, 'invalid_input')),
}), { error: 'digitisation_cabinet_required' }).check(z.maxLength(50, 'invalid_input'));

/** The cabinets field as sent: JSON text (empty = none). */
const cabinetsJson = z.pipe(z.optional(z.string()), z.transform((s, ctx) => {
  if (s === undefined || s.trim() === '') return [];
  try { return JSON.parse(s) as unknown; } catch {
    ctx.issues.push({ code: 'custom', message: 'invalid_json', input: s });
    return z.NEVER;
  }
}));

export const DigitisationForm = z.object({
  cabinets: z.pipe(cabinetsJson, DigitisationCabinets),
  individual: z.pipe(z.optional(z.string()), z.transform((s) => s === '1' || s === 'true')),
  bemerkung: z.pipe(z.optional(z.string()), z.transform((s) => (s ?? '').slice(0, 2000))),
}).check(z.superRefine((v, ctx) => {
  // the shared rule, plus: a cabinet without drawers has no photo either
  const rule = validateDigitisation(v.cabinets.map((cab) => ({ drawers: cab.drawers.length ? cab.drawers : [{ photos: 0 }] })));
  if (rule === 'digitisation_cabinet_required') ctx.addIssue({ code: 'custom', path: ['cabinets'], message: 'digitisation_cabinet_required', input: v });
  else if (rule) {
    const ci = v.cabinets.findIndex((cab) => cab.drawers.length === 0 || cab.drawers.some((d) => d.photos < 1));
    const di = v.cabinets[ci]!.drawers.findIndex((d) => d.photos < 1);
    ctx.addIssue({ code: 'custom', path: ['cabinets', ci, 'drawers', di], message: 'digitisation_photo_per_drawer_required', input: v });
  }
}));

// ---------------------------------------------------------------- label templates (section 3, mm)

const mm = (key: string) => z.coerce.number({ error: key }).check(z.gte(0, key), z.lte(50, key));
const count = (key: string) => z.coerce.number({ error: key }).check(z.refine(Number.isInteger, key), z.gte(1, key), z.lte(30, key));
const size = z.coerce.number({ error: 'invalid_size' }).check(z.gt(0, 'invalid_size'), z.lte(1000, 'invalid_size'));
const offset = z.coerce.number({ error: 'invalid_offset' }).check(z.refine(Number.isInteger, 'invalid_offset'), z.gte(0, 'invalid_offset'));
/** The shared constant names the sorts product_name/article_number; both spellings are accepted. */
const labelSort = z.pipe(z.enum(['standard', 'name', 'artnr', 'product_name', 'article_number'], { error: 'invalid_sort' }),
  z.transform((s) => (s === 'product_name' ? 'name' : s === 'article_number' ? 'artnr' : s)));
const paper = z.enum(['A4', 'A5', 'Letter', 'custom'], { error: 'invalid_paper' });
const orientation = z.enum(['portrait', 'landscape'], { error: 'invalid_orientation' });
const codeType = z.enum(['qr', 'datamatrix', 'code128'], { error: 'invalid_code_type' });
const margins = z.object({ top: mm('invalid_margin'), right: mm('invalid_margin'), bottom: mm('invalid_margin'), left: mm('invalid_margin') }, { error: 'invalid_margin' });

const templateShape = {
  name: z.string({ error: 'invalid_name' }).check(z.trim(), z.minLength(1, 'invalid_name'), z.maxLength(60, 'invalid_name')),
  paper, orientation, rows: count('invalid_rows'), cols: count('invalid_cols'), margins,
  padding: mm('invalid_padding'), non_printable: mm('invalid_non_printable'), width: size, height: size,
  sort: labelSort, offset, code_type: codeType,
};

/** The first label lies on the sheet and the labels fit on the page. */
const fitsTheSheet = z.superRefine((t: z.output<z.ZodMiniObject<typeof templateShape>>, ctx) => {
  if (t.offset >= t.rows * t.cols) ctx.addIssue({ code: 'custom', path: ['offset'], message: 'invalid_offset', input: t });
  else if (!computeLayout(t)) ctx.addIssue({ code: 'custom', path: [], message: 'label_does_not_fit', input: t });
});

/** A complete print template, as the form edits it and as a changed template is checked again. */
export const TemplateForm = z.object(templateShape).check(fitsTheSheet);
export type TemplateInput = z.output<typeof TemplateForm>;

/** A new template: what is left out gets the usual value. */
export const TemplateCreate = z.object({
  ...templateShape,
  paper: z._default(paper, 'A4'), orientation: z._default(orientation, 'portrait'),
  margins: z._default(z.object({
    top: z._default(mm('invalid_margin'), 0), right: z._default(mm('invalid_margin'), 0),
    bottom: z._default(mm('invalid_margin'), 0), left: z._default(mm('invalid_margin'), 0),
  }, { error: 'invalid_margin' }), { top: 0, right: 0, bottom: 0, left: 0 }),
  padding: z._default(mm('invalid_padding'), 2), non_printable: z._default(mm('invalid_non_printable'), 0),
  sort: z._default(labelSort, 'standard'), offset: z._default(offset, 0), code_type: z._default(codeType, 'qr'),
}).check(fitsTheSheet);

/** A change: the fields given (the merged template is checked with TemplateForm). */
export const TemplatePatch = z.partial(z.object({ ...templateShape, margins: z.partial(margins) }));
