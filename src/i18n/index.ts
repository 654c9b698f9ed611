// Texts of pages and server (mails, PDFs): the locale files through the one translate function of
// src/i18n/translate.ts (islands use the same), German as the fallback; a language file is a
// separate chunk loaded on demand.
import { makeT, type Messages, type T } from './translate.ts';

export type { MessageKey, Messages, T, TParams } from './translate.ts';

export const UI_LANGUAGES = ['de', 'en', 'fr', 'es', 'it', 'nl', 'pl', 'hu', 'cs'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

const loaders = import.meta.glob<{ default: Messages }>('./locales/*.json');

export function isUiLanguage(l: string): l is UiLanguage {
  return (UI_LANGUAGES as readonly string[]).includes(l);
}

async function load(lang: string): Promise<Messages> {
  const loader = loaders[`./locales/${lang}.json`];
  return loader ? (await loader()).default : {};
}

/** What getI18n answers: the language and its t (the i18next-instance shape callers used). */
export interface I18n { language: UiLanguage; t: T }

const instances = new Map<string, Promise<I18n>>();
/** The texts of one language (unknown languages: English), German for keys it lacks. */
export function getI18n(lang: string): Promise<I18n> {
  const l: UiLanguage = isUiLanguage(lang) ? lang : 'en';
  let p = instances.get(l);
  if (!p) {
    p = Promise.all([load(l), l === 'de' ? undefined : load('de')]).then(([own, de]) => ({ language: l, t: makeT(own, l, de) }));
    instances.set(l, p);
  }
  return p;
}

/** The t function of a language. */
export function getT(lang: string): Promise<T> {
  return getI18n(lang).then((i) => i.t);
}
