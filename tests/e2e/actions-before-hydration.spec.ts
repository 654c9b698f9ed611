// A form sent or a button pressed while its island's code is still loading (a slow phone): the browser
// must not send the form itself (a GET that puts every field, the password too, into the address, the
// server's log and the history), and the action is done once the island is ready, with what was typed.
import { test, expect, type Page } from '@playwright/test';
import { PASSWORD } from './helpers.ts';

/** Holds the island's code back until `release()`, so what the test does happens before hydration. */
async function holdIsland(page: Page, component: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => { release = r; });
  await page.route(new RegExp(`/_astro/${component}[^/]*\\.js$`), async (route) => { await held; await route.continue(); });
  return release;
}

test('new password sent before the form is ready: no field in the address; sent once ready, with the typed values', async ({ page }) => {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  const release = await holdIsland(page, 'NewPassword');
  const link = '/de/de/new-password/1/abcdefghijklmnopqrstuvwxyz012345';
  await page.goto(link);
  await expect(page.locator('astro-island', { has: page.getByTestId('new-password') }).first()).toHaveAttribute('ssr', '');
  const form = page.getByTestId('new-password');
  await form.locator('[data-field="password"]').fill('Geheim-vor-dem-Laden-1');
  await form.locator('[data-field="password2"]').fill('Geheim-vor-dem-Laden-1');
  await form.getByRole('button', { name: 'Speichern' }).click();
  await page.waitForTimeout(300);
  expect(page.url()).toMatch(new RegExp(`${link}$`));
  release();
  // the held-back send runs with the typed values (empty ones would be refused in the form): the server's
  // answer for this unknown link
  await expect(form.getByRole('alert')).toContainText('Dieser Link ist ungültig oder abgelaufen.');
  await expect(form.locator('[data-field="password"]')).toHaveValue('Geheim-vor-dem-Laden-1');
  expect(urls.filter((u) => /password=|Geheim/.test(u))).toEqual([]);
  expect(page.url()).toMatch(new RegExp(`${link}$`));
});

test('password forgotten, sent by Enter before the form is ready: the request goes out once ready', async ({ page }) => {
  const release = await holdIsland(page, 'PasswordForgot');
  await page.goto('/de/de/passwort-vergessen/');
  const form = page.getByTestId('password-forgot');
  await form.locator('[data-field="login"]').fill('niemand@example.com');
  await form.locator('[data-field="login"]').press('Enter');
  await page.waitForTimeout(300);
  expect(page.url()).toMatch(/\/de\/de\/passwort-vergessen\/$/);
  release();
  await expect(form.getByRole('status')).toContainText('Falls ein passendes Konto existiert');
});

test('"Abmelden" pressed before my account is ready: the customer is logged out once it is', async ({ page }) => {
  expect((await page.request.post('/api/login', { data: { Firma: 1, Benutzername: '654321', Kennwort: PASSWORD, kw: '' } })).status()).toBe(200);
  const release = await holdIsland(page, 'KontoView');
  await page.goto('/de/de/konto/');
  await expect(page.locator('astro-island', { has: page.getByTestId('konto') }).first()).toHaveAttribute('ssr', '');
  await page.getByTestId('konto').getByRole('button', { name: 'Abmelden' }).click();
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(/\/de\/de\/konto\/$/);
  release();
  await expect(page).toHaveURL(/\/de\/de\/$/);
  await expect(page.locator('html')).toHaveAttribute('data-auth', 'guest');
});

test('a language chosen before the site script has run is applied once it runs', async ({ page }) => {
  // the change event fired before the script listened for it: the choice stayed in the box and nothing happened
  const release = await holdIsland(page, 'SiteLayout');
  // the held module script holds DOMContentLoaded back too: wait for the box itself
  await page.goto('/de/de/service/', { waitUntil: 'commit' });
  await page.locator('#prenav-lang').selectOption('fr');
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(/\/de\/de\/service\/$/);
  release();
  await expect(page).toHaveURL(/\/de\/fr\/service\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  // back to the German page: its language box shows German again and does not send the French choice a second time
  await page.goBack();
  await expect(page).toHaveURL(/\/de\/de\/service\/$/);
  await expect(page.locator('#prenav-lang')).toHaveValue('de');
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/de\/de\/service\/$/);
});
