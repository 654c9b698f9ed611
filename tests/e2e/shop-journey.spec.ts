// The customer journey of issue 4, clicked like a customer: a guest browses a category, filters by brand
// and price, opens a product, adds it to the cart, is asked to log in, logs in as 123456, the remembered
// add runs; the quantity changes, checkout with a benefit code, submit, the order in the history,
// reorder. Then favourites twice (409 text) and customer 654321 never sees any of it.
import { expect, test, request as pwRequest, type APIRequestContext, type Page } from '@playwright/test';
import de from '../../src/i18n/locales/de.json' with { type: 'json' };
import { hydrated, loginInPanel, PASSWORD } from './helpers.ts';

const T = de as Record<string, string>;
const B = '/de/de';

test.describe.configure({ mode: 'serial' });

/** A separate API session (does not touch the page's cookies). */
async function apiAs(baseURL: string, kdnr: number): Promise<APIRequestContext> {
  const ctx = await pwRequest.newContext({ baseURL });
  expect((await ctx.post('/api/login', { data: { Firma: 1, Benutzername: String(kdnr), Kennwort: PASSWORD, kw: '' } })).status()).toBe(200);
  return ctx;
}


let artnr = '';
let auftrag = '';

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'cookieconsent', value: 'consent', url: baseURL! }]);
});

test('guest browses, filters, opens a product, logs in on add; the remembered add runs', async ({ page, baseURL }) => {
  const api = await apiAs(baseURL!, 123456);
  await api.post('/api/wk/delete');
  await api.dispose();

  await page.goto(`${B}/shop/category/1/`);
  const cards = page.locator('.sh-card');
  await expect(cards.first()).toBeVisible();
  await hydrated(page, '.sh-card');

  // brand filter: every card is of that maker afterwards
  const brands = page.locator('fieldset', { has: page.locator('legend', { hasText: T['filter.brands']! }) });
  const brand = brands.locator('label').first();
  const maker = (await brand.locator('span').first().textContent())!.trim();
  await brand.locator('input').check();
  await expect(page.locator('.sh-card__maker').first()).toHaveText(maker);
  await expect.poll(async () => [...new Set(await page.locator('.sh-card__maker').allTextContents())]).toEqual([maker]);

  // price range: chosen min/max show as an active filter and bound every price
  const price = page.locator('form.sh-filter__price');
  await price.getByLabel(T['filter.min']!).fill('1');
  await price.getByLabel(T['filter.max']!).fill('500');
  await price.getByRole('button', { name: T['filter.apply']! }).click();
  await expect(page.getByRole('button', { name: new RegExp(`${T['filter.price']}:`) }).or(page.getByText(new RegExp(`${T['filter.price']}: `))).first()).toBeVisible();

  await page.waitForLoadState('networkidle');

  // open the first orderable product
  const card = cards.filter({ has: page.locator('.sh-card__actions button') }).first();
  await card.locator('.sh-card__title').click();
  await expect(page).toHaveURL(/\/shop\/artikel\/.+\/details/);
  await hydrated(page, '[data-testid="product-actions"]');
  const title = (await page.locator('h1').first().textContent())!.trim();

  // add as a guest → the login panel; log in; choose the main user; the add runs and we are back
  const productUrl = page.url();
  await page.getByTestId('add-to-cart').click();
  await loginInPanel(page);
  expect(page.url().split('#')[0]).toBe(productUrl.split('#')[0]);
  const lines = (await (await page.request.get('/api/wkJSON/D')).json()).result as { Artikelnummer: string; Bezeichnung: string }[];
  expect(lines).toHaveLength(1);
  artnr = lines[0]!.Artikelnummer;
  await page.goto(`${B}/wk`);
  await expect(page.getByTestId('cart').locator(`tr[data-artnr="${artnr}"]`)).toContainText(title.split(' ').slice(0, 3).join(' ')); // a reference article adds its chosen variant
});

/** Logs the page in (API) as the main user of a customer. */
async function login(page: Page, kdnr = 123456): Promise<void> {
  expect((await page.request.post('/api/login', { data: { Firma: 1, Benutzername: String(kdnr), Kennwort: PASSWORD, kw: '' } })).status()).toBe(200);
  await page.request.put('/api/user/active', { data: { id: 0, password: PASSWORD } });
}

test('changes the quantity, checks out with a benefit code, submits, finds the order and reorders it', async ({ page }) => {
  expect(artnr).not.toBe('');
  await login(page);
  await page.goto(`${B}/wk`);
  const line = page.getByTestId('cart').locator(`tr[data-artnr="${artnr}"]`);
  await expect(line).toBeVisible();
  await hydrated(page, '[data-testid="cart"]');
  await line.getByRole('button', { name: 'Menge erhöhen' }).click();
  await line.getByRole('button', { name: 'Menge erhöhen' }).click();
  // debounced 500 ms, then the toast
  await expect(page.locator('.toast')).toContainText(T['menge_change']!);
  await expect(line.getByRole('spinbutton')).toHaveValue('3');
  await expect.poll(async () => ((await (await page.request.get('/api/wkJSON/D')).json()).result as { Menge: number }[])[0]?.Menge).toBe(3);

  await page.getByTestId('to-checkout').click();
  await expect(page).toHaveURL(/\/wk\/kasse/);
  const checkout = page.getByTestId('checkout');
  await hydrated(page, '[data-testid="checkout"]');
  // a wrong code first: the spec's text, then the real one
  await checkout.getByLabel(T['checkout.benefit_code']!, { exact: true }).fill('GIBTSNICHT');
  await page.getByTestId('redeem').click();
  await expect(checkout.getByRole('alert').or(checkout.locator('.sh-field__error')).first()).toBeVisible();
  await checkout.getByLabel(T['checkout.benefit_code']!, { exact: true }).fill('GRATIS2026');
  await page.getByTestId('redeem').click();
  await expect(page.getByTestId('benefit-applied')).toContainText('GRATIS2026');

  await page.getByTestId('checkout-next').click();
  await expect(page).toHaveURL(/\/wk\/submit/);
  await hydrated(page, '[data-testid="submit"]');
  await page.getByTestId('submit-order').dblclick(); // a double click still places one order
  await expect(page.getByTestId('order-confirmation')).toBeVisible();
  auftrag = (await page.getByTestId('order-number').textContent())!.replace(/\D/g, '');
  expect(auftrag).not.toBe('');
  const orders = (await (await page.request.get('/api/orders')).json()).result.items as { auftrag: number }[];
  expect(orders.filter((o) => String(o.auftrag) === auftrag)).toHaveLength(1);
  await expect(page.locator('[data-cart-counter]').first()).toBeHidden(); // the basket starts afresh

  // the history: the order is there, its page reorders it
  await page.goto(`${B}/konto/#meine_bestellungen`);
  const link = page.getByTestId('orders').getByRole('link', { name: auftrag, exact: true });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page.getByTestId('order-detail')).toContainText(artnr);
  await hydrated(page, '[data-testid="order-detail"]');
  await page.getByTestId('reorder-all').click();
  await expect(page.locator('.toast')).toContainText(T['success_add_to_wk']!);
  await page.goto(`${B}/wk`);
  await expect(page.getByTestId('cart').locator(`tr[data-artnr="${artnr}"]`)).toBeVisible();
});

test('the same article twice into the favourites: the 409 text', async ({ page }) => {
  await login(page);
  await page.request.delete(`/api/favoriten/0/${encodeURIComponent(artnr)}`);
  await page.goto(`${B}/wk`);
  const href = await page.getByTestId('cart').locator(`tr[data-artnr="${artnr}"] a`).first().getAttribute('href');
  expect(href).toBeTruthy();
  await page.goto(href!);
  await hydrated(page, '[data-testid="product-actions"]');
  const add = page.getByTestId('add-to-list');
  await add.click();
  await expect(page.locator('.toast')).toContainText(T['success_add_to_liste']!);
  await page.locator('.toast button').first().click();
  await add.click();
  await expect(page.locator('.toast')).toContainText(T['error_art_in_liste']!);
});

test('customer 654321 never sees 123456\'s cart, lists or orders', async ({ page }) => {
  expect(auftrag).not.toBe('');
  await login(page, 654321);
  await page.goto(`${B}/wk`);
  await expect(page.locator('h1')).toBeVisible();
  await hydrated(page, 'h1');
  await expect(page.getByTestId('cart').locator(`tr[data-artnr="${artnr}"]`)).toHaveCount(0);
  await page.goto(`${B}/meinlabor/bestellliste/0`);
  await expect(page.getByTestId('order-list')).toBeVisible();
  await expect(page.getByTestId('order-list')).not.toContainText(artnr);
  await page.goto(`${B}/konto/#meine_bestellungen`);
  await expect(page.getByTestId('orders').or(page.getByText(T['order.none']!)).first()).toBeVisible();
  await expect(page.getByTestId('orders').getByRole('link', { name: auftrag, exact: true })).toHaveCount(0);
  // the order's own address is refused, not shown
  const d = new Date();
  await page.goto(`${B}/meinlabor/historie/auftrag/${d.getFullYear()}/${d.getMonth() + 1}/${d.getDate()}/${auftrag}`);
  await expect(page.getByTestId('order-detail')).toHaveCount(0);
});

test('the order summary opened directly shows the delivery address the order goes to (none chosen: the default)', async ({ page }) => {
  // with no address in the basket state it showed "—" while the order went to the default address
  await login(page);
  await page.request.post('/api/wk/delete');
  expect((await page.request.post(`/api/wk/${encodeURIComponent(artnr)}/add/1`)).status()).toBe(200);
  expect((await page.request.put('/api/checkout', { data: { addressId: null } })).status()).toBe(200);
  const view = (await (await page.request.get('/api/checkout')).json()).result as { address: { firma_name: string; strasse: string } };
  try {
    await page.goto(`${B}/wk/submit`);
    await hydrated(page, '[data-testid="submit"]');
    const box = page.getByTestId('submit').locator('.sh-box').first();
    await expect(box).toContainText(view.address.firma_name);
    await expect(box).toContainText(view.address.strasse);
  } finally {
    await page.request.post('/api/wk/delete');
  }
});

test('a K13 technician cannot submit an order: the API refuses it and the page says why', async ({ page }) => {
  await login(page);
  await page.request.post('/api/wk/delete');
  expect((await page.request.post(`/api/wk/${encodeURIComponent(artnr)}/add/1`)).status()).toBe(200);
  expect((await page.request.put('/api/user/active', { data: { id: 3 } })).status()).toBe(200); // Clara, K13
  try {
    await page.goto(`${B}/wk/submit`);
    await hydrated(page, '[data-testid="submit"]');
    // the screen does not offer what the function cannot do (issue 12): disabled, with the reason
    await expect(page.getByTestId('submit-order')).toBeDisabled();
    await expect(page.getByTestId('no-order-right')).toHaveText(T['cart.no_order_right']!);
    await expect(page.getByTestId('order-confirmation')).toHaveCount(0);
    const r = await page.request.post('/api/checkout/submit', { data: {}, headers: { 'Idempotency-Key': `e2e-k13-${Date.now()}` } });
    expect(r.status()).toBe(403);
    expect((await r.json()).error).toBe('forbidden_function');
  } finally {
    // back up to the main user: that needs its password (a K13 lacks rights the main user has)
    await page.request.put('/api/user/active', { data: { id: 0, password: PASSWORD } });
    await page.request.post('/api/wk/delete');
  }
});

test('a big order of a K09 buyer waits for release; the main user releases it in the account', async ({ page }) => {
  await login(page);
  await page.request.post('/api/wk/delete');
  await page.request.post(`/api/wk/${encodeURIComponent(artnr)}/add/1`);
  const unit = ((await (await page.request.get('/api/wkJSON/D')).json()).result as { Einzelpreis: number }[])[0]!.Einzelpreis;
  await page.request.post('/api/wk/delete');
  const qty = Math.min(999, Math.ceil(5200 / unit));
  expect((await page.request.post(`/api/wk/${encodeURIComponent(artnr)}/add/${qty}`)).status()).toBe(200);
  await page.request.put('/api/user/active', { data: { id: 2 } }); // Ben, K09
  const placed = (await (await page.request.post('/api/checkout/submit', { data: {}, headers: { 'Idempotency-Key': `e2e-k09-${Date.now()}` } })).json()).result;
  await page.request.put('/api/user/active', { data: { id: 0, password: PASSWORD } });
  test.skip(!placed?.release, `the order total (${qty} × ${unit}) stays under the release limit`);

  await page.goto(`${B}/konto/#meine_bestellungen`);
  const pending = page.getByTestId('pending-releases');
  const row = pending.locator(`tr[data-auftrag="${placed.auftrag}"]`);
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: T['order.release']! }).click();
  await expect(page.locator('.toast')).toContainText(String(placed.auftrag));
  await expect(row).toHaveCount(0);
  const again = await page.request.post(`/api/orders/${placed.auftrag}/release`);
  expect((await again.json()).error).toBe('order_not_pending');
});
