// Login and accounts in a real browser: login panel and its error dialogs (sections 5 and 8), the
// user-select panel with greeting, the remembered add of a guest, logout and session expiry in
// every tab, registration checks, password forgotten via the outbox, the guest-only country selector.
import { test, expect, type Page, type BrowserContext } from '@playwright/test';
import { GREETING_MS } from '../../src/lib/rules/constants.ts';
import { colourFor } from '../../src/lib/rules/locale.ts';
import { artbez } from '../../src/lib/rules/artnr.ts';

const PASSWORD = 'Demo-Labor-2026';

test.beforeEach(async ({ context, baseURL }) => {
  // the cookie banner stays out of the way (its own spec covers it)
  await context.addCookies([{ name: 'cookieconsent', value: 'consent', url: baseURL! }]);
});

/** The header's login entry opens the side panel (the island hydrates on that click). */
async function openLogin(page: Page) {
  await page.locator('.topbar [data-ui-action="login"]').first().click();
  const panel = page.getByTestId('login-panel');
  await expect(panel).toBeVisible();
  return panel;
}

async function fillLogin(page: Page, user: string, pw: string) {
  const panel = page.getByTestId('login-panel');
  await panel.getByTestId('login-username').fill(user);
  await panel.getByTestId('login-password').fill(pw);
  await panel.getByTestId('login-submit').click();
}

const dialog = (page: Page) => page.locator('dialog[data-ui-dialog][open]');

async function sid(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === 'sid');
}

test.describe('login panel', () => {
  test('wrong password shows the spec text in the error dialog', async ({ page, context }) => {
    await page.goto('/de/de/');
    await openLogin(page);
    await fillLogin(page, '123456', 'falsches-Kennwort');
    await expect(dialog(page)).toContainText('Login nicht möglich');
    await expect(dialog(page)).toContainText('Benutzername oder Kennwort ungültig');
    expect(await sid(context)).toBeUndefined();
  });

  test('missing or malformed input: give credentials dialog, and the failure is logged', async ({ page }) => {
    await page.goto('/de/de/');
    await openLogin(page);
    const logged = page.waitForRequest((r) => r.url().endsWith('/api/logs') && r.method() === 'POST');
    await fillLogin(page, '', '');
    const req = await logged;
    expect(req.postDataJSON()).toMatchObject({ error: 'give_credentials' });
    await expect(dialog(page)).toContainText('Bitte geben Sie Kundennummer oder E-Mail-Adresse und Kennwort ein.');
    await dialog(page).getByRole('button').first().click();
    await fillLogin(page, 'abc123', PASSWORD);
    await expect(dialog(page)).toContainText('Die E-Mail-Adresse hat ein ungültiges Format.');
  });
});

test.describe('after login', () => {
  test('customer number: user-select panel with main user and K07/K09/K13 sub-users, greeting in colour, reload', async ({ page }) => {
    await page.goto('/de/de/');
    await expect(page.locator('#prenav-country')).toBeVisible();
    await openLogin(page);
    await fillLogin(page, '123456', PASSWORD);
    const panel = page.getByTestId('user-select');
    await expect(panel).toBeVisible();
    await expect(page.getByTestId('login-panel')).toBeHidden();
    const rows = panel.locator('.sh-user');
    await expect(rows).toHaveCount(5);
    await expect(rows.nth(0)).toContainText('Thomas Keller');
    await expect(rows.nth(0)).toContainText('Generalberechtigung');
    await expect(rows.nth(1)).toContainText('Anna Keller');
    await expect(rows.nth(1)).toContainText('Laborleitung');
    await expect(rows.nth(2)).toContainText('Ben Schulz');
    await expect(rows.nth(2)).toContainText('Einkauf');
    await expect(rows.nth(3)).toContainText('Clara Wagner');
    await expect(rows.nth(3)).toContainText('Zahntechnik');
    await expect(rows.nth(4)).toContainText('Einkauf, Zahntechnik');
    await expect(rows.nth(2).getByRole('link', { name: /Benutzer bearbeiten/ })).toHaveAttribute('href', '/de/de/logbuch/user/2');
    await expect(panel.getByRole('link', { name: 'Benutzer hinzufügen' })).toHaveAttribute('href', '/de/de/logbuch/user/create');
    // the country selector is for guests only
    await expect(page.locator('#prenav-country')).toBeHidden();

    const started = Date.now();
    const reloaded = page.waitForEvent('load');
    await rows.nth(2).getByRole('button').click();
    const greeting = page.getByTestId('user-greeting');
    await expect(greeting).toContainText('Ben Schulz');
    const colour = await greeting.locator('span').evaluate((el) => getComputedStyle(el).color);
    expect(colour).toBe(hexToRgb(colourFor(2)));
    await reloaded;
    expect(Date.now() - started).toBeGreaterThanOrEqual(GREETING_MS - 100);
    const me = await page.request.get('/api/user/infos');
    expect((await me.json()).result.activeUser).toMatchObject({ id: 2, vorname: 'Ben' });
    await expect(page.locator('#prenav-country')).toBeHidden();
  });

  test('e-mail login; cancel closes the user select; logout in my account', async ({ page, context }) => {
    await page.goto('/de/de/service/');
    await openLogin(page);
    await fillLogin(page, 'labor@example.com', PASSWORD);
    const panel = page.getByTestId('user-select');
    await expect(panel.locator('.sh-user')).toHaveCount(5);
    await panel.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(panel).toBeHidden();
    await expect(page.locator('html')).toHaveAttribute('data-auth', 'customer');
    expect(await sid(context)).toBeDefined();
    await page.goto('/de/de/konto/');
    await page.getByTestId('konto').getByRole('button', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(/\/de\/de\/$/);
    await expect(page.locator('html')).toHaveAttribute('data-auth', 'guest');
    await expect(page.locator('#prenav-country')).toBeVisible();
    expect(await sid(context)).toBeUndefined();
  });
});

function hexToRgb(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

/** An orderable article (not a variant parent, with a price) and its detail page. */
async function orderableArticle(page: Page): Promise<{ artnr: string; path: string }> {
  const res = await page.request.get('/api/guest/suche/de?q=bonder&limit=10');
  const items = (await res.json()).result.items as { Artikelnummer: string; Bezeichnung: string; IstReferenz: number; Preis: number; AusSortiment: number }[];
  const a = items.find((i) => !i.IstReferenz && i.Preis > 0.02 && !i.AusSortiment)!;
  expect(a).toBeDefined();
  return { artnr: a.Artikelnummer, path: `/de/de/shop/artikel/${artbez(a.Artikelnummer, a.Bezeichnung)}/details` };
}

test('guest add to cart: remembered, login, the remembered add runs, back on the remembered page', async ({ page }) => {
  // a known empty cart for 654321 (API login in this browser context, then logout)
  await page.request.post('/api/login', { data: { Firma: 1, Benutzername: '654321', Kennwort: PASSWORD, kw: '' } });
  await page.request.post('/api/wk/delete');
  await page.request.get('/api/logout');

  const { artnr, path } = await orderableArticle(page);
  await page.goto(path);
  const actions = page.getByTestId('product-actions');
  await actions.getByRole('button', { name: 'Menge erhöhen' }).click();
  await actions.getByRole('button', { name: 'Menge erhöhen' }).click();
  await expect(actions.locator('input[type=number]')).toHaveValue('3');
  await actions.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('login-panel')).toBeVisible();
  expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('shop:pendingAdd')))!)).toMatchObject({ artnr, qty: 3 });

  // the guest looks around first, then logs in somewhere else
  await page.goto('/de/de/service/');
  await openLogin(page);
  await fillLogin(page, '654321', PASSWORD);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/?$`));
  await expect(page.getByTestId('user-select')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('shop:pendingAdd'))).toBeNull();
  const cart = await page.request.get('/api/wkJSON/D');
  const lines = (await cart.json()).result as { Artikelnummer: string; Menge: number }[];
  expect(lines.map((l) => [l.Artikelnummer, l.Menge])).toEqual([[artnr, 3]]);
  await expect(page.locator('[data-cart-counter]').first()).toHaveText('1');
});

test('session expiry: the next call answers 401 and every tab logs out', async ({ page, context }) => {
  await page.request.post('/api/login', { data: { Firma: 1, Benutzername: '123456', Kennwort: PASSWORD, kw: '' } });
  await page.goto('/de/de/konto/');
  const konto = page.getByTestId('konto');
  await expect(konto).toBeVisible();
  const newsletter = konto.locator('#meine_newsletter input[type=checkbox]');
  await expect(newsletter).toBeEnabled();
  const other = await context.newPage();
  await other.goto('/de/de/');
  await expect(other.locator('html')).toHaveAttribute('data-auth', 'customer');
  await expect(other.locator('#prenav-country')).toBeHidden();

  await context.clearCookies({ name: 'sid' });
  const answered = page.waitForResponse((r) => r.url().includes('/api/user/kundendaten'));
  await newsletter.click();
  expect((await answered).status()).toBe(401);
  // this tab: the login-only page comes back with the login-required popup and the notice
  await expect(page.locator('[data-login-required]')).toBeVisible();
  await expect(page.locator('.toast')).toContainText('Sie wurden abgemeldet.');
  // the other tab: the header shows the guest again
  await expect(other.locator('html')).toHaveAttribute('data-auth', 'guest');
  await expect(other.locator('#prenav-country')).toBeVisible();
});
