// The route sweep (sweep.spec.ts) looks at every route in German and French. Other languages have other
// word lengths: a Dutch "Bestelgeschiedenis" on a tooth-storage tile made the page 392 px wide on a
// 390 px phone. This checks the pages with tiles, lists and filters in the other interface languages of
// each brand at phone width: no horizontal overflow, no raw key, no German pack-size unit.
import { expect, test } from '@playwright/test';
import { PASSWORD, storeConsent } from './helpers.ts';
import { inspectPage } from './sweep-checks.ts';

storeConsent();

const BRANDS = [
  { name: 'main', country: 'de', kdnr: 123456, firma: 1, langs: ['en', 'es', 'it', 'nl', 'pl'] },
  { name: 'ls', country: 'dk', kdnr: 777777, firma: 3, langs: ['en', 'es', 'it'] },
] as const;
const ROUTES = ['', 'zahnlager', 'konto', 'meinlabor', 'service', 'shop/category/3', 'wk'];

for (const b of BRANDS) {
  test(`${b.name} brand: pages fit a phone in ${b.langs.join(', ')}`, async ({ page }) => {
    test.setTimeout(180_000);
    expect((await page.request.post('/api/login', { data: { Firma: b.firma, Benutzername: String(b.kdnr), Kennwort: PASSWORD, kw: '' } })).status()).toBe(200);
    expect((await page.request.put('/api/user/active', { data: { id: 0, password: PASSWORD } })).status()).toBe(200);
    await page.setViewportSize({ width: 390, height: 844 });
    const found: string[] = [];
    for (const lang of b.langs) {
      for (const rest of ROUTES) {
        await page.goto(`/${b.country}/${lang}/${rest}`);
        await page.waitForLoadState('networkidle', { timeout: 4000 }).catch(() => {});
        const f = await inspectPage(page);
        if (f.overflow) found.push(`${lang}/${rest}: scrollWidth ${f.overflow.scrollWidth} > ${f.overflow.innerWidth} ${f.overflow.culprits.join(', ')}`);
        for (const k of [...f.keys, ...f.germanUnits, ...f.unnamed.map((u) => `unnamed ${u}`), ...f.breakable.map((u) => `breakable ${u}`)]) found.push(`${lang}/${rest}: ${k}`);
      }
    }
    expect(found).toEqual([]);
  });
}
