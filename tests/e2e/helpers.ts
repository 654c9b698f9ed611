// Shared steps of the shop and portal specs: stored cookie consent (the banner would cover buttons), logging
// in through the API or through the login panel like a customer, and waiting for an island to hydrate
// before typing into it (typed text and clicks before hydration are lost).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

export const PASSWORD = 'Demo-Labor-2026';

export function storeConsent(): void {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: 'cookieconsent', value: 'consent', url: baseURL! }, { name: 'ytconsent', value: 'noconsent', url: baseURL! }]);
  });
}

/** Logs the demo lab 123456 in through the API and acts as its main user. */
export async function loginLab(page: Page): Promise<void> {
  const r = await page.request.post('/api/login', { data: { Firma: 1, Benutzername: '123456', Kennwort: PASSWORD, kw: '' } });
  expect(r.status()).toBe(200);
  expect((await page.request.put('/api/user/active', { data: { id: 0, password: PASSWORD } })).status()).toBe(200);
}

/** The open login panel: credentials, submit, choose the first user; waits for the reload that follows the greeting. */
export async function loginInPanel(page: Page, kdnr = 123456): Promise<void> {
  await page.getByTestId('login-username').fill(String(kdnr));
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  const users = page.getByTestId('user-select');
  await expect(users).toBeVisible();
  // choosing a user greets for 1.5 s and then reloads: wait for that reload, not the current page
  const reloaded = page.waitForEvent('load');
  await users.locator('.sh-user__choose').first().click();
  await reloaded;
}

/**
 * Astro drops `ssr` from an island once it has hydrated. An island that hydrates on interaction (the
 * results, the listing and the buy box come rendered with their page) is woken as a pointer passing over it would.
 */
export async function hydrated(page: Page, inside: string): Promise<void> {
  const island = page.locator('astro-island', { has: page.locator(inside) }).first();
  if ((await island.getAttribute('client')) === 'interaction') await page.locator(inside).first().dispatchEvent('pointerover');
  await expect(island).not.toHaveAttribute('ssr', /.*/);
}

export interface SubUser { id: number; vorname: string; funktionen: string[]; role: string }

/** The demo sub-user with exactly this one function (Anna K07, Ben K09, Clara K13). */
export async function subUser(req: APIRequestContext, fn: string): Promise<SubUser> {
  const users = (await (await req.get('/api/user/subusers')).json()).result as SubUser[];
  const u = users.find((x) => x.role === 'sub' && x.funktionen.length === 1 && x.funktionen[0] === fn);
  expect(u, `demo sub-user ${fn}`).toBeTruthy();
  return u!;
}

/** Switches the acting user; switching up (more rights) needs the target's password: the demo password. */
export async function actAs(req: APIRequestContext, id: number): Promise<void> {
  expect((await req.put('/api/user/active', { data: { id, password: PASSWORD } })).status()).toBe(200);
}

/**
 * Renders the parts of the page that wait out of sight (content-visibility: auto: result cards, the footer),
 * as a person scrolling down sees them: they have no layout until then, and innerText reads none of them.
 */
export function renderOutOfSight(page: Page): Promise<void> {
  return page.evaluate(() => {
    for (const el of document.querySelectorAll<HTMLElement>('*')) if (getComputedStyle(el).contentVisibility === 'auto') el.style.contentVisibility = 'visible';
  });
}
