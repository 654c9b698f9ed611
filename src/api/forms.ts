// The contact form and the service forms (returns, repairs, transport damage, special orders, spare
// parts, callback); guests and customers may send them, each gets a reference like RT-2026-000124.
import { z } from 'zod';
import { contract } from './contract.ts';
import { ContactForm, ServiceForm } from './form-schemas.ts';
import { UploadLinks } from './zahnlager.ts';

const TAG = 'forms';

export const ServiceRequestAnswer = z.object({ referenz: z.string(), typ: z.string(), photos: z.array(UploadLinks) });
export type ServiceRequestAnswer = z.infer<typeof ServiceRequestAnswer>;

/** One own request; `data` is what its form stored (fields differ per form type and version: open by design). */
export const ServiceRequestDetail = z.object({
  referenz: z.string(), typ: z.string(), status: z.string(), createdAt: z.string(), data: z.record(z.string(), z.unknown()), photos: z.array(UploadLinks),
});
export type ServiceRequestDetail = z.infer<typeof ServiceRequestDetail>;

export const serviceRequest = contract({
  method: 'post', path: '/forms/:typ', access: 'public', tag: TAG, rawBody: true,
  summary: 'Service request (typ retoure|reparatur|transportschaden|sonderbestellung|ersatzteil|rueckruf), multipart: typ fields, '
    + 'contact name/email/telefon, photos (fields photo, photos or photo_N; JPEG/PNG/WebP/HEIC, max 15 MB each, max 10). '
    + 'All but rueckruf need a photo and a text (400 service_photo_required / service_text_required); answers the reference. '
    + 'Guests: 10 per hour per address, 3 per e-mail (429), photos within the guests\' daily quota (507 upload_quota_exceeded); no mail to typed addresses. '
    + 'The body schema is that of the form\'s fields with typ and the number of photos; a customer\'s empty contact fields come from the account',
  params: z.object({ typ: z.string() }),
  body: ServiceForm,
  response: ServiceRequestAnswer,
});

export const contact = contract({
  method: 'post', path: '/kontakt', access: 'public', tag: TAG,
  summary: 'Contact form: anrede (D, ka, M, W), vorname, nachname, email, telefon, date (YYYY-M-D), time (H:M), nachricht, artikelnummer '
    + 'are required (400 please_fill_in / invalid_* with `field` and all `fields`); betreff, kundennummer optional. '
    + 'Guests: 10 per hour per address and 3 per e-mail (429 too_many_requests); the copy goes only to a logged-in customer\'s verified address',
  body: ContactForm,
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
