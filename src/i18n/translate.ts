// The one translation function of pages, islands and server texts (mails, PDFs, CSV): i18next over the
// locale files ({{name}} interpolation, plural suffixes), so pages, islands and the server cannot disagree
// on a rule. Keys are typed from de.json: a literal key missing there is a type error.
import i18next, { type Resource } from 'i18next';
import type de from './locales/de.json';

/** Every key exists in German first: the fallback of every other language. */
const FALLBACK = 'de';

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

/** The translate function over `messages` (then `fallback`), run by i18next: plural forms when `count`
 * is given (`_zero`, then the language's form by Intl.PluralRules, then `_other`), {{name}} interpolation;
 * an unknown key answers itself. Resources are given inline, so the instance is ready synchronously. */
export function makeT(messages: Messages, lang: string, fallback?: Messages): T {
  const inst = i18next.createInstance();
  const resources: Resource = lang === FALLBACK
    ? { [lang]: { translation: { ...fallback, ...messages } } }
    : { [lang]: { translation: messages }, ...(fallback ? { [FALLBACK]: { translation: fallback } } : {}) };
  void inst.init({
    lng: lang, fallbackLng: fallback && lang !== FALLBACK ? FALLBACK : false, resources, initAsync: false,
    interpolation: { escapeValue: false }, keySeparator: false, nsSeparator: false, returnNull: false,
  });
  const t = inst.t.bind(inst) as (key: string, params?: TParams) => string;
  return ((key: string, params?: TParams) => String(params ? t(key, params) : t(key))) as T;
}
