// What the portal's form islands check before sending: the forms' own schemas (src/api/form-schemas.ts),
// the ones the server decides with, so a field message here is the key the API would answer.
import { ContactForm, DigitisationForm, fieldErrors, ServiceForm, TemplateForm, type FieldErrors } from '#api/form-schemas.ts';

/** Contact form: the trimmed, non-empty fields as sent. */
export const contactErrors = (body: Record<string, string>): FieldErrors => fieldErrors(ContactForm.safeParse(body));

/** A service request: its fields as sent (a customer's empty contact fields filled from the account), typ and the photo count. */
export const serviceErrors = (fields: Record<string, unknown>): FieldErrors => fieldErrors(ServiceForm.safeParse(fields));

/** A digitisation request: the cabinets JSON as sent (photos = files per drawer). */
export const digitisationErrors = (fields: { cabinets: string; individual?: string; bemerkung?: string }): FieldErrors =>
  fieldErrors(DigitisationForm.safeParse(fields));

/** A label template: field → key, the margins by side (margin_top …), the sheet's fit as `layout`. */
export function templateErrors(values: unknown): FieldErrors {
  const out: FieldErrors = {};
  for (const i of TemplateForm.safeParse(values).error?.issues ?? []) {
    const field = i.path.length === 0 ? 'layout' : i.path[0] === 'margins' ? `margin_${String(i.path[1] ?? 'top')}` : String(i.path[0]);
    if (!(field in out)) out[field] = i.message;
  }
  // the sheet is judged once its fields are right
  if (Object.keys(out).length > 1) delete out.layout;
  return out;
}
