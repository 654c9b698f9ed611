// A late answer never overwrites what the customer changed since the screen showed its data: the
// session check updates the customer store, which ran each screen's load a second time, and on a slow
// connection that second answer could land after the first clicks or keystrokes. Each test delays every
// answer after the screen's first and checks that the change stays (and the server has it).
import { expect, test, type Page } from '@playwright/test';
import { hydrated, loginLab, PASSWORD, storeConsent } from './helpers.ts';

storeConsent();

/**
 * Every answer of `pattern` after the first `prompt` ones arrives 1.5 s late: the server answers at
 * once (with the data as it is then), the answer is held on the way. Returns how many were asked.
 */
async function lateAfter(page: Page, pattern: string, prompt: number): Promise<() => number> {
  let asked = 0;
  await page.route(pattern, async (route) => {
    if (++asked <= prompt) return route.continue();
    const response = await route.fetch();
    await new Promise((r) => setTimeout(r, 1500));
    await route.fulfill({ response });
  });
  return () => asked;
}

test('customer data form: what the customer types is kept when the data arrives again (a slow second load)', async ({ page }) => {
  await loginLab(page);
  // the session check and the form's own load come first
  await lateAfter(page, '**/api/user/infos', 2);
  await page.goto('/de/de/kundendaten-aendern/');
  const plz = page.getByTestId('kundendaten').locator('[data-field="PLZ"]');
  await expect(plz).not.toHaveValue('');
  await plz.fill('2009');
  await page.waitForTimeout(2500); // past any late answer
  await expect(plz).toHaveValue('2009');
});

test('cart: a changed quantity stays on the screen when the cart arrives again (a slow second load)', async ({ page }) => {
  // customer 654321's own cart with one line (the journeys use 123456's)
  expect((await page.request.post('/api/login', { data: { Firma: 1, Benutzername: '654321', Kennwort: PASSWORD, kw: '' } })).status()).toBe(200);
  expect((await page.request.put('/api/user/active', { data: { id: 0, password: PASSWORD } })).status()).toBe(200);
  expect((await page.request.post('/api/wk/delete')).status()).toBe(200);
  const items = (await (await page.request.get('/api/guest/suche/de?q=gips&lang=de')).json()).result.items as { Artikelnummer: string; Preis: number }[];
  const artnr = items.find((i) => i.Preis > 0)!.Artikelnummer;
  expect((await page.request.post(`/api/wk/${encodeURIComponent(artnr)}/set/1`)).status()).toBe(200);
  try {
    // the lines come with the page: any load of them the island made would be a late one
    const loads = await lateAfter(page, '**/api/wkJSON/*', 0);
    await page.goto('/de/de/wk');
    const line = page.getByTestId('cart').locator(`tr[data-artnr="${artnr}"]`);
    await expect(line).toBeVisible();
    await hydrated(page, '[data-testid="cart"]');
    await line.getByRole('button', { name: 'Menge erhöhen' }).click();
    await expect(line.getByRole('spinbutton')).toHaveValue('2');
    await page.waitForTimeout(2500); // past the debounce and any late answer
    await expect(line.getByRole('spinbutton')).toHaveValue('2');
    const server = (await (await page.request.get('/api/wkJSON/D')).json()).result as { Artikelnummer: string; Menge: number; Gesamtpreis: number }[];
    expect(server.find((l) => l.Artikelnummer === artnr)?.Menge).toBe(2);
    // the screen's line total is the server's
    const shown = (await line.locator('.sh-cart__total').textContent())!.replace(/[^\d,]/g, '').replace(',', '.');
    expect(Number(shown)).toBeCloseTo(server.find((l) => l.Artikelnummer === artnr)!.Gesamtpreis, 2);
    expect(loads()).toBe(0); // the page asked none: its lines came with it
  } finally {
    await page.request.post('/api/wk/delete');
  }
});

test('past order: a chosen reorder quantity stays when the order arrives again (a slow second load)', async ({ page }) => {
  await loginLab(page);
  const orders = (await (await page.request.get('/api/orders')).json()).result.items as { auftrag: number; datum: string; positionen: number }[];
  const o = orders.find((x) => x.positionen > 0)!;
  const [y, m, d] = o.datum.split('-').map(Number);
  await lateAfter(page, `**/api/orders/${o.auftrag}*`, 1);
  await page.goto(`/de/de/meinlabor/historie/auftrag/${y}/${m}/${d}/${o.auftrag}`);
  await hydrated(page, '[data-testid="order-detail"]');
  const stepper = page.getByTestId('order-detail').locator('tbody tr').first().getByRole('spinbutton');
  const before = Number(await stepper.inputValue());
  await page.getByTestId('order-detail').locator('tbody tr').first().getByRole('button', { name: 'Menge erhöhen' }).click();
  await expect(stepper).toHaveValue(String(before + 1));
  await page.waitForTimeout(2500); // past any late answer
  await expect(stepper).toHaveValue(String(before + 1));
});
