// Issue 9, item 10: the site runs under its Content-Security-Policy (no 'unsafe-inline' for scripts) —
// home, a product page, the cart, the camera and the account, as guest and customer, German and French,
// desktop and phone — without a single CSP violation, and every page carries the security headers.
// Screenshots: test-results/screens/security/.
import { expect, test, type Page } from '@playwright/test';
import { productPath } from '../../src/islands/shop/lib/article.ts';
import { PASSWORD, storeConsent } from './helpers.ts';

storeConsent();

const SIZES = [{ name: 'desktop', width: 1366, height: 900 }, { name: 'phone', width: 390, height: 844 }];
// dk/de: the other brand's country (company 3) on the main host
const LOCALES = [{ c: 'de', l: 'de' }, { c: 'fr', l: 'fr' }, { c: 'dk', l: 'de' }];

/** Islands hydrate (their module scripts run under the CSP): interaction islands are poked as a user would. */
async function expectHydrated(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const el of document.querySelectorAll('astro-island[ssr]')) el.dispatchEvent(new FocusEvent('focusin'));
  });
  await expect(page.locator('astro-island[ssr]:is([client="interaction"], [client="near"], [client="load"], [client="idle"])')).toHaveCount(0);
}

/** CSP violations as the page reports them (event) and as Chromium logs them (console). */
async function watchCsp(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|CSP violation|Refused to (execute|load|apply|frame|connect)/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

for (const size of SIZES) {
  for (const { c, l } of LOCALES) {
    test(`pages run under their CSP: ${c}/${l} ${size.name}`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      const violations = await watchCsp(page);
      const cat = await page.request.get(`/api/shop/category?pg=1&country=${c}&lang=${l}&pageSize=24`);
      expect(cat.status()).toBe(200);
      const art = ((await cat.json()).result.items as { Artikelnummer: string; Bezeichnung: string; IstReferenz?: boolean }[]).find((a) => !a.IstReferenz)!;
      const visit = async (name: string, url: string, ready: () => Promise<void>) => {
        const res = await page.goto(url);
        expect(res!.status(), url).toBe(200);
        const h = res!.headers();
        const scriptSrc = h['content-security-policy']!.split(';').find((d) => d.trim().startsWith('script-src'))!;
        expect(scriptSrc).not.toContain('unsafe-inline');
        expect(h['x-frame-options']).toBe('DENY');
        expect(h['x-content-type-options']).toBe('nosniff');
        await ready();
        await expectHydrated(page);
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: `test-results/screens/security/${c}-${l}-${size.name}-${name}.png`, fullPage: false });
      };
      await visit('home', `/${c}/${l}/`, () => expect(page.locator('main')).toBeVisible());
      await visit('product', productPath(c, l, art), () => expect(page.locator('.sh-pd__img')).toBeVisible());
      const login = await page.request.post('/api/login', { data: { Firma: 1, Benutzername: '123456', Kennwort: PASSWORD, kw: '' } });
      expect(login.status()).toBe(200);
      await page.request.put('/api/user/active', { data: { id: 0, password: PASSWORD } });
      // the inline head script (allowed by its hash) marks the customer
      await visit('cart', `/${c}/${l}/wk/`, () => expect(page.locator('html')).toHaveAttribute('data-auth', 'customer'));
      await visit('kamera', `/${c}/${l}/kamera/`, () => expect(page.locator('main')).toBeVisible());
      await visit('konto', `/${c}/${l}/konto/`, () => expect(page.locator('main')).toBeVisible());
      expect(violations).toEqual([]);
    });
  }
}
