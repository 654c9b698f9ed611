// Login and accounts in a real browser: login panel and its error dialogs (sections 5 and 8), the
// user-select panel with greeting, the remembered add of a guest, logout and session expiry in
// every tab, registration checks, password forgotten via the outbox, the guest-only country selector.
import { test, expect, type Page, type BrowserContext } from '@playwright/test';
import { GREETING_MS } from '../../src/lib/rules/constants.ts';
import { colourFor } from '../../src/lib/rules/locale.ts';
import { artbez } from '../../src/lib/rules/artnr.ts';
import { hydrated } from './helpers.ts';

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
    await hydrated(page, '[data-testid="konto"]');
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

const fieldError = (page: Page, name: string) => page.locator(`.sh-field:has([data-field="${name}"]) .sh-field__error`);
const uniqueEmail = (tag: string) => `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function outboxLink(page: Page, to: string, kind: string, re: RegExp): Promise<string> {
  let link = '';
  await expect.poll(async () => {
    const mails = (await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()).result as { kind: string; text: string }[];
    link = re.exec(mails.find((m) => m.kind === kind)?.text ?? '')?.[0] ?? '';
    return link;
  }).not.toBe('');
  return link;
}

test.describe('registration', () => {
  test('register: required fields, e-mail and password twice, postal code, industry, server answers', async ({ page }) => {
    await page.goto('/de/de/register/');
    await hydrated(page, '[data-testid="register-full"]');
    const form = page.getByTestId('register-full');
    const submit = form.getByRole('button', { name: 'Zugang anlegen' });
    await submit.click();
    for (const f of ['eMail', 'Kennwort', 'Vorname', 'Nachname', 'NamensZeile1', 'Strasse', 'PLZ', 'Ort', 'TelefonRufnummer']) {
      await expect(fieldError(page, f), f).toHaveText('Bitte ausfüllen');
    }
    await expect(fieldError(page, 'Branche')).toHaveText('Bitte wählen Sie eine Branche aus.');

    const fill = async (v: Record<string, string>) => { for (const [k, x] of Object.entries(v)) await form.locator(`[data-field="${k}"]`).fill(x); };
    await fill({ eMail: 'kein-at-zeichen', eMail2: 'x@example.com', Kennwort: 'kurz', Kennwort2: 'kurz', PLZ: 'abc' });
    await submit.click();
    await expect(fieldError(page, 'eMail')).toHaveText('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    await expect(fieldError(page, 'Kennwort')).toHaveText('Das Kennwort muss 7 bis 100 Zeichen lang sein.');
    await expect(fieldError(page, 'PLZ')).toHaveText('Bitte geben Sie eine gültige Postleitzahl ein.');
    await fill({ eMail: 'neu@example.com', Kennwort: 'lang-genug-1', Kennwort2: 'lang-genug-2', PLZ: '20095' });
    await submit.click();
    await expect(fieldError(page, 'eMail2')).toHaveText('Die E-Mail-Adressen stimmen nicht überein.');
    await expect(fieldError(page, 'Kennwort2')).toHaveText('Die Kennwörter stimmen nicht überein.');

    // complete and valid, but the e-mail address is taken: the server's answer
    await fill({
      eMail: 'labor@example.com', eMail2: 'labor@example.com', Kennwort: 'lang-genug-1', Kennwort2: 'lang-genug-1',
      Vorname: 'Eva', Nachname: 'Muster', NamensZeile1: 'Labor Muster', Strasse: 'Weg 1', Ort: 'Hamburg', TelefonRufnummer: '040 123456',
    });
    await form.locator('[data-field="Branche"]').selectOption('1');
    await submit.click();
    await expect(fieldError(page, 'eMail')).toHaveText('Diese E-Mail-Adresse ist bereits registriert.');

    // existing customers: customer number and postal code
    await fill({ Kundennummer: '999999', eMail: 'neu@example.com', eMail2: 'neu@example.com' });
    await submit.click();
    await expect(form.getByRole('alert').last()).toContainText('Diese Kundennummer existiert nicht.');
    await fill({ Kundennummer: '123456', PLZ: '99999' });
    await submit.click();
    await expect(form.getByRole('alert').last()).toContainText('Kundennummer und Postleitzahl passen nicht zusammen.');
    await fill({ PLZ: '20457' });
    await submit.click();
    await expect(form.getByRole('alert').last()).toContainText('Der Benutzer existiert bereits, aber E-Mail-Adresse oder Kennwort sind falsch.');
  });

  test('quick registration → verification mail → verify link → login with the new account', async ({ page }) => {
    const email = uniqueEmail('fast');
    await page.goto('/de/de/fast-register/');
    await hydrated(page, '[data-testid="register-fast"]');
    const form = page.getByTestId('register-fast');
    await form.locator('[data-field="eMail"]').fill(email);
    await form.locator('[data-field="eMail2"]').fill(email);
    await form.locator('[data-field="Kennwort"]').fill('Neues-Labor-1');
    await form.locator('[data-field="Kennwort2"]').fill('Neues-Labor-1');
    await form.locator('[data-field="NamensZeile1"]').fill('Labor Schnell');
    await form.locator('[data-field="PLZ"]').fill('20095');
    await form.getByRole('button', { name: 'Zugang anlegen' }).click();
    await expect(page.getByTestId('register-success')).toBeVisible();

    // not verified yet: login_error_5
    await openLogin(page);
    await fillLogin(page, email, 'Neues-Labor-1');
    await expect(dialog(page)).toContainText('Bitte bestätigen Sie zuerst Ihre Registrierung');
    await dialog(page).getByRole('button').first().click();

    const link = await outboxLink(page, email, 'verify', /\/de\/de\/verify\/[A-Za-z0-9_-]+/);
    await page.goto(link);
    await expect(page).toHaveURL(/\/de\/de\/$/);
    await expect(page.locator('.toast')).toContainText('Ihr Konto ist jetzt bestätigt.');
    await expect(page.getByTestId('login-panel')).toBeVisible();
    await fillLogin(page, email, 'Neues-Labor-1');
    await expect(page.getByTestId('user-select')).toBeVisible();

    // the link again: already verified; a made-up one: record missing
    await page.goto(link);
    await expect(dialog(page)).toContainText('Ihr Konto wurde bereits bestätigt.');
    await page.goto('/de/de/verify/abcdefghijklmnopqrstuvwxyz');
    await expect(dialog(page)).toContainText('Zu diesem Bestätigungslink wurde kein Datensatz gefunden.');
  });

  test('register and quick registration are blocked when logged in', async ({ page }) => {
    await page.request.post('/api/login', { data: { Firma: 1, Benutzername: '123456', Kennwort: PASSWORD, kw: '' } });
    await page.goto('/de/de/register/');
    await expect(page).toHaveURL(/\/de\/de\/404\/?$/);
    await page.goto('/de/de/fast-register/');
    await expect(page).toHaveURL(/\/de\/de\/404\/?$/);
  });
});

test('password forgotten → mail in the outbox → new-password link → login with the new password', async ({ page }) => {
  // a fresh verified account, so the demo logins keep their password
  const email = uniqueEmail('reset');
  const reg = await page.request.post('/api/guest/register/fast?country=de&lang=de', {
    data: { eMail: email, eMail2: email, Kennwort: 'Altes-Kennwort-1', Kennwort2: 'Altes-Kennwort-1', NamensZeile1: 'Labor Vergessen', PLZ: '20095', LandISO2: 'DE' },
  });
  expect(reg.status()).toBe(200);
  const verify = await outboxLink(page, email, 'verify', /\/verify\/[A-Za-z0-9_-]+/);
  expect((await page.request.get(`/api/guest/register${verify}/de/de`)).status()).toBe(200);

  await page.goto('/de/de/passwort-vergessen/');
  await hydrated(page, '[data-testid="password-forgot"]');
  const form = page.getByTestId('password-forgot');
  await form.getByRole('button', { name: 'Link anfordern' }).click();
  // the form has no password: the empty name is a plain required field (issue 12)
  await expect(fieldError(page, 'login')).toHaveText('Bitte ausfüllen');
  await form.locator('[data-field="login"]').fill(email);
  await form.getByRole('button', { name: 'Link anfordern' }).click();
  await expect(form.getByRole('status')).toContainText('Falls ein passendes Konto existiert');

  const link = await outboxLink(page, email, 'password_reset', /\/de\/de\/new-password\/\d+\/[A-Za-z0-9_-]+/);
  await page.goto(link);
  await hydrated(page, '[data-testid="new-password"]');
  const np = page.getByTestId('new-password');
  await np.locator('[data-field="password"]').fill('kurz');
  await np.locator('[data-field="password2"]').fill('kurz');
  await np.getByRole('button', { name: 'Speichern' }).click();
  await expect(fieldError(page, 'password')).toHaveText('Das Kennwort muss 7 bis 100 Zeichen lang sein.');
  await np.locator('[data-field="password"]').fill('Neues-Kennwort-2');
  await np.locator('[data-field="password2"]').fill('Neues-Kennwort-3');
  await np.getByRole('button', { name: 'Speichern' }).click();
  await expect(fieldError(page, 'password2')).toHaveText('Die Kennwörter stimmen nicht überein.');
  await np.locator('[data-field="password2"]').fill('Neues-Kennwort-2');
  await np.getByRole('button', { name: 'Speichern' }).click();
  await expect(np.getByRole('status')).toContainText('Ihr Kennwort wurde geändert.');

  // the link is used up
  await page.goto(link);
  await hydrated(page, '[data-testid="new-password"]');
  await page.getByTestId('new-password').locator('[data-field="password"]').fill('Noch-eines-4');
  await page.getByTestId('new-password').locator('[data-field="password2"]').fill('Noch-eines-4');
  await page.getByTestId('new-password').getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByTestId('new-password').getByRole('alert')).toContainText('Dieser Link ist ungültig oder abgelaufen.');

  await openLogin(page);
  await fillLogin(page, email, 'Altes-Kennwort-1');
  await expect(dialog(page)).toContainText('Benutzername oder Kennwort ungültig');
  await dialog(page).getByRole('button').first().click();
  await fillLogin(page, email, 'Neues-Kennwort-2');
  await expect(page.getByTestId('user-select')).toBeVisible();
});

test('login-only page: the server renders the login-required popup; login from it shows the page; kundendaten checks', async ({ page }) => {
  await page.goto('/de/de/kundendaten-aendern/');
  const popup = page.locator('[data-login-required]');
  await expect(popup).toBeVisible();
  await expect(page.getByTestId('kundendaten')).toHaveCount(0);
  await popup.getByRole('link', { name: 'Anmelden' }).click();
  await expect(page.getByTestId('login-panel')).toBeVisible();
  await fillLogin(page, '654321', PASSWORD);
  // reloaded for the customer, the user-select panel open
  const users = page.getByTestId('user-select');
  await expect(users).toBeVisible();
  await expect(popup).toHaveCount(0);
  await users.getByRole('button', { name: 'Abbrechen' }).click();

  const form = page.getByTestId('kundendaten');
  await expect(form.locator('[data-field="PLZ"]')).not.toHaveValue('');
  await form.locator('[data-field="PLZ"]').fill('');
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(fieldError(page, 'PLZ')).toHaveText('Bitte ausfüllen');
  await form.locator('[data-field="PLZ"]').fill('1234');
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(fieldError(page, 'PLZ')).toHaveText('Bitte geben Sie eine gültige Postleitzahl ein.');
  await form.locator('[data-field="PLZ"]').fill('20095');
  await form.locator('[data-field="eMail"]').fill('labor@example.com');
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(fieldError(page, 'eMail2')).toHaveText('Bitte ausfüllen');
  await form.locator('[data-field="eMail2"]').fill('labor@example.com');
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(fieldError(page, 'eMail')).toHaveText('Diese E-Mail-Adresse ist bereits registriert.');
  await expect(form.getByRole('alert').last()).toHaveText('Fehler bei der Kundendatenänderung');
});

test('mobile: login from the side menu, my account changes country and language (stored), keyboard closes panels', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/de/de/');
  await page.locator('[data-side-open]').click();
  await page.locator('#side-menu [data-ui-action="login"]').first().click();
  const panel = page.getByTestId('login-panel');
  await expect(panel).toBeVisible();
  await expect(page.locator('#side-menu')).not.toHaveClass(/is-open/);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await page.locator('[data-side-open]').click();
  await page.locator('#side-menu [data-ui-action="login"]').first().click();
  await page.getByTestId('login-username').fill('654321');
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-password').press('Enter');
  await expect(page.getByTestId('user-select')).toBeVisible();
  const box = await page.getByTestId('user-select').boundingBox();
  expect(Math.round(box!.width)).toBeLessThanOrEqual(390); // sub-pixel layout
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('user-select')).toBeHidden();

  await page.goto('/de/de/konto/#einstellungen');
  await hydrated(page, '[data-testid="konto-settings"]');
  const settings = page.getByTestId('konto-settings');
  await settings.getByLabel('Land').selectOption('dk');
  await settings.getByLabel('Sprache').selectOption('en');
  await settings.getByRole('button', { name: 'Speichern' }).click();
  await expect(page).toHaveURL(/\/dk\/en\/konto\/?#einstellungen$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await page.evaluate(() => [localStorage.getItem('country'), localStorage.getItem('language')])).toEqual(['dk', 'en']);
  // back, so the other specs find the customer as before
  const back = await page.request.put('/api/user/settings', { data: { country: 'de', language: 'de' } });
  expect(back.status()).toBe(200);
});

test('konto: every entry of the sub-navigation names the section it leads to, as its heading does', async ({ page }) => {
  await page.request.post('/api/login', { data: { Firma: 1, Benutzername: '123456', Kennwort: PASSWORD, kw: '' } });
  for (const loc of ['de/de', 'fr/fr']) {
    await page.goto(`/${loc}/konto/`);
    await hydrated(page, '[data-testid="konto"]');
    const links = page.locator('[data-subnav] .subnav__list a');
    await expect(links).toHaveCount(6);
    for (const link of await links.all()) {
      const hash = (await link.getAttribute('href'))!;
      await expect(page.locator(`${hash} h2`).first(), `${loc} ${hash}`).toHaveText((await link.textContent())!.trim());
    }
  }
});
