// API error keys → locale keys (src/islands/shop/lib/errors.ts): every mapped key exists in all nine
// languages, the spec's login and registration keys map as the lead specified, unknown keys fall back
// to the German catalogue text.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_KEY_MAP, errorMessage } from '../../src/islands/shop/lib/errors.ts';
import { makeT } from '../../src/islands/shop/lib/i18n.ts';

const dir = path.resolve(import.meta.dirname, '../../src/i18n/locales');
const LANGS = ['de', 'en', 'fr', 'es', 'it', 'nl', 'pl', 'hu', 'cs'];
const files = Object.fromEntries(LANGS.map((l) => [l, JSON.parse(fs.readFileSync(path.join(dir, `${l}.json`), 'utf8')) as Record<string, string>]));

describe('error key map', () => {
  it('every target key exists in all nine locale files', () => {
    const missing: string[] = [];
    for (const target of new Set(Object.values(ERROR_KEY_MAP))) {
      for (const l of LANGS) if (!files[l]![target]) missing.push(`${l}:${target}`);
    }
    expect(missing).toEqual([]);
  });

  it.each([
    ['give_credentials', 'login_give_credentials'],
    ['password_change_required', 'login_error_change_password'],
    ['user_already_registered', 'register_error_already_registered'],
    ['kdnr_not_found', 'register_error_kdnr_unknown'],
    ['kdnr_plz_mismatch', 'register_error_kdnr_plz'],
    ['wrong_credentials_user_exists', 'register_error_credentials'],
    ['kundendaten_error', 'error_kundendaten'],
    ['email_exists', 'error_email_exists'],
    ['invalid_email_format', 'login_error_email_format'],
    ['invalid_kdnr_format', 'login_error_kdnr_format'],
    ['please_fill_in', 'error_please_fill_in'],
    ['password_length', 'error_password_length'],
    ['industry_required', 'error_branche_required'],
  ])('%s → %s', (api, locale) => {
    expect(ERROR_KEY_MAP[api]).toBe(locale);
  });

  it('translates through the map, keeps keys the locale has, falls back to the German catalogue', () => {
    const en = makeT(files.en!, 'en');
    expect(errorMessage(en, 'kdnr_not_found')).toBe(files.en!.register_error_kdnr_unknown);
    expect(errorMessage(en, 'login_error_4')).toBe(files.en!.login_error_4);
    expect(errorMessage(en, 'field_invalid', { field: 'PLZ' })).toContain('PLZ');
    expect(errorMessage(makeT({}, 'de'), 'invalid_country')).toBe('Ungültiges Land');
    expect(errorMessage(makeT({}, 'de'), 'no_such_key_anywhere')).toBe('Ein Fehler ist aufgetreten');
  });
});
