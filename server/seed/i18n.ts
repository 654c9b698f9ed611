// Languages of the seed and the small formatting rules the article texts need.

/** UI languages with names for groups, categories and countries. */
export const NAME_LANGS = ['de', 'en', 'fr', 'es', 'it', 'nl', 'pl', 'hu', 'cs'] as const;
/** Languages with article texts; hu and cs fall back to en at read time. */
export const TEXT_LANGS = ['de', 'en', 'fr', 'es', 'it', 'nl', 'pl'] as const;
export type TextLang = (typeof TEXT_LANGS)[number];
export type NameLang = (typeof NAME_LANGS)[number];

/** 'a|b|c…' in NAME_LANGS (or TEXT_LANGS) order → per-language record; missing entries fall back to en. */
export function splitLangs<L extends string>(s: string, langs: readonly L[]): Record<L, string> {
  const parts = s.split('|');
  const out = {} as Record<L, string>;
  langs.forEach((l, i) => { out[l] = parts[i] ?? parts[1] ?? parts[0]!; });
  return out;
}

/** Decimal separator: a dot in English, a comma in every other seeded language. */
export function fmtNum(n: number, lang: string): string {
  const s = String(n);
  return lang === 'en' ? s : s.replace('.', ',');
}

/** Replaces {1.5}-style placeholders by the number in the language's notation. */
export function fmtNums(s: string, lang: string): string {
  // the written digits are kept ("{4.0}" stays "4,0"), only the separator follows the language
  return s.replace(/\{([\d.]+)\}/g, (_, n: string) => (lang === 'en' ? n : n.replace('.', ',')));
}

const UNITS: Record<string, Record<TextLang, string>> = Object.fromEntries(Object.entries({
  Stk: 'Stk|pcs|pcs|uds.|pz.|st.|szt.',
  Z: 'Garnitur # Zähne|set of # teeth|garniture de # dents|juego de # dientes|set da # denti|set van # tanden|komplet # zębów',
  Pkg: 'Pkg.|packs|paquets|paquetes|confezioni|pakken|opak.',
}).map(([k, v]) => [k, splitLangs(v, TEXT_LANGS)]));

/**
 * Pack sizes ("Gebinde") in a small notation: "6 Stk", "28 Z" (tooth set), "100 g", "5x1 kg", "250 ml".
 * Rendered per language; the German form is the articles.gebinde column.
 */
export function renderGeb(geb: string, lang: string): string {
  const m = /^(?:(\d+)x)?([\d.]+) (\S+)$/.exec(geb);
  if (!m) return geb;
  const [, times, qty, unit] = m;
  const unitText = UNITS[unit!]?.[lang as TextLang] ?? unit!;
  const q = fmtNum(Number(qty), lang);
  const one = unitText.includes('#') ? unitText.replace('#', q) : `${q} ${unitText}`;
  return times ? `${times} x ${one}` : one;
}

export function slugify(s: string): string {
  return s.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss')
    .normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

export const capitalize = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);
