// Languages of the reference data (group, category and country names; article texts) and the
// notation of its multi-language strings 'de|en|fr|…'. Read by the site build and by the seed.

/** UI languages with names for groups, categories and countries. */
export const NAME_LANGS = ['de', 'en', 'fr', 'es', 'it', 'nl', 'pl', 'hu', 'cs'] as const;
/** Languages with article texts; hu and cs fall back to en at read time. */
export const TEXT_LANGS = ['de', 'en', 'fr', 'es', 'it', 'nl', 'pl'] as const;
export type TextLang = (typeof TEXT_LANGS)[number];

/** 'a|b|c…' in NAME_LANGS (or TEXT_LANGS) order → per-language record; missing entries fall back to en. */
export function splitLangs<L extends string>(s: string, langs: readonly L[]): Record<L, string> {
  const parts = s.split('|');
  const out = {} as Record<L, string>;
  langs.forEach((l, i) => { out[l] = parts[i] ?? parts[1] ?? parts[0]!; });
  return out;
}

/** URL slug of a name (German umlauts spelled out, other accents dropped). */
export function slugify(s: string): string {
  return s.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss')
    .normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}
