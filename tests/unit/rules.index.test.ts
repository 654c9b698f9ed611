import { describe, it, expect } from 'vitest';
import * as rules from '../../src/lib/rules/index.ts';

describe('rules index', () => {
  it('re-exports every module', () => {
    for (const name of [
      'TOAST_MS', 'ERROR_KEYS', 'isErrorKey', 'parseLoginName', 'parseLogin', 'extractKdnr', 'isGuest', 'isLS',
      'validateEmail', 'validatePassword', 'validatePostalCode', 'validateQuantity', 'clampQty', 'validateListName',
      'normalizeArtnr', 'artbez', 'artnrFromArtbez', 'isRequestPrice', 'showStrikePrice', 'discountPercent',
      'isManufacturerSuggestedPrice', 'sortSaleList', 'isSetArticle', 'lastPurchaseText', 'availabilityFromVkz',
      'deliveryStatus', 'basketLetter', 'languageIso3', 'supportedLanguages', 'resolveLanguage', 'currencyForCountry',
      'formatPrice', 'localeFor', 'cartCounterStyle', 'colourFor', 'SUB_USER_COLOURS', 'pushLastSeen', 'packSize', 'parsePackSize',
    ]) {
      expect(rules, name).toHaveProperty(name);
    }
  });
});
