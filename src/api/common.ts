// Schema pieces many calls share (path parameters, country/language, texts). Messages are the spec's error keys.
import { z } from 'zod';
import { parseDate } from '../lib/rules/validate.ts';

export const zCountry = z.string().regex(/^[a-zA-Z]{2}$/, 'invalid_country').transform((s) => s.toLowerCase());
export const zLanguage = z.string().regex(/^[a-zA-Z]{2}$/, 'invalid_language').transform((s) => s.toLowerCase());
export const zArtnr = z.string().min(1, 'error_artnr').max(40, 'error_artnr').regex(/^[A-Za-z0-9.,\-/ ]+$/, 'error_artnr');
export const zQty = z.coerce.number({ error: 'error_menge' }).int('error_menge').positive('error_menge').max(99999, 'error_menge');
export const zId = z.coerce.number({ error: 'invalid_id' }).int('invalid_id').nonnegative('invalid_id').max(2_147_483_647, 'invalid_id');

/** A date the shop accepts (YYYY-M-D and the spec's other forms) as ISO yyyy-mm-dd; null when it is none. */
export function isoDay(v: string): string | null {
  const p = parseDate(v);
  return p ? `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}` : null;
}
/** The page's language and country a call may carry (?lang=de&country=at): texts and prices come in them; else the session's. */
export const PageLocale = z.object({ lang: zLanguage.optional(), country: zCountry.optional() });
