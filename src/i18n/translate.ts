// The one translation function of pages, islands and server texts: i18next's file format ({{name}}
// interpolation, plural suffixes _zero/_one/_two/_few/_many/_other chosen by Intl.PluralRules) in
// a few hundred bytes, so islands need no i18next runtime (~40 KB) and pages and islands cannot
// disagree on a rule. Keys are typed from de.json: a literal key missing there is a type error.
import type de from './locales/de.json';

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type StoredKey = keyof typeof de & string;
type PluralBase<K extends string> = K extends `${infer B}_${PluralSuffix}` ? B : never;
/** A key of de.json, or the base of a plural key (`shop.items` for `shop.items_one`/`_other`). */
export type MessageKey = StoredKey | PluralBase<StoredKey>;

export type Messages = Record<string, string>;
export type TParams = Record<string, string | number | undefined | null>;
/** A literal key must be in de.json, a template (`function.${code}`) must match at least one key;
 * a computed key (type `string`, e.g. an API error key) passes here and is checked by
 * tests/unit/i18n-keys.test.ts and the raw-key e2e check. */
export type KeyArg<K extends string> = string extends K ? K : [Extract<MessageKey, K>] extends [never] ? MessageKey : K;
export type T = <K extends string>(key: KeyArg<K>, params?: TParams) => string;

const plurals = new Map<string, Intl.PluralRules>();
function pluralOf(lang: string, n: number): string {
  let p = plurals.get(lang);
  if (!p) {
    try { p = new Intl.PluralRules(lang); } catch { p = new Intl.PluralRules('de'); }
    plurals.set(lang, p);
  }
  return p.select(n);
}

/** The translate function over `messages` (then `fallback`): plural form when `count` is given,
 * then {{name}} interpolation; an unknown key answers itself. */
export function makeT(messages: Messages, lang: string, fallback?: Messages): T {
  const get = (k: string): string | undefined => messages[k] ?? fallback?.[k];
  return ((key: string, params?: TParams): string => {
    let s: string | undefined;
    const count = params?.count;
    // i18next's order: an explicit _zero for 0, then the language's plural form, then _other
    if (typeof count === 'number') s = (count === 0 ? get(`${key}_zero`) : undefined) ?? get(`${key}_${pluralOf(lang, count)}`) ?? get(`${key}_other`);
    s ??= get(key) ?? key;
    if (!params) return s;
    return s.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
      const v = params[name];
      return v === undefined || v === null ? whole : String(v);
    });
  }) as T;
}
