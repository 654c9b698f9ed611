// Shared steps of the portal specs: stored cookie consent (the banner would cover buttons), the API
// login of the demo lab, and waiting for an island to hydrate before typing into it (typed text and
// clicks before hydration are lost).
import { expect, test, type Page } from '@playwright/test';

export function storeConsent(): void {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: 'cookieconsent', value: 'consent', url: baseURL! }, { name: 'ytconsent', value: 'noconsent', url: baseURL! }]);
  });
}

/** Logs the demo lab 123456 in through the API and acts as its main user. */
export async function loginLab(page: Page): Promise<void> {
  const r = await page.request.post('/api/login', { data: { Firma: 1, Benutzername: '123456', Kennwort: 'Demo-Labor-2026', kw: '' } });
  expect(r.status()).toBe(200);
  expect((await page.request.put('/api/user/active', { data: { id: 0 } })).status()).toBe(200);
}

/** Astro drops `ssr` from an island once it has hydrated. */
export const hydrated = (page: Page, inside: string) =>
  expect(page.locator('astro-island', { has: page.locator(inside) }).first()).not.toHaveAttribute('ssr', /.*/);
