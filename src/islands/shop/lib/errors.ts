// API error texts: the API's error key IS the locale key (one spelling each, no mapping table);
// tests/unit/i18n-keys.test.ts proves every key the server or the rules can answer exists in all
// nine locale files.
import { ApiFailure } from '#lib/api.ts';
import type { T } from './i18n.ts';

/** Text for an error key in the UI language; the generic text for a key no locale file knows. */
export function errorMessage(t: T, key: string, params?: Record<string, string | number>): string {
  const s = t(key, params);
  return s !== key ? s : t('generic');
}

/** The key of a failed call: the API's error key, 'network' without an answer, else 'generic'. */
export function failureKey(e: unknown): string {
  if (e instanceof ApiFailure) return e.status === 0 ? 'network' : e.key || 'generic';
  return 'generic';
}
