// Issue 9 item 5 in the browser: the public forms carry the hidden honeypot (not visible, not reachable by
// Tab, sent empty), and a guest's contact request promises no mail (none goes to a typed address).
// Screens at desktop and phone size, German and English, under test-results/screens/forms/.
import { expect, test, type Page } from '@playwright/test';
import de from '../../src/i18n/locales/de.json' with { type: 'json' };
import en from '../../src/i18n/locales/en.json' with { type: 'json' };
import { HONEYPOT_FIELD } from '../../src/lib/rules/constants.ts';
import { hydrated, storeConsent } from './helpers.ts';

const TEXTS: Record<string, Record<string, string>> = { de, en };
const SIZES = [{ name: 'desktop', width: 1366, height: 900 }, { name: 'phone', width: 390, height: 844 }] as const;
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screens/forms/${name}.png` });

storeConsent();

for (const lang of ['de', 'en'] as const) {
  for (const size of SIZES) {
    test(`guest contact form: honeypot hidden and empty, no mail promised (${lang}, ${size.name})`, async ({ page }) => {
      const T = TEXTS[lang]!;
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(`/de/${lang}/kontakt/`);
      const form = page.getByTestId('contact-form');
      await form.hover();
      await hydrated(page, '[data-testid="contact-form"]');
      const trap = form.locator(`input[name="${HONEYPOT_FIELD}"]`);
      await expect(trap).toHaveCount(1);
      await expect(trap).not.toBeInViewport();
      await expect(trap).toHaveAttribute('tabindex', '-1');
      await form.getByLabel(T['form.salutation']!).selectOption('W');
      await form.getByLabel(T['form.firstname']!).fill('Erika');
      await form.getByLabel(T['form.lastname']!).fill('Muster');
      const email = `gast-${lang}-${size.name}-${Date.now()}@example.org`;
      await form.getByLabel(T['form.email']!).fill(email);
      await form.getByLabel(T['form.phone']!).fill('+49 40 1234567');
      await form.getByLabel(T['form.date']!).fill('2030-05-04');
      await form.getByLabel(T['form.time']!).fill('10:30');
      await form.getByLabel(T['form.product']!).fill('4711');
      await form.getByLabel(T['form.message']!).fill('Bitte um Rückruf.');
      // Tab from the message goes to the submit button, never into the trap
      await form.getByLabel(T['form.message']!).focus();
      await page.keyboard.press('Tab');
      await expect(form.getByRole('button', { name: T['form.submit'] })).toBeFocused();
      await shot(page, `contact-form-${lang}-${size.name}`);
      await form.getByRole('button', { name: T['form.submit'] }).click();
      await expect(page.getByTestId('referenz')).toHaveText(/^KT-\d{4}-\d{6}$/);
      await expect(page.getByTestId('contact-success')).toContainText(T['form.success_text_guest']!);
      await expect(page.getByTestId('contact-success')).not.toContainText(T['form.success_text']!);
      await shot(page, `contact-success-guest-${lang}-${size.name}`);
      const mails = (await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()).result;
      expect(mails).toHaveLength(0);
    });
  }
}

test('register, quick register and password forgotten render the honeypot out of sight', async ({ page }) => {
  for (const path of ['/de/de/register/', '/de/de/fast-register/', '/de/en/passwort-vergessen/']) {
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      expect((await page.goto(path))?.status()).toBe(200);
      const trap = page.locator(`input[name="${HONEYPOT_FIELD}"]`);
      await expect(trap).toHaveCount(1);
      await expect(trap).not.toBeInViewport();
      await shot(page, `${path.split('/').filter(Boolean).join('-')}-${size.name}`);
    }
  }
});
