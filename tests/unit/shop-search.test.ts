// Search rules of section 5 (preview from 3 characters, quick suggestion) and small helpers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce, previewTerm, quickSuggestTerm, searchPath } from '../../src/islands/shop/lib/search.ts';
import { makeT } from '../../src/islands/shop/lib/i18n.ts';
import { cartSum, lineTotal } from '../../src/islands/shop/lib/cartView.ts';
import { verifyNotice } from '../../src/islands/shop/lib/notice.ts';
import { errorMessage } from '../../src/islands/shop/lib/errors.ts';
import de from '../../src/i18n/locales/de.json' with { type: 'json' };

describe('previewTerm', () => {
  it('from 3 characters (trimmed)', () => {
    expect(previewTerm('ab')).toBeNull();
    expect(previewTerm('  ab  ')).toBeNull();
    expect(previewTerm('abc')).toBe('abc');
    expect(previewTerm(' gips ')).toBe('gips');
  });
});

describe('quickSuggestTerm', () => {
  it('1–10 letters, digits, dot, comma, dash as typed', () => {
    expect(quickSuggestTerm('123456')).toBe('123456');
    expect(quickSuggestTerm('K-1234')).toBe('K-1234');
    expect(quickSuggestTerm('12.34,5-6')).toBe('12.34,5-6');
    expect(quickSuggestTerm('A')).toBe('A');
  });
  it('normalised when the typed text does not fit (version after slash, too long with version)', () => {
    expect(quickSuggestTerm('1234/01')).toBe('1234');
    expect(quickSuggestTerm('FH-12345678.2')).toBe('FH12345678');
  });
  it('no quick suggestion for words, spaces or long input', () => {
    expect(quickSuggestTerm('')).toBeNull();
    expect(quickSuggestTerm('gips typ 4')).toBeNull();
    expect(quickSuggestTerm('12345678901')).toBeNull();
    expect(quickSuggestTerm('ab_cd')).toBeNull();
  });
});

describe('searchPath', () => {
  it('page in the path, query q, optional topArt=1', () => {
    expect(searchPath('de', 'de', 'gips')).toBe('/de/de/shop/suche?q=gips');
    expect(searchPath('de', 'en', 'a b', 3)).toBe('/de/en/shop/suche/3?q=a+b');
    expect(searchPath('de', 'de', 'gips', 1, true)).toBe('/de/de/shop/suche?q=gips&topArt=1');
  });
});

describe('debounce', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });
  it('runs the last call once after the pause (300 ms search, 500 ms quantity)', () => {
    const fn = vi.fn();
    const d = debounce(fn, 300);
    d('a'); vi.advanceTimersByTime(200); d('ab'); vi.advanceTimersByTime(299);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith('ab');
  });
  it('cancel drops, flush runs now', () => {
    const fn = vi.fn();
    const d = debounce(fn, 500);
    d(1); d.cancel(); vi.advanceTimersByTime(600);
    expect(fn).not.toHaveBeenCalled();
    d(2); d.flush();
    expect(fn).toHaveBeenCalledWith(2);
    vi.advanceTimersByTime(600);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

describe('cart sums', () => {
  it('line totals and the sum in whole cents', () => {
    expect(lineTotal({ Einzelpreis: 0.1, Menge: 3 })).toBe(0.3);
    expect(lineTotal({ Einzelpreis: 19.99, Menge: 7 })).toBe(139.93);
    expect(cartSum([{ Einzelpreis: 0.1, Menge: 1 }, { Einzelpreis: 0.2, Menge: 1 }])).toBe(0.3);
    expect(cartSum([])).toBe(0);
  });
});

describe('verification notices', () => {
  it('the three messages plus success', () => {
    expect(verifyNotice('/de/de/?verified=ok')?.text).toBe('register.verify_success');
    expect(verifyNotice('/de/de/?verified=already')?.text).toBe('verify_already_verified');
    expect(verifyNotice('/de/de/?verified=missing')?.text).toBe('verify_record_missing');
    expect(verifyNotice('/de/de/?verified=failed')?.text).toBe('verify_not_completed');
    expect(verifyNotice('/de/de/')).toBeNull();
  });
});

describe('errorMessage', () => {
  const t = makeT(de as Record<string, string>, 'de');
  it('shows the API key as the message key', () => {
    expect(errorMessage(t, 'error_art_in_liste')).toBe('Artikel befindet sich bereits in Bestelliste');
    expect(errorMessage(t, 'error_menge')).toBe('Bitte gültige Menge eingeben');
    expect(errorMessage(t, 'login_error_4')).toMatch(/Kundennummer/);
    expect(errorMessage(t, 'give_credentials')).toBe((de as Record<string, string>).give_credentials);
    expect(errorMessage(t, 'invalid_list_name')).toBe('Ungültiger Listenname');
    expect(errorMessage(t, 'field_invalid', { field: 'PLZ' })).toBe('Feld PLZ ungültig');
    expect(errorMessage(t, 'please_fill_in')).toBe('Bitte ausfüllen');
  });
  it('falls back to the generic text for a key no locale file has', () => {
    expect(errorMessage(t, 'something_unknown')).toBe('Ein Fehler ist aufgetreten');
  });
});
