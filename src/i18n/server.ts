// The server's side of the one i18n layer: mails, PDFs and CSV headers in the customer's language from
// the same locale files and the same i18next options as the pages (index.ts loads them through Vite's
// import.meta.glob, which plain Node lacks, so the server imports the nine JSON files here).
import i18next, { type i18n as I18n } from 'i18next';
import cs from './locales/cs.json' with { type: 'json' };
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import hu from './locales/hu.json' with { type: 'json' };
import it from './locales/it.json' with { type: 'json' };
import nl from './locales/nl.json' with { type: 'json' };
import pl from './locales/pl.json' with { type: 'json' };
import { isUiLanguage, type UiLanguage } from './languages.ts';

const FILES: Record<UiLanguage, Record<string, string>> = { cs, de, en, es, fr, hu, it, nl, pl };

/** A key's text with {{name}} placeholders filled (and i18next plurals when vars has count). */
export type ServerT = (key: string, vars?: Record<string, string | number>) => string;

/** The language the server writes in: one of the nine, an unknown one → English (as the pages). */
export function serverLanguage(lang: string | null | undefined): UiLanguage {
  const l = (lang ?? '').trim().toLowerCase();
  return isUiLanguage(l) ? l : 'en';
}

const instances = new Map<UiLanguage, I18n>();

/** The translate function of a language; a key the language lacks falls back to German. */
export function serverT(lang: string | null | undefined): ServerT {
  const l = serverLanguage(lang);
  let inst = instances.get(l);
  if (!inst) {
    inst = i18next.createInstance();
    // resources given inline and initAsync false: the instance is ready when init returns
    void inst.init({
      lng: l, fallbackLng: 'de', initAsync: false, resources: { [l]: { translation: FILES[l] }, de: { translation: FILES.de } },
      interpolation: { escapeValue: false }, keySeparator: false, nsSeparator: false, returnNull: false,
    });
    instances.set(l, inst);
  }
  const t = inst.t.bind(inst);
  return (key, vars) => String(vars ? t(key, vars) : t(key));
}

/** The keys of one language's file (for the missing-key checks). */
export function localeKeys(lang: UiLanguage): string[] {
  return Object.keys(FILES[lang]);
}
