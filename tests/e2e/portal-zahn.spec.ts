// Tooth storage and tooth assistant in the browser: selecting sets for completion up to the cart,
// the assistant's add to cart, the 15-minute automatic booking at start-up, and the statistics.
import { expect, test, type Page } from '@playwright/test';
import { loginInPanel, loginLab } from './helpers.ts';

const B = '/de/de';
const AUTO = '/api/zahnlager/zubuchen/auto';

/** Logs in like a customer: login-required popup → login panel → user choice (page reloads). */
async function login(page: Page, path = `${B}/zahnlager`): Promise<void> {
  // consent given earlier (the cookie banner is not what these tests are about)
  await page.addInitScript(() => { document.cookie = 'cookieconsent=consent; path=/'; });
  await page.goto(path);
  await page.locator('[data-login-required] [data-ui-action="login"]').click();
  await loginInPanel(page);
  if (!page.url().includes(path)) await page.goto(path);
}

test('tooth storage: select sets in a drawer and send them to the cart', async ({ page }) => {
  await login(page);
  await expect(page.getByTestId('zahnlager')).toBeVisible();
  await page.getByTestId('zl-cabinet').first().locator('h3 a').click();
  await expect(page.getByTestId('zl-schrank')).toBeVisible();
  await page.getByTestId('zl-drawer-card').first().locator('h3 a').click();
  await expect(page.getByTestId('zl-schublade')).toBeVisible();
  // two sets that are neither selected nor in an order yet
  const free = page.locator('[data-testid="zl-slot"][data-selected="0"][data-status=""]:not([data-artnr=""])');
  await expect(free.first()).toBeVisible();
  const picked: string[] = [];
  for (let i = 0; i < 2; i++) {
    const slot = free.first();
    const id = await slot.getAttribute('data-slot');
    picked.push((await slot.getAttribute('data-artnr'))!);
    await slot.getByTestId('zl-select').click();
    await expect(page.locator(`[data-slot="${id}"]`)).toHaveAttribute('data-selected', '1');
  }
  await page.getByTestId('zl-to-cart').click();
  await expect(page.locator('.zl-selbar__done')).toBeVisible();
  // the sent sets are now being processed
  for (const art of picked) await expect(page.locator(`[data-testid="zl-slot"][data-artnr="${art}"][data-status="processing"]`).first()).toBeVisible();
  await page.goto(`${B}/wk`);
  for (const art of picked) await expect(page.getByTestId('cart').locator(`tr[data-artnr="${art}"]`)).toBeVisible();
});

test('tooth assistant: a chosen set goes into the cart', async ({ page }) => {
  // the assistant is open to guests; the cart needs the login (taken on a login-only page)
  await login(page);
  await page.goto(`${B}/zahnassistent/zahnlinie/0`);
  const line = page.getByTestId('za-line');
  await expect(line.locator('option').nth(1)).toBeAttached();
  await line.selectOption({ index: 1 });
  await expect(page).toHaveURL(/zahnassistent\/zahnlinie\/[a-z0-9-]+$/);
  const set = page.getByTestId('za-set').filter({ has: page.locator('[data-testid="za-choose"]:enabled') }).first();
  await expect(set).toBeVisible();
  const artnr = (await set.getAttribute('data-artnr'))!;
  await set.getByTestId('za-choose').check();
  await expect(page.getByTestId('za-summary')).toContainText('1');
  await page.getByTestId('za-to-cart').click();
  await expect(page.getByTestId('za-summary').getByRole('link')).toBeVisible();
  await page.goto(`${B}/wk`);
  await expect(page.getByTestId('cart').locator(`tr[data-artnr="${artnr}"]`)).toBeVisible();
});

test('automatic booking runs at most every 15 minutes and shows the notice', async ({ page }) => {
  const start = Date.now();
  await page.clock.install({ time: start });
  const calls: string[] = [];
  page.on('request', (r) => { if (r.url().includes(AUTO)) calls.push(r.url()); });
  await login(page, `${B}/zahnlager`);
  await expect.poll(() => calls.length).toBeGreaterThan(0);
  // a second page load within 15 minutes does not check again
  calls.length = 0;
  await page.goto(`${B}/zahnlager/statistik`, { waitUntil: 'networkidle' });
  await expect(page.getByTestId('zl-statistik')).toBeVisible();
  expect(calls).toHaveLength(0);
  // 16 minutes later it runs again; booked positions open the 'notice' dialog with their count
  await page.route(`**${AUTO}`, (route) => route.fulfill({
    json: { result: { checked: true, nextCheckAt: new Date(start + 31 * 60_000).toISOString(), outPositionen: [1, 2].map((i) => ({
      slotId: i, schrankId: 1, schrank: 'Schrank Front', schubladeId: 1, schublade: 'Schublade 1', zeile: 1, spalte: i, artikelnummer: `X${i}S`, bezeichnung: null, orderId: null, auftrag: null,
    })) } },
  }));
  await page.clock.setSystemTime(start + 16 * 60_000);
  await page.goto(`${B}/zahnlager`);
  await expect.poll(() => calls.length).toBe(1);
  const dialog = page.locator('[data-ui-dialog]');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('h2')).toHaveText('Hinweis');
  await expect(dialog).toContainText('2 Positionen wurden automatisch zugebucht');
});

test('statistics: chart canvas, and the spec text for an empty period', async ({ page }) => {
  await login(page, `${B}/zahnlager/statistik`);
  await expect(page.getByTestId('zl-chart')).toBeVisible();
  await expect(page.getByTestId('zl-chart')).toHaveJSProperty('tagName', 'CANVAS');
  await page.getByTestId('zl-from').fill('2001-01-01');
  await page.getByTestId('zl-to').fill('2001-01-31');
  await page.getByTestId('zl-show').click();
  await expect(page.getByTestId('zl-stats-empty')).toHaveText('Im gewählten Zeitraum konnten keine Daten ermittelt werden');
  await expect(page.getByTestId('zl-chart')).toHaveCount(0);
});

// issue 12: "to cart" in a drawer sent the whole storage; emptied carts left slots "in progress" for ever.
test('drawer: "to cart" takes only this drawer; slots leave processing when the cart is emptied or undone', async ({ page }) => {
  await page.addInitScript(() => { document.cookie = 'cookieconsent=consent; path=/'; });
  await loginLab(page);
  const api = page.request;
  await api.post('/api/wk/delete');
  await api.post('/api/zahnlager/reset', { data: { scope: 'all' } });
  // a selected set in another cabinet must stay where it is
  const other = (await (await api.get('/api/zahnlager/schubladen/4')).json()).result;
  const elsewhere = (other.grid.flat() as { id: number; artikelnummer: string | null }[]).find((s) => s.artikelnummer)!;
  expect((await api.post(`/api/zahnlager/slots/${elsewhere.id}/select`, { data: {} })).status()).toBe(200);

  await page.goto(`${B}/zahnlager/schrank/1/schublade/1/`);
  const free = page.locator('[data-testid="zl-slot"][data-selected="0"][data-status=""]:not([data-artnr=""])');
  for (let i = 0; i < 2; i++) {
    await free.first().getByTestId('zl-select').click();
    await expect(page.locator('[data-testid="zl-slot"][data-selected="1"]')).toHaveCount(i + 1);
  }
  await page.getByTestId('zl-to-cart').click();
  await expect(page.locator('[data-testid="zl-slot"][data-status="processing"]')).toHaveCount(2);
  const cart = (await (await api.get('/api/wkJSON/de')).json()).result as { Menge: number }[];
  expect(cart.reduce((n, l) => n + l.Menge, 0)).toBe(2);
  expect((await (await api.get('/api/zahnlager/schubladen/4')).json()).result.grid.flat().find((s: { id: number }) => s.id === elsewhere.id).selected).toBe(1);

  // undo one of them on the drawer page
  await page.locator('[data-testid="zl-slot"][data-status="processing"]').first().getByTestId('zl-release').click();
  await expect(page.locator('[data-testid="zl-slot"][data-status="processing"]')).toHaveCount(1);
  // emptying the cart releases the other
  await api.post('/api/wk/delete');
  await page.reload();
  await expect(page.locator('[data-testid="zl-slot"]').first()).toBeVisible();
  await expect(page.locator('[data-testid="zl-slot"][data-status="processing"]')).toHaveCount(0);
  await api.post('/api/zahnlager/reset', { data: { scope: 'all' } });
});
