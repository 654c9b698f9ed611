// The small formatting rules the seed's article texts need (the languages themselves are reference
// data: src/data/reference/languages.ts).
import { splitLangs, TEXT_LANGS, type TextLang } from '#data/reference/languages.ts';
import { packNumber, parsePackSize } from '#rules/packSize.ts';

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
  const p = parsePackSize(geb);
  if (!p) return geb;
  const unitText = UNITS[p.unit]?.[lang as TextLang] ?? p.unit;
  const q = packNumber(p.qty, lang);
  const one = unitText.includes('#') ? unitText.replace('#', q) : `${q} ${unitText}`;
  return p.times ? `${p.times} x ${one}` : one;
}

export const capitalize = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);
