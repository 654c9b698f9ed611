// Texts of pages and server (mails, PDFs): the locale files through the one translate function of
// src/i18n/translate.ts (islands use the same), German as the fallback. Server-only (islands get their
// texts from the page), so the nine files are plain JSON imports: this module runs in the Astro build
// and in the API server under Node alike (no import.meta.glob).
import { isUiLanguage, type UiLanguage } from './languages.ts';
import { makeT, type Messages, type T } from './translate.ts';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import it from './locales/it.json' with { type: 'json' };
import nl from './locales/nl.json' with { type: 'json' };
import pl from './locales/pl.json' with { type: 'json' };
import hu from './locales/hu.json' with { type: 'json' };
import cs from './locales/cs.json' with { type: 'json' };

export type { T } from './translate.ts';

export { UI_LANGUAGES, type UiLanguage } from './languages.ts';

const FILES: Record<UiLanguage, Messages> = { de, en, fr, es, it, nl, pl, hu, cs };

/** The keys of one language's file (for the missing-key checks). */
export function localeKeys(lang: UiLanguage): string[] {
  return Object.keys(FILES[lang]);
}

const ts = new Map<UiLanguage, T>();
/** The t function of one of the nine languages, German for keys it lacks (synchronous: server texts). */
export function tOf(l: UiLanguage): T {
  let t = ts.get(l);
  if (!t) ts.set(l, (t = makeT(FILES[l], l, l === 'de' ? undefined : FILES.de)));
  return t;
}

/** What getI18n answers: the language and its t (the i18next-instance shape callers used). */
export interface I18n { language: UiLanguage; t: T }

const instances = new Map<string, Promise<I18n>>();
/** The texts of one language (unknown languages: English), German for keys it lacks. */
export function getI18n(lang: string): Promise<I18n> {
  const l: UiLanguage = isUiLanguage(lang) ? lang : 'en';
  let p = instances.get(l);
  if (!p) {
    p = Promise.resolve({ language: l, t: tOf(l) });
    instances.set(l, p);
  }
  return p;
}

/** The t function of a language. */
export function getT(lang: string): Promise<T> {
  return getI18n(lang).then((i) => i.t);
}
