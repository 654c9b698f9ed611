// A text shown raw as its key (issue 10). The route sweep (sweep.spec.ts) checks what pages show
// on load with a key-shaped pattern; this spec drives the islands into the states a page load never
// shows — browser-side form checks, API error answers, the cart and checkout with content — in
// German and French, logged in where the page needs it, and fails on any visible token that IS a
// key of the locale files (or an unreplaced {{param}}). Screenshots: test-results/screens/i18n/.
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import de from '../../src/i18n/locales/de.json' with { type: 'json' };
import fr from '../../src/i18n/locales/fr.json' with { type: 'json' };
import { hydrated, PASSWORD, renderOutOfSight } from './helpers.ts';

const SHOTS = 'test-results/screens/i18n';
const TEXTS: Record<string, Record<string, string>> = { de, fr };
// keys a reader could never mistake for a word: with a dot or an underscore
const KEYS = new Set(Object.keys(de).filter((k) => /[._]/.test(k)).flatMap((k) => [k, k.replace(/_(zero|one|two|few|many|other)$/, '')]));
const WIDTHS = [{ width: 1366, height: 900 }, { width: 390, height: 844 }];

/** Visible texts, labels, placeholders and titles of the page that are locale keys. */
async function rawKeys(page: Page): Promise<string[]> {
  await renderOutOfSight(page);
  const texts = await page.evaluate(() => {
    const out: string[] = [document.body.innerText];
    for (const el of document.querySelectorAll('[placeholder],[aria-label],[title],img[alt],option')) {
      if (!(el as HTMLElement).checkVisibility?.() && el.tagName !== 'OPTION') continue;
      for (const a of ['placeholder', 'aria-label', 'title', 'alt']) { const v = el.getAttribute(a); if (v) out.push(v); }
      if (el.tagName === 'OPTION') out.push(el.textContent ?? '');
    }
    return out;
  });
  const found = new Set<string>();
  for (const t of texts) {
    for (const m of t.matchAll(/\{\{\s*\w+\s*(?:,[^}]*)?\}\}/g)) found.add(m[0]);
    for (const raw of t.split(/[\s,;:!?()«»"„“”'’]+/)) { const tok = raw.replace(/\.$/, ''); if (KEYS.has(tok)) found.add(tok); }
  }
  return [...found];
}

async function check(page: Page, what: string, shot?: string): Promise<void> {
  expect(await rawKeys(page), what).toEqual([]);
  if (!shot) return;
  for (const vp of WIDTHS) {
    await page.setViewportSize(vp);
    // the first error text in the middle of the window
    await page.evaluate(() => document.querySelector('.sh-field__error, [role="alert"], [data-testid$="-error"]')?.scrollIntoView({ block: 'center' }));
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${shot}-${vp.width}.png` });
  }
  await page.setViewportSize(WIDTHS[0]!);
}

async function login(page: Page): Promise<void> {
  expect((await page.request.post('/api/login', { data: { Firma: 1, Benutzername: '123456', Kennwort: PASSWORD, kw: '' } })).status()).toBe(200);
  expect((await page.request.put('/api/user/active', { data: { id: 0, password: PASSWORD } })).status()).toBe(200);
}

test.beforeAll(() => { fs.mkdirSync(SHOTS, { recursive: true }); });
test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'cookieconsent', value: 'consent', url: baseURL! }, { name: 'ytconsent', value: 'noconsent', url: baseURL! }]);
});

test('the detector finds keys and {{params}}, not ordinary words', async ({ page }) => {
  await page.setContent('<main><p>Fehler: register_kdnr_not_found</p><p>Hallo {{name}}</p><p>Ein Fehler ist aufgetreten. generic network</p><button aria-label="shop.add_to_cart">+</button><select><option>lang.de</option></select></main>');
  expect((await rawKeys(page)).sort()).toEqual(['lang.de', 'register_kdnr_not_found', 'shop.add_to_cart', '{{name}}'].sort());
});

for (const lang of ['de', 'fr'] as const) {
  const T = TEXTS[lang]!;
  const B = `/de/${lang}`;

  test(`${lang}: registration — browser checks and the server's register_* answers`, async ({ page }) => {
    await page.goto(`${B}/register/`);
    const form = page.getByTestId('register-full');
    await hydrated(page, '[data-testid="register-full"]');
    const submit = form.locator('button[type="submit"]');
    await submit.click();
    await expect(form.locator('.sh-field__error').first()).toBeVisible();
    await check(page, 'register: empty');
    const fill = async (v: Record<string, string>) => { for (const [k, x] of Object.entries(v)) await form.locator(`[data-field="${k}"]`).fill(x); };
    await fill({
      eMail: 'neu-i18n@example.com', eMail2: 'neu-i18n@example.com', Kennwort: 'lang-genug-1', Kennwort2: 'lang-genug-1', PLZ: '20095',
      Vorname: 'Łukasz', Nachname: 'Dvořák', NamensZeile1: 'Labor Kőrösi', Strasse: 'Weg 1', Ort: 'Hamburg', TelefonRufnummer: '040 123456', Kundennummer: '999999',
    });
    await form.locator('[data-field="Branche"]').selectOption('1');
    await submit.click();
    await expect(form.getByRole('alert').last()).toContainText(T.register_kdnr_not_found!);
    await check(page, 'register: unknown customer number', `register-error-${lang}`);
  });

  test(`${lang}: contact form — every field check`, async ({ page }) => {
    await page.goto(`${B}/kontakt/`);
    const form = page.getByTestId('contact-form');
    await form.hover();
    await hydrated(page, '[data-testid="contact-form"]');
    await form.getByRole('button', { name: T['form.submit'] }).click();
    await expect(form.locator('.sh-field__error')).toHaveCount(9);
    await form.getByLabel(T['form.email']!).fill('erika@');
    await form.getByLabel(T['form.phone']!).fill('abc');
    await form.getByRole('button', { name: T['form.submit'] }).click();
    await expect(form.getByText(T.invalid_email!)).toBeVisible();
    await form.scrollIntoViewIfNeeded();
    await check(page, 'contact: errors', `contact-errors-${lang}`);
  });

  test(`${lang}: logged in — digitisation error, customer data error, cart, checkout and portal pages`, async ({ page }) => {
    await login(page);
    await page.goto(`${B}/service/digitalisierung`);
    await hydrated(page, '[data-testid="zl-digitalisierung"]');
    await page.getByTestId('zl-digi-send').click();
    await expect(page.getByTestId('zl-digi-error')).toHaveText(T.digitisation_photo_per_drawer_required!);
    await check(page, 'digitisation: no photo', `digitalisierung-error-${lang}`);

    await page.goto(`${B}/kundendaten-aendern/`);
    const data = page.getByTestId('kundendaten');
    await hydrated(page, '[data-testid="kundendaten"]');
    const plz = data.locator('[data-field="PLZ"]');
    await plz.fill('x');
    await data.locator('button[type="submit"]').click();
    await expect(data.locator('.sh-field__error').first()).toBeVisible();
    await check(page, 'customer data: invalid postal code');

    const art = (await (await page.request.get('/api/suche/de?q=zahn&limit=1')).json()).result.items[0].Artikelnummer as string;
    await page.request.post('/api/wk/delete');
    expect((await page.request.post(`/api/wk/${encodeURIComponent(art)}/add/2`)).status()).toBe(200);
    try {
      for (const rest of ['wk/', 'wk/kasse/', 'konto/', 'zahnlager/', 'label/select/', 'logbuch/user/', 'shop/schnellbestellung/']) {
        await page.goto(`${B}/${rest}`);
        await page.waitForLoadState('networkidle');
        await check(page, rest);
      }
    } finally {
      await page.request.post('/api/wk/delete');
    }
  });
}
