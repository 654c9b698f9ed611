// Spaces a line must not break at: a number (or a {{placeholder}} for one) and its unit or symbol
// ("10 %", "{{percent}} %", "16 h", "4 pm", "2027 r."),
// and in French the space before : ; ! ? » and after « ("Total :" must not leave the colon alone on
// the next line of a phone screen). Editors and translators type plain spaces; this makes them
// no-break spaces (U+00A0) where the language's typography wants them.
const NBSP = '\u00a0';

/** Units and symbols written after a number with a space, per language ('*': every language). */
const UNITS: Record<string, string[]> = {
  '*': ['%', '‰', '°C', '°', '€', '£', '$', 'mm', 'cm', 'ml', 'kg', 'g', 'h', 'min', 'Min.', 'Std.', 'Uhr', 'EUR', 'CHF'],
  en: ['am', 'pm', 'a.m.', 'p.m.'],
  pl: ['r.', 'zł', 'godz.'],
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
