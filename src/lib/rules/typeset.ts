// Spaces a line must not break at: a number (or a {{placeholder}} for one) and its unit or symbol
// ("10 %", "{{percent}} %", "16 h", "4 pm", "2027 r."),
// and in French the space before : ; ! ? » and after « ("Total :" must not leave the colon alone on
// the next line of a phone screen). Editors and translators type plain spaces; this makes them
// no-break spaces (U+00A0) where the language's typography wants them.
const NBSP = '\u00a0';

/** Units and symbols written after a number with a space, per language ('*': every language). */
// with the counted units of pack sizes and designations ("100 Stk", "28 Zähne", "5 pcs"; packSize.ts)
const UNITS: Record<string, string[]> = {
  '*': ['%', '‰', '°C', '°', '€', '£', '$', 'mm', 'cm', 'ml', 'kg', 'g', 'h', 'min', 'Min.', 'Std.', 'Uhr', 'EUR', 'CHF', 'Stk', 'Stk.', 'pcs', 'pc'],
  de: ['Zähne', 'Zahn', 'Pkg.'],
  en: ['am', 'pm', 'a.m.', 'p.m.', 'teeth', 'tooth', 'packs', 'pack'],
  fr: ['dents', 'dent', 'pièces', 'pièce', 'paquets', 'paquet'],
  es: ['dientes', 'diente', 'uds.', 'ud.', 'paquetes', 'paquete'],
  it: ['denti', 'dente', 'pz.', 'confezioni', 'confezione'],
  nl: ['tanden', 'tand', 'st.', 'pak'],
  pl: ['r.', 'zł', 'godz.', 'zębów', 'zęby', 'zęba', 'ząb', 'szt.', 'opak.'],
  cs: ['Kč', 'hod.'],
  hu: ['Ft', 'óra'],
};

const literal = (s: string) => s.replace(/[.$^*+?()[\]{}|\\]/g, '\\$&');
const unitPatterns = new Map<string, RegExp>();

function unitPattern(lang: string): RegExp {
  let re = unitPatterns.get(lang);
  if (!re) {
    const units = [...UNITS['*']!, ...(UNITS[lang] ?? [])].sort((a, b) => b.length - a.length).map(literal);
    // the unit must end there: "16 h" yes, "2 hours" no
    re = new RegExp(`(\\d|\\}\\})[ \\t](?=(?:${units.join('|')})(?![\\p{L}\\p{N}]))`, 'gu');
    unitPatterns.set(lang, re);
  }
  return re;
}

/** The text with no-break spaces where a line break would split what belongs together. */
export function typeset(text: string, lang: string): string {
  if (!text.includes(' ') && !text.includes('\t')) return text;
  let out = text.replace(unitPattern(lang), `$1${NBSP}`);
  if (lang === 'fr') out = out.replace(/ +([:;!?»])/g, `${NBSP}$1`).replace(/« +/g, `«${NBSP}`);
  return out;
}

/** Every text of a content entry (nested lists too) typeset in its language: editors type plain spaces. */
export function typesetDeep<T>(v: T, lang: string): T {
  if (typeof v === 'string') return typeset(v, lang) as T;
  if (Array.isArray(v)) return v.map((x) => typesetDeep(x, lang)) as T;
  if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, typesetDeep(x, lang)])) as T;
  }
  return v;
}
