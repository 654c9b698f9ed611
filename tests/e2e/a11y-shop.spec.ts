// Accessibility and phone layout of the logged-in shop and portal screens (axe, every impact), as each brand's
// customer sees them on a phone, with a filled cart: landmarks around all content (the pre-banner stood outside
// them), named table columns, wide tables reachable by keyboard, tooth-storage orders as cards on a phone.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { artbez } from '../../src/lib/rules/artnr.ts';
import { PASSWORD, renderOutOfSight, storeConsent } from './helpers.ts';

storeConsent();

const BRANDS = [
  { name: 'main', country: 'de', lang: 'de', kdnr: 123456, firma: 1 },
  { name: 'isLS', country: 'dk', lang: 'en', kdnr: 777777, firma: 3 },
] as const;

async function result<T>(api: APIRequestContext, url: string): Promise<T> {
  const r = await api.get(url);
  expect(r.status(), url).toBe(200);
  return (await r.json()).result as T;
}

/** The customer's screens, with the ids of its own data; a cart with one article. */
async function screens(api: APIRequestContext, country: string, lang: string): Promise<string[]> {
  const art = (await result<{ items: { Artikelnummer: string; Bezeichnung: string }[] }>(api,
    `/api/shop/category?pg=1&katId=101&page=1&pageSize=1&country=${country}&lang=${lang}`)).items[0]!;
  await api.post('/api/wk/delete');
  expect((await api.post(`/api/wk/${encodeURIComponent(art.Artikelnummer)}/add/2`)).status()).toBe(200);
  const order = (await result<{ items: { auftrag: number; vorgang: number; rechnung: number; datum: string }[] }>(api, '/api/orders')).items[0];
  const storage = (await result<{ schraenke: { id: number; schubladen: { id: number }[] }[] }>(api, '/api/zahnlager')).schraenke[0];
  const [y, m, d] = (order?.datum ?? '').split('-').map(Number);
  return [
    'wk', 'wk/kasse', `shop/artikel/${artbez(art.Artikelnummer, art.Bezeichnung)}/details`, 'shop/suche?q=gips', 'konto', 'meinlabor',
    'logbuch/user', 'zahnlager', 'zahnlager/bestellhistorie',
    ...(order ? [`zahnlager/bestellhistorie/details/${y}/${m}/${d}/${order.auftrag}/${order.vorgang}/${order.rechnung}`] : []),
    ...(storage?.schubladen[0] ? [`zahnlager/schrank/${storage.id}/schublade/${storage.schubladen[0].id}`] : []),
  ];
}

async function violations(page: Page): Promise<string[]> {
  // what a person scrolling down sees: the parts waiting out of sight have no colours until rendered
  await renderOutOfSight(page);
  const res = await new AxeBuilder({ page }).analyze();
  return res.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

for (const b of BRANDS) {
  test(`${b.name} ${b.country}/${b.lang} at 390 px: no accessibility violation on the customer's screens`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    expect((await page.request.post('/api/login', { data: { Firma: b.firma, Benutzername: String(b.kdnr), Kennwort: PASSWORD, kw: '' } })).status()).toBe(200);
    expect((await page.request.put('/api/user/active', { data: { id: 0, password: PASSWORD } })).status()).toBe(200);
    const found: string[] = [];
    for (const rest of await screens(page.request, b.country, b.lang)) {
      await page.goto(`/${b.country}/${b.lang}/${rest}`);
      // the settled page (islands that load data replace their skeletons)
      await page.waitForLoadState('networkidle');
      found.push(...(await violations(page)).map((v) => `${rest}: ${v}`));
    }
    await page.request.post('/api/wk/delete');
    expect(found).toEqual([]);
  });
}

test('a wide table that scrolls sideways on a phone takes the keyboard focus and names itself (tooth-storage drawer)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  expect((await page.request.post('/api/login', { data: { Firma: 1, Benutzername: '123456', Kennwort: PASSWORD, kw: '' } })).status()).toBe(200);
  expect((await page.request.put('/api/user/active', { data: { id: 0, password: PASSWORD } })).status()).toBe(200);
  const cabinet = (await result<{ schraenke: { id: number; schubladen: { id: number; name: string }[] }[] }>(page.request, '/api/zahnlager')).schraenke[0]!;
  const drawer = cabinet.schubladen[0]!;
  await page.goto(`/de/de/zahnlager/schrank/${cabinet.id}/schublade/${drawer.id}`);
  const box = page.getByRole('group', { name: drawer.name, exact: true });
  await expect(box.locator('table.zl-grid')).toBeVisible();
  expect(await box.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
  await box.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => box.evaluate((e) => e.scrollLeft)).toBeGreaterThan(0);
});

test('tooth-storage orders on a phone: one card per order and per set, the details link and the storage place on the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  expect((await page.request.post('/api/login', { data: { Firma: 1, Benutzername: '123456', Kennwort: PASSWORD, kw: '' } })).status()).toBe(200);
  expect((await page.request.put('/api/user/active', { data: { id: 0, password: PASSWORD } })).status()).toBe(200);
  await page.goto('/de/de/zahnlager/bestellhistorie');
  const link = page.getByTestId('zl-hist-order').first().getByRole('link');
  await link.scrollIntoViewIfNeeded();
  await expect(link).toBeInViewport({ ratio: 1 });
  const box = await link.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await link.click();
  const place = page.locator('.zl-hist__place').first();
  await expect(place).toBeVisible();
  const p = await place.boundingBox();
  expect(p!.x + p!.width).toBeLessThanOrEqual(390);
  // an order not yet invoiced shows no invoice number 0
  await expect(page.locator('.zl-counts')).not.toContainText(/Rechnung\s*0\b/);
});
