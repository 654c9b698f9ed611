// API error texts (src/islands/shop/lib/errors.ts): the API's error key is the message key — the
// spec's login and registration keys and the renamed duplicates (kdnr_not_found, kundendaten_error,
// digitalisierung_*) show their own text in every language, unknown keys the generic text.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorMessage, failureKey } from '../../src/islands/shop/lib/errors.ts';
import { makeT } from '../../src/i18n/translate.ts';
import { ApiFailure } from '../../src/lib/api.ts';

const dir = path.resolve(import.meta.dirname, '../../src/i18n/locales');
const LANGS = ['de', 'en', 'fr', 'es', 'it', 'nl', 'pl', 'hu', 'cs'];
const files = Object.fromEntries(LANGS.map((l) => [l, JSON.parse(fs.readFileSync(path.join(dir, `${l}.json`), 'utf8')) as Record<string, string>]));

describe('error texts', () => {
  it.each([
    'give_credentials', 'password_change_required', 'register_already_registered', 'register_kdnr_not_found',
    'register_kdnr_plz_mismatch', 'register_wrong_credentials', 'customer_data_change_error', 'email_exists',
    'invalid_email_format', 'invalid_kdnr_format', 'please_fill_in', 'password_length', 'industry_required',
    'digitisation_cabinet_required', 'digitisation_photo_per_drawer_required', 'order_number_required',
    'login_error_4', 'error_menge', 'forbidden_function', 'slot_empty', 'upload_type',
  ])('%s is its own text in all nine languages', (key) => {
    for (const l of LANGS) expect(errorMessage(makeT(files[l]!, l), key), `${l}:${key}`).toBe(files[l]![key]);
  });

  it('the retired spellings are gone from the locale files', () => {
    for (const old of ['kdnr_not_found', 'register_error_kdnr_unknown', 'error_kundendaten', 'login_give_credentials',
      'error_cabinet_required', 'error_drawer_photo_required', 'error_auftragsnummer_required', 'error_generic']) {
      expect(files.de![old], old).toBeUndefined();
    }
  });

  it('fills params and falls back to the generic text of the language', () => {
    const en = makeT(files.en!, 'en');
    expect(errorMessage(en, 'field_invalid', { field: 'PLZ' })).toContain('PLZ');
    expect(errorMessage(en, 'no_such_key_anywhere')).toBe(files.en!.generic);
  });

  it('failureKey: the API key, network without an answer, else generic', () => {
    expect(failureKey(new ApiFailure(400, { error: 'register_kdnr_not_found' }))).toBe('register_kdnr_not_found');
    expect(failureKey(new ApiFailure(0, {}))).toBe('network');
    expect(failureKey(new Error('x'))).toBe('generic');
  });
});
