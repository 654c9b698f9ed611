// A delivery address as the customer reads it, in the order of a letter, with the country named in the
// reader's language ("Niemcy", "Danimarca", "Deutschland"), not its code. One rule for the checkout, the
// order summary, the confirmation mail and the order PDFs.
import type { ADDRESS_FIELDS } from './forms.ts';

export type AddressParts = Partial<Record<(typeof ADDRESS_FIELDS)[number], string | null | undefined>>;

const names = new Map<string, Intl.DisplayNames | null>();

/** The country of an ISO code in `lang`; the code itself when the runtime has no name for it. */
export function countryName(iso2: string, lang: string): string {
  const code = iso2.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return iso2.trim();
  if (!names.has(lang)) {
    try { names.set(lang, new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' })); } catch { names.set(lang, null); }
  }
  try { return names.get(lang)?.of(code) ?? code; } catch { return code; }
}

/** The address's non-empty lines: company, additions, contact, street, postcode and town, country. */
export function addressLines(a: AddressParts, lang: string): string[] {
  const country = a.land_iso2 ? countryName(a.land_iso2, lang) : '';
  return [a.firma_name, a.zusatz1, a.zusatz2, a.ansprechpartner, a.strasse, `${a.plz ?? ''} ${a.ort ?? ''}`, country]
    .map((s) => (s ?? '').trim()).filter(Boolean);
}
