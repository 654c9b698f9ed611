// The forms whose rules island and server now share (src/lib/rules/forms.ts), as a person sees them:
// quick registration without the repeated e-mail, the checkout's new delivery address with the server's
// per-field keys, the customer data; screenshots at 1366 and 390 px in German and French (and the LS
// brand's checkout) under test-results/screens/shop-forms/ to look at.
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { loginLab, storeConsent } from './helpers.ts';

storeConsent();

const SHOTS = 'test-results/screens/shop-forms';
const WIDTHS = [{ width: 1366, height: 900 }, { width: 390, height: 844 }] as const;
const SITES = [['de', 'de'], ['fr', 'fr']] as const;

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}

async function noOverflow(page: Page): Promise<void> {
  const { sw, iw } = await page.evaluate(() => ({ sw: document.documentElement.scrollWidth, iw: window.innerWidth }));
  expect(sw, `${page.url()} is ${sw} px wide at ${iw} px`).toBeLessThanOrEqual(iw);
}

for (const vp of WIDTHS) {
  for (const [country, lang] of SITES) {
    test(`quick registration: the e-mail twice (${lang}, ${vp.width} px)`, async ({ page }) => {
      await page.setViewportSize(vp);
      await page.goto(`/${country}/${lang}/fast-register/`);
      const form = page.getByTestId('register-fast');
      await form.locator('[data-field="eMail"]').fill('schnell@forms-screens.example');
      await form.locator('[data-field="Kennwort"]').fill('Schnell-123');
      await form.locator('[data-field="Kennwort2"]').fill('Schnell-123');
      await form.locator('[data-field="NamensZeile1"]').fill('Labor Schnell');
      await form.locator('[data-field="PLZ"]').fill('20095');
      await form.locator('button[type="submit"]').click();
      // the repeated e-mail is required on this form too (section 5): the island says so under the field
      await expect(page.locator('input[data-field="eMail2"]')).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator('.sh-field.has-error:has(input[name="eMail2"]) .sh-field__error')).toBeVisible();
      await noOverflow(page);
      await shot(page, `fast-register-${lang}`);
    });

    test(`checkout: a new delivery address with the server's field keys (${lang}, ${vp.width} px)`, async ({ page }) => {
      await page.setViewportSize(vp);
      await loginLab(page);
      const { artnr } = await page.request.get(`/api/guest/suche/${country}?q=bohrer&lang=${lang}`).then(async (r) => {
        const items = (await r.json()).result.items as { Artikelnummer: string; Preis: number; KatPreis: number }[];
        return { artnr: items.find((i) => i.Preis > 0)!.Artikelnummer };
      });
      expect((await page.request.post(`/api/wk/${encodeURIComponent(artnr)}/set/1`)).status()).toBe(200);
      await page.goto(`/${country}/${lang}/wk/kasse`);
      const form = page.getByTestId('new-address');
      if (!(await form.isVisible())) await page.getByRole('button', { name: /\+/ }).first().click();
      await expect(form).toBeVisible();
      await form.locator('input[name="firma_name"]').fill('Labor Nord');
      await form.locator('input[name="strasse"]').fill('Hafen 3');
      await form.locator('input[name="plz"]').fill('2045');
      await form.locator('input[name="ort"]').fill('Hamburg');
      await form.locator('button[type="submit"]').click();
      await expect(form.locator('.sh-field.has-error:has([name="plz"]) .sh-field__error')).toBeVisible();
      // the country is chosen by its name in the page's language, the shop's own country first chosen
      const land = form.locator('select[name="land_iso2"]');
      await expect(land).toHaveValue(country.toUpperCase());
      await expect(land.locator('option:checked')).toHaveText(lang === 'de' ? 'Deutschland' : 'France');
      await expect(land.locator('option[value="AT"]')).toHaveText(lang === 'de' ? 'Österreich' : 'Autriche');
      await land.selectOption('AT');
      await expect(land).toHaveValue('AT');
      // 2045 is an Austrian postal code: the German rule's error goes with the German choice
      await expect(form.locator('.sh-field.has-error:has([name="plz"])')).toHaveCount(0);
      await noOverflow(page);
      await shot(page, `checkout-address-${lang}`);
    });

    test(`customer data form (${lang}, ${vp.width} px)`, async ({ page }) => {
      await page.setViewportSize(vp);
      await loginLab(page);
      await page.goto(`/${country}/${lang}/kundendaten-aendern/`);
      const form = page.getByTestId('kundendaten');
      await expect(form.locator('[data-field="PLZ"]')).not.toHaveValue('');
      await form.locator('[data-field="PLZ"]').fill('2009');
      await form.locator('button[type="submit"]').click();
      await expect(page.locator('.sh-field.has-error:has([name="PLZ"]) .sh-field__error')).toBeVisible();
      await noOverflow(page);
      await shot(page, `kundendaten-${lang}`);
    });
  }
}

test('the LS brand\'s checkout (/dk/de/) at 1366 px', async ({ page }) => {
  await page.setViewportSize(WIDTHS[0]);
  const r = await page.request.post('/api/login', { data: { Firma: 3, Benutzername: '777777', Kennwort: 'Demo-Labor-2026', kw: '' } });
  expect(r.status()).toBe(200);
  const items = (await (await page.request.get('/api/guest/suche/dk?q=bohrer&lang=de')).json()).result.items as { Artikelnummer: string; Preis: number }[];
  expect((await page.request.post(`/api/wk/${encodeURIComponent(items.find((i) => i.Preis > 0)!.Artikelnummer)}/set/1`)).status()).toBe(200);
  await page.goto('/dk/de/wk/kasse');
  await expect(page.getByTestId('checkout')).toBeVisible();
  await expect(page.getByTestId('checkout-next')).toBeVisible();
  await noOverflow(page);
  await shot(page, 'checkout-ls-de');
});
