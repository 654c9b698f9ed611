// View model of article cards and lists (spec section 9) built on src/lib/rules.
import { describe, expect, it } from 'vitest';
import {
  availability, badges, canOrder, imageUrl, lastPurchaseLabel, PLACEHOLDER_IMG, priceView, productPath, type ArticleItem,
} from '../../src/islands/shop/lib/article.ts';
import { makeT } from '../../src/islands/shop/lib/i18n.ts';
import de from '../../src/i18n/locales/de.json' with { type: 'json' };
import en from '../../src/i18n/locales/en.json' with { type: 'json' };

const tDe = makeT(de as Record<string, string>, 'de');
const tEn = makeT(en as Record<string, string>, 'en');
const DE = { country: 'de', lang: 'de' };
const art = (o: Partial<ArticleItem> = {}): ArticleItem => ({ Artikelnummer: '123456', Bezeichnung: 'Gips Typ 4', Preis: 10, KatPreis: 10, ...o });
const nb = (s: string) => s.replace(/\u00a0|\u202f/g, ' ');

describe('priceView', () => {
  it('request-price articles (0.01 / 0.02 as price or list price) show on request and have no cart button', () => {
    for (const [p, l] of [[0.01, 0.01], [0.02, 50], [50, 0.01], [12, 0.02]] as const) {
      const a = art({ Preis: p, KatPreis: l });
      const v = priceView(a, DE);
      expect(v.onRequest).toBe(true);
      expect(v.price).toBe('');
      expect(v.strike).toBeNull();
      expect(v.discount).toBe(0);
      expect(canOrder(a)).toBe(false);
    }
  });
  it('strikes the list price only when 0 < price < list price', () => {
    expect(priceView(art({ Preis: 8, KatPreis: 10 }), DE).strike).not.toBeNull();
    expect(priceView(art({ Preis: 10, KatPreis: 10 }), DE).strike).toBeNull();
    expect(priceView(art({ Preis: 12, KatPreis: 10 }), DE).strike).toBeNull();
    expect(priceView(art({ Preis: 0, KatPreis: 10 }), DE).strike).toBeNull();
  });
  it('discount is the floor of the percentage', () => {
    expect(priceView(art({ Preis: 71, KatPreis: 100 }), DE).discount).toBe(29);
    expect(priceView(art({ Preis: 66.67, KatPreis: 100 }), DE).discount).toBe(33);
    expect(priceView(art({ Preis: 9.99, KatPreis: 10 }), DE).discount).toBe(0);
    expect(priceView(art({ Preis: 1, KatPreis: 3 }), DE).discount).toBe(66);
  });
  it('formats in the country locale and the article currency', () => {
    expect(nb(priceView(art({ Preis: 1234.5, KatPreis: 1500 }), DE).price)).toBe('1.234,50 €');
    expect(nb(priceView(art({ Preis: 1234.5, KatPreis: 1500 }), DE).strike!)).toBe('1.500,00 €');
    expect(nb(priceView(art({ Preis: 10, KatPreis: 10, Waehrung: 'CHF' }), { country: 'ch', lang: 'de' }).price)).toMatch(/CHF/);
    expect(nb(priceView(art({ Preis: 10, KatPreis: 10, Waehrung: 'CZK' }), { country: 'cz', lang: 'cs' }).price)).toMatch(/Kč/);
  });
  it('manufacturer suggested price: MCode 0 or missing, only in DE/de', () => {
    expect(priceView(art({ MCode: 0 }), DE).uvp).toBe(true);
    expect(priceView(art({ MCode: null }), DE).uvp).toBe(true);
    expect(priceView(art({}), DE).uvp).toBe(true);
    expect(priceView(art({ MCode: 5 }), DE).uvp).toBe(false);
    expect(priceView(art({ MCode: 0 }), { country: 'at', lang: 'de' }).uvp).toBe(false);
    expect(priceView(art({ MCode: 0 }), { country: 'de', lang: 'en' }).uvp).toBe(false);
    expect(priceView(art({ MCode: 0, Preis: 0.01 }), DE).uvp).toBe(false);
  });
});

describe('canOrder', () => {
  it('orderable unless request price or out of range', () => {
    expect(canOrder(art())).toBe(true);
    expect(canOrder(art({ AusSortiment: 1 }))).toBe(false);
    expect(canOrder(art({ Preis: 0.02 }))).toBe(false);
  });
});

describe('badges', () => {
  it('new badge for IstNeuheit 1', () => {
    expect(badges(art({ IstNeuheit: 1 })).isNew).toBe(true);
    expect(badges(art({ IstNeuheit: 0 })).isNew).toBe(false);
  });
  it('set badge: number ends in S or S plus a digit and the article is no reference', () => {
    expect(badges(art({ Artikelnummer: '12345S' })).isSet).toBe(true);
    expect(badges(art({ Artikelnummer: '12345S2' })).isSet).toBe(true);
    expect(badges(art({ Artikelnummer: '12345s' })).isSet).toBe(true);
    expect(badges(art({ Artikelnummer: '12345S', IstReferenz: 1 })).isSet).toBe(false);
    expect(badges(art({ Artikelnummer: '12345S12' })).isSet).toBe(false);
    expect(badges(art({ Artikelnummer: '1234' })).isSet).toBe(false);
  });
});

describe('lastPurchaseLabel', () => {
  const now = new Date(2026, 10, 15); // November 2026
  it('current month', () => {
    expect(lastPurchaseLabel(art({ LetzterKaufMonat: 11, LetzterKaufJahr: 2026 }), tDe, now)).toBe('Zuletzt gekauft: diesen Monat');
  });
  it('months under 12 with plural forms', () => {
    expect(lastPurchaseLabel(art({ LetzterKaufMonat: 10, LetzterKaufJahr: 2026 }), tDe, now)).toBe('Zuletzt gekauft: vor 1 Monat');
    expect(lastPurchaseLabel(art({ LetzterKaufMonat: 1, LetzterKaufJahr: 2026 }), tDe, now)).toBe('Zuletzt gekauft: vor 10 Monaten');
    expect(lastPurchaseLabel(art({ LetzterKaufMonat: 12, LetzterKaufJahr: 2025 }), tDe, now)).toBe('Zuletzt gekauft: vor 11 Monaten');
  });
  it('years from 12 months', () => {
    expect(lastPurchaseLabel(art({ LetzterKaufMonat: 11, LetzterKaufJahr: 2025 }), tDe, now)).toBe('Zuletzt gekauft: vor 1 Jahr');
    expect(lastPurchaseLabel(art({ LetzterKaufMonat: 3, LetzterKaufJahr: 2023 }), tDe, now)).toBe('Zuletzt gekauft: vor 3 Jahren');
    expect(lastPurchaseLabel(art({ LetzterKaufMonat: 3, LetzterKaufJahr: 2023 }), tEn, now)).toMatch(/3/);
  });
  it('nothing for an invalid month, no date, or a future date', () => {
    expect(lastPurchaseLabel(art({ LetzterKaufMonat: 0, LetzterKaufJahr: 2026 }), tDe, now)).toBe('');
    expect(lastPurchaseLabel(art({ LetzterKaufMonat: 13, LetzterKaufJahr: 2026 }), tDe, now)).toBe('');
    expect(lastPurchaseLabel(art({}), tDe, now)).toBe('');
    expect(lastPurchaseLabel(art({ LetzterKaufMonat: 12, LetzterKaufJahr: 2026 }), tDe, now)).toBe('');
  });
});

describe('availability', () => {
  it("vkz '4' is available, anything else short-term", () => {
    expect(availability({ vkz: '4' })).toBe('verf');
    expect(availability({ vkz: '2' })).toBe('kurzf');
    expect(availability({ vkz: '0' })).toBe('kurzf');
  });
  it('without vkz the delivery status decides', () => {
    expect(availability({ Lieferstatus: 0 })).toBe('nichtlag');
    expect(availability({ Lieferstatus: 2 })).toBe('teilw');
    expect(availability({ Lieferstatus: 4 })).toBe('verf');
    expect(availability({})).toBe('kurzf');
  });
});

describe('images and links', () => {
  it('image by reference, else by article number; placeholder is an inline svg', () => {
    expect(imageUrl({ Artikelnummer: '123', Referenz: 'REF 1' })).toBe('/images/artikel/small/REF%201.webp');
    expect(imageUrl({ Artikelnummer: '123', Referenz: '' })).toBe('/images/artikel/small/123.webp');
    expect(imageUrl({ Artikelnummer: '123' }, 'large')).toBe('/images/artikel/large/123.webp');
    expect(PLACEHOLDER_IMG.startsWith('data:image/svg+xml,')).toBe(true);
  });
  it('product path: artbez = number, dash, lowercased description with dashes, optional pg', () => {
    expect(productPath('de', 'de', { Artikelnummer: '1234', Bezeichnung: 'Gips Typ 4' })).toBe('/de/de/shop/artikel/1234-gips-typ-4/details');
    expect(productPath('at', 'en', { Artikelnummer: '1234', Bezeichnung: 'Zähne A2' }, 3)).toBe('/at/en/shop/artikel/1234-z%C3%A4hne-a2/details/3');
  });
});
