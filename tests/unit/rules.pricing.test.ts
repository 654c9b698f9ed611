import { describe, it, expect } from 'vitest';
import {
  availabilityFromVkz, deliveryStatus, discountPercent, isManufacturerSuggestedPrice, isRequestPrice, isSetArticle,
  lastPurchaseText, showStrikePrice, sortSaleList, toNumber,
} from '../../src/lib/rules/pricing.ts';

describe('toNumber', () => {
  it('parses numbers and numeric strings', () => {
    expect(toNumber(1.5)).toBe(1.5);
    expect(toNumber('1.5')).toBe(1.5);
    expect(toNumber('1,5')).toBe(1.5);
    expect(toNumber(' 12 ')).toBe(12);
    expect(toNumber('-3')).toBe(-3);
    expect(toNumber('')).toBeNaN();
    expect(toNumber('abc')).toBeNaN();
    expect(toNumber(null)).toBeNaN();
    expect(toNumber(undefined)).toBeNaN();
  });
});

describe('isRequestPrice', () => {
  it('price or list price of 0.01 or 0.02 means on request', () => {
    expect(isRequestPrice(0.01, 100)).toBe(true);
    expect(isRequestPrice(0.02, 100)).toBe(true);
    expect(isRequestPrice(10, 0.01)).toBe(true);
    expect(isRequestPrice(10, 0.02)).toBe(true);
    expect(isRequestPrice('0,01', null)).toBe(true);
    expect(isRequestPrice(0.1 * 0.1, 5)).toBe(true); // 0.010000000000000002
  });
  it('other prices are not', () => {
    expect(isRequestPrice(0.03, 0.03)).toBe(false);
    expect(isRequestPrice(0, 0)).toBe(false);
    expect(isRequestPrice(1.01, 2.02)).toBe(false);
    expect(isRequestPrice(10, 12)).toBe(false);
    expect(isRequestPrice(null, undefined)).toBe(false);
  });
});

describe('showStrikePrice', () => {
  it('when 0 < price < list price', () => {
    expect(showStrikePrice(8, 10)).toBe(true);
    expect(showStrikePrice(9.99, 10)).toBe(true);
    expect(showStrikePrice('8,50', '10')).toBe(true);
  });
  it('not otherwise', () => {
    expect(showStrikePrice(10, 10)).toBe(false);
    expect(showStrikePrice(12, 10)).toBe(false);
    expect(showStrikePrice(0, 10)).toBe(false);
    expect(showStrikePrice(-1, 10)).toBe(false);
    expect(showStrikePrice(5, 0)).toBe(false);
    expect(showStrikePrice(5, null)).toBe(false);
    expect(showStrikePrice(0.1 + 0.2, 0.3)).toBe(false); // float noise is not a discount
  });
  it('never for request-price articles', () => {
    expect(showStrikePrice(0.01, 100)).toBe(false);
    expect(showStrikePrice(0.02, 100)).toBe(false);
  });
});

describe('discountPercent', () => {
  it('floor of the percentage difference', () => {
    expect(discountPercent(80, 100)).toBe(20);
    expect(discountPercent(71, 100)).toBe(29); // (100-71)/100*100 is 28.999… in floats
    expect(discountPercent(2, 3)).toBe(33);
    expect(discountPercent(1, 3)).toBe(66);
    expect(discountPercent(9.99, 10)).toBe(0);
    expect(discountPercent(9.9, 10)).toBe(1);
    expect(discountPercent(0.57, 1)).toBe(43);
  });
  it('0 when no struck price is shown', () => {
    expect(discountPercent(10, 10)).toBe(0);
    expect(discountPercent(12, 10)).toBe(0);
    expect(discountPercent(0, 10)).toBe(0);
    expect(discountPercent(0.01, 10)).toBe(0);
    expect(discountPercent(5, null)).toBe(0);
  });
});

describe('isManufacturerSuggestedPrice', () => {
  it('MCode 0 or missing, country DE and language de', () => {
    expect(isManufacturerSuggestedPrice(0, 'de', 'de')).toBe(true);
    expect(isManufacturerSuggestedPrice(null, 'DE', 'de')).toBe(true);
    expect(isManufacturerSuggestedPrice(undefined, 'De', 'DE')).toBe(true);
    expect(isManufacturerSuggestedPrice('', 'de', 'de')).toBe(true);
    expect(isManufacturerSuggestedPrice('0', 'de', 'de')).toBe(true);
  });
  it('not for other codes, countries or languages', () => {
    expect(isManufacturerSuggestedPrice(5, 'de', 'de')).toBe(false);
    expect(isManufacturerSuggestedPrice(1, 'de', 'de')).toBe(false);
    expect(isManufacturerSuggestedPrice(0, 'at', 'de')).toBe(false);
    expect(isManufacturerSuggestedPrice(0, 'ch', 'de')).toBe(false);
    expect(isManufacturerSuggestedPrice(0, 'de', 'en')).toBe(false);
    expect(isManufacturerSuggestedPrice(0, null, 'de')).toBe(false);
    expect(isManufacturerSuggestedPrice(0, 'de', undefined)).toBe(false);
  });
});

describe('sortSaleList', () => {
  it('sorts by price descending, stable, without touching the input', () => {
    const items = [
      { Artikelnummer: 'a', Preis: 5 }, { Artikelnummer: 'b', Preis: 20 }, { Artikelnummer: 'c', Preis: 5 },
      { Artikelnummer: 'd', Preis: 12.5 }, { Artikelnummer: 'e', Preis: 20 },
    ];
    const copy = structuredClone(items);
    expect(sortSaleList(items).map((i) => i.Artikelnummer)).toEqual(['b', 'e', 'd', 'a', 'c']);
    expect(items).toEqual(copy);
  });
  it('accepts a price accessor and puts unpriced items last', () => {
    const items = [{ p: null }, { p: '3,5' }, { p: 10 }, { p: 'x' }, { p: 1 }] as { p: number | string | null }[];
    expect(sortSaleList(items, (i) => i.p).map((i) => i.p)).toEqual([10, '3,5', 1, null, 'x']);
  });
  it('handles empty lists', () => expect(sortSaleList([] as { Preis: number }[])).toEqual([]));
});

describe('isSetArticle', () => {
  it('ends in S or S plus a digit and is not a reference', () => {
    expect(isSetArticle('123456S', 0)).toBe(true);
    expect(isSetArticle('123456S1', 0)).toBe(true);
    expect(isSetArticle('123456S9')).toBe(true);
    expect(isSetArticle('123456s2', '0')).toBe(true);
    expect(isSetArticle(' 123S ', false)).toBe(true);
  });
  it('not for references or other endings', () => {
    expect(isSetArticle('123456S', 1)).toBe(false);
    expect(isSetArticle('123456S1', '1')).toBe(false);
    expect(isSetArticle('123456S', true)).toBe(false);
    expect(isSetArticle('123456', 0)).toBe(false);
    expect(isSetArticle('123456S12', 0)).toBe(false);
    expect(isSetArticle('123456SA', 0)).toBe(false);
    expect(isSetArticle('S1234', 0)).toBe(false);
    expect(isSetArticle('', 0)).toBe(false);
    expect(isSetArticle(null, 0)).toBe(false);
  });
});

describe('lastPurchaseText', () => {
  const now = new Date(2026, 5, 15); // 15 June 2026, local time
  it("current month shows 'current'", () => {
    expect(lastPurchaseText(6, 2026, now)).toEqual({ kind: 'current' });
    expect(lastPurchaseText('6', '2026', now)).toEqual({ kind: 'current' });
  });
  it('under 12 months shows the month count', () => {
    expect(lastPurchaseText(5, 2026, now)).toEqual({ kind: 'months', n: 1 });
    expect(lastPurchaseText(1, 2026, now)).toEqual({ kind: 'months', n: 5 });
    expect(lastPurchaseText(12, 2025, now)).toEqual({ kind: 'months', n: 6 });
    expect(lastPurchaseText(7, 2025, now)).toEqual({ kind: 'months', n: 11 });
  });
  it('12 months and more shows years', () => {
    expect(lastPurchaseText(6, 2025, now)).toEqual({ kind: 'years', n: 1 });
    expect(lastPurchaseText(1, 2025, now)).toEqual({ kind: 'years', n: 1 }); // 17 months
    expect(lastPurchaseText(6, 2024, now)).toEqual({ kind: 'years', n: 2 });
    expect(lastPurchaseText(7, 2024, now)).toEqual({ kind: 'years', n: 1 }); // 23 months
    expect(lastPurchaseText(1, 2016, now)).toEqual({ kind: 'years', n: 10 });
  });
  it('December and January are valid months', () => {
    expect(lastPurchaseText(12, 2026, new Date(2026, 11, 1))).toEqual({ kind: 'current' });
    expect(lastPurchaseText(1, 2026, new Date(2026, 0, 31))).toEqual({ kind: 'current' });
    expect(lastPurchaseText(12, 2025, new Date(2026, 0, 1))).toEqual({ kind: 'months', n: 1 });
  });
  it('an invalid month, a missing date or a future date shows nothing', () => {
    expect(lastPurchaseText(0, 2026, now)).toBeNull();
    expect(lastPurchaseText(13, 2026, now)).toBeNull();
    expect(lastPurchaseText(-1, 2026, now)).toBeNull();
    expect(lastPurchaseText(5.5, 2026, now)).toBeNull();
    expect(lastPurchaseText(null, 2026, now)).toBeNull();
    expect(lastPurchaseText(5, null, now)).toBeNull();
    expect(lastPurchaseText(undefined, undefined, now)).toBeNull();
    expect(lastPurchaseText(7, 2026, now)).toBeNull();
    expect(lastPurchaseText(1, 2027, now)).toBeNull();
  });
  it('defaults to the current date', () => {
    const d = new Date();
    expect(lastPurchaseText(d.getMonth() + 1, d.getFullYear())).toEqual({ kind: 'current' });
  });
});

describe('availability', () => {
  it("vkz '4' is available, anything else short-term", () => {
    expect(availabilityFromVkz('4')).toBe('verf');
    expect(availabilityFromVkz(4)).toBe('verf');
    expect(availabilityFromVkz(' 4 ')).toBe('verf');
    for (const v of ['0', '1', '3', '5', '', null, undefined, 'x', 40]) expect(availabilityFromVkz(v), String(v)).toBe('kurzf');
  });
  it('delivery-status codes', () => {
    expect(deliveryStatus(0)).toBe('nichtlag');
    expect(deliveryStatus(1)).toBe('kurzf');
    expect(deliveryStatus(2)).toBe('teilw');
    expect(deliveryStatus(3)).toBe('teilw');
    expect(deliveryStatus(4)).toBe('verf');
    expect(deliveryStatus('4')).toBe('verf');
    expect(deliveryStatus(5)).toBeNull();
    expect(deliveryStatus(-1)).toBeNull();
    expect(deliveryStatus(null)).toBeNull();
    expect(deliveryStatus('')).toBeNull();
  });
});
