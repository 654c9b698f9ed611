// The contact form and the service forms (returns, repairs, transport damage, special orders, spare
// parts, callback); guests and customers may send them, each gets a reference like RT-2026-000124.
import { z } from 'zod';
import { zText } from './common.ts';
import { contract } from './contract.ts';
import { UploadLinks } from './zahnlager.ts';
import { HONEYPOT_FIELD } from '../lib/rules/constants.ts';

const TAG = 'forms';

export const ServiceRequestAnswer = z.object({ referenz: z.string(), typ: z.string(), photos: z.array(UploadLinks) });
export type ServiceRequestAnswer = z.infer<typeof ServiceRequestAnswer>;

/** One own request; `data` is what its form stored (fields differ per form type and version: open by design). */
export const ServiceRequestDetail = z.object({
  referenz: z.string(), typ: z.string(), status: z.string(), createdAt: z.string(), data: z.record(z.string(), z.unknown()), photos: z.array(UploadLinks),
});
export type ServiceRequestDetail = z.infer<typeof ServiceRequestDetail>;

const zOpt = (max: number) => z.union([z.string(), z.number()], { error: 'invalid_input' }).transform(String).pipe(zText(max)).optional();
export const ContactBody = z.object({
  anrede: zOpt(10), vorname: zOpt(100), nachname: zOpt(100), email: zOpt(254), telefon: zOpt(40),
  date: zOpt(20), time: zOpt(10), betreff: zOpt(200), nachricht: zOpt(5000), artikelnummer: zOpt(40), kundennummer: zOpt(12),
  [HONEYPOT_FIELD]: z.unknown().optional().describe('honeypot: must stay empty'),
});

export const serviceRequest = contract({
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
  response: ServiceRequestAnswer,
});

export const contact = contract({
  method: 'post', path: '/kontakt', access: 'public', tag: TAG,
  summary: 'Contact form: anrede (D, ka, M, W), vorname, nachname, email, telefon, date (YYYY-M-D), time (H:M), nachricht, artikelnummer '
    + 'are required (400 please_fill_in / invalid_* with `field` and all `fields`); betreff, kundennummer optional. '
    + 'Guests: 10 per hour per address and 3 per e-mail (429 too_many_requests); the copy goes only to a logged-in customer\'s verified address',
  body: ContactBody,
  response: z.object({ referenz: z.string() }),
});

export const requests = contract({
  method: 'get', path: '/forms', access: 'customer', tag: TAG,
  summary: 'The customer\'s own service requests and contact messages, newest first',
  response: z.array(z.object({ referenz: z.string(), typ: z.string(), status: z.string(), createdAt: z.string() })),
});

export const request = contract({
  method: 'get', path: '/forms/:referenz', access: 'customer', tag: TAG,
  summary: 'One own request by its reference, with photo links (other customers\' references answer 404)',
  params: z.object({ referenz: z.string() }),
  response: ServiceRequestDetail,
});
