// What the portal's form islands check before sending: the forms' own schemas (src/api/form-schemas.ts),
// the ones the server decides with, so a field message here is the key the API would answer.
import { ContactForm, DigitisationForm, fieldErrors, ServiceForm, type FieldErrors } from '../../../api/form-schemas.ts';

/** Contact form: the trimmed, non-empty fields as sent. */
export const contactErrors = (body: Record<string, string>): FieldErrors => fieldErrors(ContactForm.safeParse(body));

/** A service request: its fields as sent (a customer's empty contact fields filled from the account), typ and the photo count. */
export const serviceErrors = (fields: Record<string, unknown>): FieldErrors => fieldErrors(ServiceForm.safeParse(fields));

/** A digitisation request: the cabinets JSON as sent (photos = files per drawer). */
export const digitisationErrors = (fields: { cabinets: string; individual?: string; bemerkung?: string }): FieldErrors =>
  fieldErrors(DigitisationForm.safeParse(fields));
