// Finding products (issue 4): the top-bar search preview (3 characters, debounce, up to 10 articles and
// 4 category chips, closes on blur), the quick suggestion by article number, the search page, the product
// page rendered on the server, request-price cards, back navigation restoring the filters, and the
// cart-add panel.
import { expect, test, type Page } from '@playwright/test';
import de from '../../src/i18n/locales/de.json' with { type: 'json' };
import { hydrated, PASSWORD } from './shop-helpers.ts';

const T = de as Record<string, string>;
const B = '/de/de';

const searchIsland = (page: Page) => page.locator('astro-island[component-url*="SearchPreview"]');

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'cookieconsent', value: 'consent', url: baseURL! }]);
});

test('search preview: from 3 characters, at most 10 articles and 4 chips, closes on blur', async ({ page }) => {
  await page.goto(`${B}/`);
  const input = page.locator('#site-search');
  let calls = 0;
  page.on('request', (r) => { if (r.url().includes('/api/suche/') && !r.url().includes('/autocomplete/')) calls++; });
  await input.click();
  await expect(searchIsland(page)).not.toHaveAttribute('ssr', /.*/); // hydrates on the first interaction
  await input.pressSequentially('za', { delay: 30 });
  await page.waitForTimeout(500);
  expect(calls).toBe(0); // two characters ask nothing
  await input.pressSequentially('hn', { delay: 30 }); // typed quickly: one request after the 300 ms pause
  const preview = page.getByTestId('search-preview');
  await expect(preview.locator('.sh-sp__name').first()).toBeVisible();
  expect(calls).toBe(1);
  expect(await preview.locator('.sh-sp__name').count()).toBeLessThanOrEqual(10);
  expect(await preview.locator('.sh-sp__chips .sh-chip').count()).toBeLessThanOrEqual(4);
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  await page.locator('main').click({ position: { x: 5, y: 5 } });
  await expect(input).toHaveAttribute('aria-expanded', 'false');
  await expect(preview.locator('.sh-sp__name')).toHaveCount(0);
});

test('quick suggestion: an article number opens the product; other text the search page', async ({ page, request }) => {
  const hit = (await (await request.post('/api/shopware/search/de/de/1', { data: { search: 'zahn', page: 1, limit: 24 } })).json()).result;
  const items = (hit.elements ?? hit.items ?? hit.products ?? []) as { Artikelnummer?: string; productNumber?: string }[];
  const artnr = items.map((i) => i.Artikelnummer ?? i.productNumber ?? '').find((a) => /^[A-Za-z0-9.,-]{1,10}$/.test(a));
  expect(artnr).toBeTruthy();
  await page.goto(`${B}/`);
  const input = page.locator('#site-search');
  await input.click();
  await expect(searchIsland(page)).not.toHaveAttribute('ssr', /.*/);
  await input.fill(artnr!);
  await input.press('Enter');
  await expect(page).toHaveURL(/\/shop\/artikel\/.+\/details/);
  await expect(page.locator('h1')).toBeVisible();

  await page.goto(`${B}/`);
  await page.locator('#site-search').fill('Gips');
  await page.locator('#site-search').press('Enter');
  await expect(page).toHaveURL(/\/shop\/suche\/?.*q=Gips/);
  await expect(page.locator('.sh-card').first()).toBeVisible();
});

test('the product page is rendered on the server with title and description', async ({ request }) => {
  const list = (await (await request.get('/api/suche/de?q=VITA&top=1&nocustomprice=1&offset=0&limit=10')).json()).result;
  const first = JSON.stringify(list).match(/"Artikelnummer":"([^"]+)"/)?.[1];
  expect(first).toBeTruthy();
  const res = await request.get(`/a/${encodeURIComponent(first!)}`, { maxRedirects: 5 });
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toMatch(/<title>[^<]{5,}<\/title>/);
  expect(html).toMatch(/<meta name="description" content="[^"]{10,}"/);
  expect(html).toContain(first!);
});

test('back navigation restores the filters and the page of a category', async ({ page }) => {
  await page.goto(`${B}/shop/category/1/`);
  await expect(page.locator('.sh-card').first()).toBeVisible();
  await hydrated(page, '.sh-card');
  const brands = page.locator('fieldset', { has: page.locator('legend', { hasText: T['filter.brands']! }) });
  await brands.locator('input').first().check();
  await page.waitForLoadState('networkidle');
  const pager = page.locator('.sh-pagination, nav[aria-label*="Seite"], .sh-pager').first();
  const next = pager.getByRole('link', { name: '2', exact: true }).or(pager.getByRole('button', { name: '2', exact: true })).first();
  if (await next.count()) { await next.click(); await page.waitForLoadState('networkidle'); }
  const firstCard = await page.locator('.sh-card').first().getAttribute('data-artnr');
  await page.locator('.sh-card .sh-card__title').first().click();
  await expect(page).toHaveURL(/\/details/);
  await page.goBack();
  await expect(brands.locator('input').first()).toBeChecked();
  await expect(page.locator('.sh-card').first()).toHaveAttribute('data-artnr', firstCard!);
});

test('request-price articles show "on request" and no cart button; the cart-add panel after an add', async ({ page }) => {
  await page.request.post('/api/login', { data: { Firma: 1, Benutzername: '123456', Kennwort: PASSWORD, kw: '' } });
  await page.request.put('/api/user/active', { data: { id: 0 } });
  await page.goto(`${B}/shop/category/1/`);
  const cards = page.locator('.sh-card');
  await expect(cards.first()).toBeVisible();
  await hydrated(page, '.sh-card');
  // every card either has a price and a cart button, or says "on request" and has none
  for (const card of await cards.all()) {
    const onRequest = (await card.textContent())!.includes(T['shop.on_request']!);
    await expect(card.getByTestId('add-to-cart')).toHaveCount(onRequest ? 0 : 1);
  }
  const buyable = cards.filter({ has: page.getByTestId('add-to-cart') }).first();
  await buyable.getByTestId('add-to-cart').click();
  const panel = page.getByRole('dialog').filter({ hasText: T['success_add_to_wk']! });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('link', { name: T['to_cart']! }).or(panel.getByRole('button', { name: T['to_cart']! })).first()).toBeVisible();
  await panel.getByRole('button', { name: T['continue_shopping']! }).click();
  await expect(panel).toBeHidden();
  await page.request.post('/api/wk/delete');
});
