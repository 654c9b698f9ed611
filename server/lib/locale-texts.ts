// Texts the server writes itself (PDFs, mails) in the customer's language, from the same locale files
// the islands use; a key a language lacks falls back to German.
import cs from '../../src/i18n/locales/cs.json' with { type: 'json' };
import de from '../../src/i18n/locales/de.json' with { type: 'json' };
import en from '../../src/i18n/locales/en.json' with { type: 'json' };
import es from '../../src/i18n/locales/es.json' with { type: 'json' };
import fr from '../../src/i18n/locales/fr.json' with { type: 'json' };
import hu from '../../src/i18n/locales/hu.json' with { type: 'json' };
import it from '../../src/i18n/locales/it.json' with { type: 'json' };
import nl from '../../src/i18n/locales/nl.json' with { type: 'json' };
import pl from '../../src/i18n/locales/pl.json' with { type: 'json' };

const FILES: Record<string, Record<string, string>> = { cs, de, en, es, fr, hu, it, nl, pl };

export type ServerT = (key: string, vars?: Record<string, string | number>) => string;

/** A translate function for one language ({{name}} placeholders are filled from vars). */
export function serverTexts(lang: string): ServerT {
  const file = FILES[lang] ?? FILES.de!;
  return (key, vars) => {
    const s = file[key] ?? FILES.de![key] ?? key;
    return vars ? s.replace(/\{\{(\w+)\}\}/g, (m, k: string) => (vars[k] !== undefined ? String(vars[k]) : m)) : s;
  };
}
