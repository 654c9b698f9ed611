import { describe, it, expect } from 'vitest';
import * as C from '../../src/lib/rules/constants.ts';
import fs from 'node:fs';
import path from 'node:path';
import { ERROR_KEYS, SUCCESS_KEYS, isErrorKey } from '../../src/lib/rules/constants.ts';
import { UI_LANGUAGES } from '../../src/i18n/index.ts';

const locale = (l: string) => JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../src/i18n/locales', `${l}.json`), 'utf8')) as Record<string, string>;
const de = locale('de');

describe('business constants (section 9)', () => {
  it('timings', () => {
    expect(C.TOAST_MS).toBe(3000);
    expect(C.CART_PANEL_CLOSE_MS).toBe(10_000);
    expect(C.MEGA_MENU_HOVER_MS).toBe(750);
    expect(C.SEARCH_DEBOUNCE_MS).toBe(300);
    expect(C.QTY_DEBOUNCE_MS).toBe(500);
    expect(C.GREETING_MS).toBe(1500);
    expect(C.SCROLL_DELAY_MS).toBe(1800);
    expect(C.FAQ_SCROLL_MS).toBe(500);
    expect(C.ZAHNLAGER_AUTO_MS).toBe(900_000);
  });
  it('pixels', () => {
    expect(C.SCROLL_OFFSET_PX).toBe(80);
    expect(C.SUBNAV_OFFSET_PX).toBe(100);
    expect(C.SECTION_DETECT_PX).toBe(120);
    expect(C.BUTTON_TRUNCATE_PX).toBe(224);
    expect(C.ACTION_POPUP_WIDTH_PX).toBe(300);
    expect(C.ACTION_POPUP_MAX_HEIGHT_PX).toBe(300);
  });
  it('search', () => {
    expect(C.SEARCH_MIN_CHARS).toBe(3);
    expect(C.SEARCH_PREVIEW_ARTICLES).toBe(10);
    expect(C.SEARCH_PREVIEW_CATEGORIES).toBe(4);
    expect(C.ALREADY_BOUGHT_LIMIT).toBe(24);
    expect(C.QUICK_SUGGEST_ARTNR_MAX).toBe(10);
  });
  it('quantities', () => {
    expect(C.QTY_MIN).toBe(0);
    expect(C.QTY_MAX).toBe(999);
    expect(C.QTY_STEP).toBe(1);
    expect(C.CART_PANEL_MIN_QTY).toBe(1);
    expect(C.RECOMMENDATION_ADD_QTY).toBe(1);
  });
  it('lists, documents, printing, scanning', () => {
    expect(C.LAST_SEEN_MAX).toBe(10);
    expect(C.DOCUMENTS_MONTHS).toBe(24);
    expect(C.DASHBOARD_DAYS).toBe(7);
    expect(C.FAVOURITES_LIST_ID).toBe(0);
    expect(C.LIST_NAME_MAX).toBe(50);
    expect(C.PRINTER_MARGIN_MM).toBe(3);
    expect(C.SCANNER_SIZE_DEFAULT).toBe(0.5);
    expect(C.SCANNER_MODE_DEFAULT).toBe('info');
    expect(C.BARCODE_TYPES).toEqual(['QR', 'DataMatrix', 'Code-128']);
    expect(C.SCAN_AREA_SIZES).toHaveLength(4);
    expect(C.SCAN_AREA_SIZES).toContain(C.SCAN_AREA_SIZE_RECOMMENDED);
  });
  it('accounts, checkout, catalogue', () => {
    expect(C.FREEWAY_MIN_EUR).toBe(170);
    expect(C.FREEWAY_PER_MONTH).toBe(1);
    expect(C.PASSWORD_MIN).toBe(7);
    expect(C.PASSWORD_MAX).toBe(100);
    expect([C.INDUSTRY_MIN, C.INDUSTRY_MAX]).toEqual([1, 30]);
    expect([C.COMPANY_DEFAULT, C.COMPANY_LS]).toEqual([1, 3]);
    expect(C.FUNCTION_ROLES).toEqual(['K07', 'K09', 'K13']);
    expect(C.SALUTATIONS).toEqual(['D', 'ka', 'M', 'W']);
    expect(C.DEFAULT_MCODE).toBe(5);
    expect(C.REQUEST_PRICES).toEqual([0.01, 0.02]);
    expect(C.RESERVED_CATEGORY_IDS).toEqual(['PG90', 'PG91', 'PG0', 'PG888']);
    expect(C.SPECIAL_PRODUCT_GROUPS).toEqual([0, 888, 90]);
    expect(C.SKIPPED_PRODUCT_GROUP).toBe(9);
    expect(C.COUNTRIES_IN_EUROPE_AND_ASIA).toEqual([52, 600]);
    expect(C.SUB_USER_COLOUR_COUNT).toBe(11);
    expect(C.ANALYTICS_SITE_ID).toBe(11);
    expect(C.JS_ERROR_LOG_CATEGORY).toBe('JavaScript Errors');
    expect(C.FAQ_HASH_PREFIX).toBe('FAQ-');
    expect(C.TOAST_TYPES).toEqual(['error', 'warn', 'success']);
  });
});

describe('error catalogue (section 8)', () => {
  it('holds keys only: no table of texts keyed by error keys (the texts are in the locale files)', () => {
    expect(Object.entries(C).filter(([, v]) => typeof v === 'object' && v !== null && !Array.isArray(v)
      && Object.keys(v).some((k) => isErrorKey(k))).map(([name]) => name)).toEqual([]);
  });
  it('the German locale carries the texts the spec quotes', () => {
    expect(de.generic).toBe('Ein Fehler ist aufgetreten');
    expect(de.error_menge).toBe('Bitte gültige Menge eingeben');
    expect(de.error_artnr).toBe('Ungültige Artikelnummer');
    expect(de.error_art_in_liste).toBe('Artikel befindet sich bereits in Bestelliste');
    expect(de.login_error).toBe('Benutzername oder Kennwort ungültig');
    expect(de.login_error_title).toBe('Login nicht möglich');
    expect(de.statistics_no_data).toBe('Im gewählten Zeitraum konnten keine Daten ermittelt werden');
    expect(de.customer_data_change_error).toBe('Fehler bei der Kundendatenänderung');
    expect(de.field_invalid).toContain('{{field}}');
  });
  it('has every key the spec names or implies', () => {
    const keys = [
      'generic', 'error_menge', 'error_artnr', 'error_art_in_liste', 'login_error', 'login_error_4', 'login_error_5',
      'login_error_title', 'password_change_required', 'give_credentials', 'please_fill_in', 'invalid_list_name', 'field_invalid',
      'invalid_email_format', 'invalid_kdnr_format', 'email_exists', 'order_number_required',
      'register_already_registered', 'register_kdnr_not_found', 'register_kdnr_plz_mismatch', 'register_wrong_credentials',
      'verify_already_verified', 'verify_record_missing', 'verify_not_completed',
      'benefit_code_invalid', 'benefit_code_empty', 'benefit_code_already_redeemed', 'benefit_code_not_removable',
      'cart_no_products', 'cart_add_products_first', 'freeway_min_value', 'freeway_once_per_month',
      'customer_data_change_error', 'statistics_no_data', 'service_photo_required', 'service_text_required',
      'digitisation_cabinet_required', 'digitisation_photo_per_drawer_required', 'images_connection_error',
      'no_compatible_camera', 'no_product_found', 'print_template_required',
      'unauthorized', 'forbidden', 'not_found', 'invalid_json', 'invalid_input', 'too_many_requests',
    ];
    for (const k of keys) expect(isErrorKey(k), k).toBe(true);
  });
  it('keys are snake_case, listed once, and each has a text in every language', () => {
    expect(new Set(ERROR_KEYS).size).toBe(ERROR_KEYS.length);
    for (const k of [...ERROR_KEYS, ...SUCCESS_KEYS]) {
      expect(k).toMatch(/^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/);
      for (const l of UI_LANGUAGES) expect(locale(l)[k]?.trim(), `${l}: ${k}`).toBeTruthy();
    }
    for (const k of SUCCESS_KEYS) expect(isErrorKey(k), k).toBe(false);
  });
  it('success keys the spec names', () => {
    expect([...SUCCESS_KEYS].sort()).toEqual(['menge_change', 'success_add_to_liste', 'success_add_to_wk']);
  });
});

describe('isErrorKey', () => {
  it('recognises own keys only', () => {
    expect(isErrorKey('error_menge')).toBe(true);
    expect(isErrorKey('nope')).toBe(false);
    expect(isErrorKey('toString')).toBe(false);
    expect(isErrorKey('__proto__')).toBe(false);
  });
});
