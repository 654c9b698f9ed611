// The portal's forms show the field messages of their one rule (src/api/form-schemas.ts) before anything
// is sent: contact form, a service request, the digitisation request and a label template — at 1366 and
// 390 px, in German and French, with screenshots under test-results/screens/portal-forms/ to look at.
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import de from '../../src/i18n/locales/de.json' with { type: 'json' };
import fr from '../../src/i18n/locales/fr.json' with { type: 'json' };
import { hydrated, loginLab, storeConsent } from './helpers.ts';

storeConsent();

const SHOTS = 'test-results/screens/portal-forms';
const TEXTS = { de: de as Record<string, string>, fr: fr as Record<string, string> };
const WIDTHS = [{ width: 1366, height: 900 }, { width: 390, height: 844 }] as const;

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}

async function noOverflow(page: Page): Promise<void> {
  const { sw, iw } = await page.evaluate(() => ({ sw: document.documentElement.scrollWidth, iw: window.innerWidth }));
  expect(sw).toBeLessThanOrEqual(iw);
}

for (const lang of ['de', 'fr'] as const) {
  const T = TEXTS[lang];
  for (const vp of WIDTHS) {
    test.describe(`${lang} ${vp.width}px`, () => {
      test.use({ viewport: vp });

      test('contact form: the empty form names every required field, nothing is sent', async ({ page }) => {
        let sent = false;
        page.on('request', (r) => { if (r.url().includes('/api/kontakt')) sent = true; });
        await page.goto(`/de/${lang}/kontakt/`);
        const form = page.getByTestId('contact-form');
        await form.hover(); // the form ships its JavaScript when the visitor reaches it
        await hydrated(page, '[data-testid="contact-form"]');
        await form.getByRole('button', { name: T['form.submit'] }).click();
        await expect(form.getByText(T.error_salutation_required!)).toBeVisible();
        await expect(form.locator('.sh-field__error')).toHaveCount(9);
        expect(sent).toBe(false);
        await noOverflow(page);
        await shot(page, `contact-${lang}`);
      });

      test('service request (return): photo, text and fields are named before sending', async ({ page }) => {
        await page.goto(`/de/${lang}/service/retoure/?form=retoure`);
        const form = page.getByTestId('service-form');
        await hydrated(page, '[data-testid="service-form"]');
        await form.getByRole('button', { name: T['form.submit'] }).click();
        await expect(page.getByTestId('photo-error')).toBeVisible();
        await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
        await noOverflow(page);
        await shot(page, `service-retoure-${lang}`);
      });

      test('digitisation: a drawer without photo is named', async ({ page }) => {
        await loginLab(page);
        await page.goto(`/de/${lang}/service/digitalisierung/`);
        const view = page.getByTestId('zl-digitalisierung');
        await expect(view.locator('form')).toBeVisible();
        await hydrated(page, '[data-testid="zl-digitalisierung"]');
        await view.locator('button[type="submit"]').click();
        await expect(view.getByText(T.digitisation_photo_per_drawer_required!)).toBeVisible();
        await noOverflow(page);
        await shot(page, `digitalisierung-${lang}`);
      });

      test('label template: labels that do not fit and a bad row count are named', async ({ page }) => {
        await loginLab(page);
        await page.goto(`/de/${lang}/label/create/advanced/`);
        const form = page.getByTestId('template-form');
        await expect(form).toBeVisible();
        await hydrated(page, '[data-testid="template-form"]');
        await form.locator('input[name="name"]').fill('Regel');
        await form.locator('input[name="rows"]').fill('0');
        await form.locator('button[type="submit"]').click();
        await expect(form.getByText(T['label.error_count']!)).toBeVisible();
        await form.locator('input[name="rows"]').fill('8');
        await form.locator('input[name="width"]').fill('150');
        await form.locator('button[type="submit"]').click();
        await expect(page.getByTestId('layout-error')).toHaveText(T['label.does_not_fit']!);
        await noOverflow(page);
        await shot(page, `label-template-${lang}`);
      });
    });
  }
}
