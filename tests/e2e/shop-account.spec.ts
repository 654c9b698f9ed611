// Login and accounts in a real browser: login panel and its error dialogs (sections 5 and 8), the
// user-select panel with greeting, the remembered add of a guest, logout and session expiry in
// every tab, registration checks, password forgotten via the outbox, the guest-only country selector.
import { test, expect, type Page, type BrowserContext } from '@playwright/test';
import { GREETING_MS } from '../../src/lib/rules/constants.ts';

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
