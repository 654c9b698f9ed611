// Quick order (issue 11) clicked like a customer: paste 20 mixed lines (tab, semicolon, comma, space;
// prefixes, versions, lower case) of which 3 are wrong, fix them in the grid, add all → the cart holds
// 20 lines. Then a CSV file upload saved as an order list, whose CSV export reads back. Screens of the
// page in German and French at 1366 and 390 px go to test-results/screens/quick/.
import { chromium, expect, test, type APIRequestContext, type Page } from '@playwright/test';
import de from '../../src/i18n/locales/de.json' with { type: 'json' };
import fr from '../../src/i18n/locales/fr.json' with { type: 'json' };
import { hydrated, loginLab, storeConsent } from './helpers.ts';
import { CHROMIUM_FLAGS, codeVideo } from './scanner-helpers.ts';

const DE = de as Record<string, string>;
const FR = fr as Record<string, string>;
const SHOTS = 'test-results/screens/quick';

test.describe.configure({ mode: 'serial' });
storeConsent();

interface Item { Artikelnummer: string; IstReferenz: number; ParentArtikelnummer: string | null }

/** Orderable articles and a variant parent from the search, confirmed by the quick order's own check. */
async function articles(api: APIRequestContext): Promise<{ valid: string[]; parent: string }> {
  const valid: string[] = [];
  let parent = '';
  for (const term of ['Gips', 'Zahn', 'Bohrer', 'Keramik', 'Draht']) {
    const r = await api.post('/api/shopware/search/de/de/1', { data: { search: term, limit: 96 } });
    const items = ((await r.json()).result?.items ?? []) as Item[];
    for (const a of items) {
      if (a.IstReferenz) { parent ||= a.Artikelnummer; continue; }
      // no variants: the parent's variant chosen in the grid must be a line of its own
      if (!a.ParentArtikelnummer && /^\d+$/.test(a.Artikelnummer) && !valid.includes(a.Artikelnummer)) valid.push(a.Artikelnummer);
    }
    if (valid.length >= 40 && parent) break;
  }
  const check = await api.post('/api/schnellbestellung/pruefen', { data: { lines: [...valid, parent].map((artnr) => ({ artnr })) } });
  const lines = (await check.json()).result.lines as { input: string; error: string | null }[];
  expect(lines.at(-1)!.error).toBe('error_variant_parent');
  return { valid: lines.filter((l) => !l.error).map((l) => l.input), parent };
}

const rows = (page: Page) => page.getByTestId('quick-row');
const summary = (page: Page, T: Record<string, string>, valid: number, invalid: number) =>
  expect(page.getByTestId('quick-summary')).toContainText(T['quick.summary']!.replace('{{valid}}', String(valid)).replace('{{invalid}}', String(invalid)));

async function open(page: Page, base: string) {
  await page.goto(`${base}/shop/schnellbestellung/`);
  await expect(page.getByTestId('quick-order')).toBeVisible();
  await hydrated(page, '[data-testid="quick-order"]');
}

let valid: string[] = [];
let parent = '';

test('paste 20 mixed lines with 3 errors → fix them → add all → the cart holds 20 lines', async ({ page }) => {
  await loginLab(page);
  ({ valid, parent } = await articles(page.request));
  expect(valid.length).toBeGreaterThanOrEqual(25);
  await page.request.post('/api/wk/delete');

  const v = valid.slice(0, 18);
  // 17 good lines in every format a customer pastes, plus 3 wrong ones (lines 5, 10 and 15)
  const block = [
    `${v[0]}\t2`, `${v[1]};3`, `${v[2]}, 1`, `${v[3]} 4`, '99999999;2',
    `K-${v[4]}\t1`, `${v[5]}.2;5`, `${v[6]}/01`, `  ${v[7]}  `, `${parent}\t1`,
    `${v[8]};1`, `${v[9]}\t6`, `${v[10]};2`, `${v[11]}`, `${v[12]} abc`,
    `${v[13]};1`, `${v[14]},7`, `${v[15]}\t1`, `${v[16]};9`, `${v[17]}`,
  ].join('\n');
  await open(page, '/de/de');
  await page.getByTestId('quick-paste').fill(block);
  await page.getByTestId('quick-paste-apply').click();
  await expect(rows(page)).toHaveCount(21); // 20 lines + the empty one to type into
  await summary(page, DE, 17, 3);

  const errors = page.locator('[data-testid="quick-row"][data-state="error"]');
  await expect(errors).toHaveCount(3);
  await expect(errors.nth(0).getByTestId('quick-error')).toHaveAttribute('data-error', 'error_artnr');
  await expect(errors.nth(0).getByTestId('quick-error')).toContainText(DE.error_artnr!);
  await expect(errors.nth(1).getByTestId('quick-error')).toHaveAttribute('data-error', 'error_variant_parent');
  await expect(errors.nth(1).getByTestId('quick-error')).toContainText(DE.error_variant_parent!);
  await expect(errors.nth(2).getByTestId('quick-error')).toHaveAttribute('data-error', 'error_menge');
  // normalised lines show the catalogue number and the article
  await expect(rows(page).nth(5)).toHaveAttribute('data-artnr', v[4]!);
  await expect(rows(page).nth(6)).toHaveAttribute('data-artnr', v[5]!);
  await expect(rows(page).nth(0).locator('.sh-quick__article strong')).not.toBeEmpty();
  await expect(page.getByTestId('quick-add-all')).toContainText('(17)');

  await page.screenshot({ path: `${SHOTS}/de-1366-errors.png`, fullPage: true });

  // fix: a real number for the unknown one, a variant for the parent, a quantity for "abc"
  await rows(page).nth(4).getByTestId('quick-artnr').fill(valid[20]!);
  await rows(page).nth(9).getByTestId('quick-suggestion').first().click();
  await rows(page).nth(14).getByTestId('quick-menge').fill('2');
  await summary(page, DE, 20, 0);
  await expect(page.getByTestId('quick-total')).toBeVisible();

  await page.getByTestId('quick-add-all').click();
  await expect(page.locator('[data-toast-region]')).toContainText(DE['quick.added']!.replace('{{count, number}}', '20'));
  await expect(rows(page)).toHaveCount(1);
  const cart = (await (await page.request.get('/api/wkJSON/D')).json()).result as { Artikelnummer: string; Menge: number }[];
  expect(cart).toHaveLength(20);
  expect(cart.find((l) => l.Artikelnummer === v[16])?.Menge).toBe(9);
  expect(cart.find((l) => l.Artikelnummer === v[4])?.Menge).toBe(1);
  expect(cart.find((l) => l.Artikelnummer === parent)).toBeUndefined();
});

test('upload a CSV → save it as an order list; the list exports as CSV again', async ({ page }) => {
  await loginLab(page);
  await open(page, '/de/de');
  const csv = `\uFEFFArtikelnummer;Menge;Bezeichnung\n${valid[21]};3;"Gips; Typ 4"\nk-${valid[22]};1;x\n${valid[23]};;\n`;
  await page.getByTestId('quick-file').setInputFiles({ name: 'bestellung.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await expect(rows(page)).toHaveCount(4);
  await summary(page, DE, 3, 0);
  // a file of more than 500 lines is refused as a whole with a clear message
  const big = Array.from({ length: 501 }, (_, i) => `${valid[i % 20]};1`).join('\n');
  await page.getByTestId('quick-file').setInputFiles({ name: 'gross.csv', mimeType: 'text/csv', buffer: Buffer.from(big, 'utf8') });
  await expect(page.locator('[data-toast-region]')).toContainText(DE.error_too_many_lines!.replace('{{max}}', '500'));
  await expect(rows(page)).toHaveCount(4);
  const name = `E2E Schnell ${Date.now() % 100000}`;
  await page.getByTestId('quick-list-name').fill(name);
  await page.getByTestId('quick-save-list').click();
  await expect(page.locator('[data-toast-region]')).toContainText(name);

  const lists = (await (await page.request.get('/api/favoriten/listen')).json()).result as { id: number; name: string }[];
  const list = lists.find((l) => l.name === name)!;
  expect(list).toBeTruthy();
  const items = (await (await page.request.get(`/api/favoriten/liste/${list.id}`)).json()).result.items as { Artikelnummer: string; menge: number }[];
  expect(items.map((i) => [i.Artikelnummer, i.menge])).toEqual([[valid[21], 3], [valid[22], 1], [valid[23], 1]]);

  // the order-list page links the CSV export
  await page.goto(`/de/de/meinlabor/bestellliste/${list.id}/`);
  const link = page.getByTestId('list-export-csv');
  await expect(link).toHaveText(DE['account.list_export_csv']!);
  const res = await page.request.get((await link.getAttribute('href'))!);
  expect(res.status()).toBe(200);
  const text = (await res.text()).replace(/^\uFEFF/, '');
  expect(text.split('\r\n')[1]!.startsWith(`${valid[21]};3;`)).toBe(true);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/de-390-orderlist.png`, fullPage: true });
});

test('the camera: a GS1 DataMatrix with the GTIN becomes a line of the shop\'s article', async ({ page, baseURL }) => {
  await loginLab(page);
  const art = valid.find((a) => a) ?? '';
  const detail = (await (await page.request.get(`/api/artikel/${art}/de/de`)).json()).result as { GTIN?: string };
  let target = art, gtin = detail.GTIN ?? '';
  for (const a of valid.slice(1, 40)) {
    if (/^\d{13}$/.test(gtin)) break;
    const d = (await (await page.request.get(`/api/artikel/${a}/de/de`)).json()).result as { GTIN?: string };
    target = a; gtin = d.GTIN ?? '';
  }
  expect(gtin).toMatch(/^\d{13}$/);
  const video = await codeVideo({ bcid: 'gs1datamatrix', text: `(01)0${gtin}(10)LOTQ1`, scale: 5 }, 'quick-gs1');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [...CHROMIUM_FLAGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
  try {
    const ctx = await browser.newContext({ baseURL });
    await ctx.addCookies([{ name: 'cookieconsent', value: 'consent', url: baseURL! }]);
    const cam = await ctx.newPage();
    expect((await cam.request.post('/api/login', { data: { Firma: 1, Benutzername: '123456', Kennwort: 'Demo-Labor-2026', kw: '' } })).status()).toBe(200);
    await open(cam, '/de/de');
    await cam.getByTestId('quick-scan').click();
    await expect(cam.getByTestId('scanner-camera')).toBeVisible();
    await expect(rows(cam).first()).toHaveAttribute('data-artnr', target, { timeout: 20_000 });
    await summary(cam, DE, 1, 0);
  } finally {
    await browser.close();
  }
});

for (const [lang, T, base] of [['de', DE, '/de/de'], ['fr', FR, '/fr/fr']] as const) {
  test(`screens ${lang}: 1366×900 and 390×844 with valid and wrong lines, no raw keys, no overflow`, async ({ page }) => {
    await loginLab(page);
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await open(page, base);
      await page.getByTestId('quick-paste').fill([`${valid[0]}\t2`, `K-${valid[1]};3`, '99999999', `${parent};1`, `${valid[2]};0`].join('\n'));
      await page.getByTestId('quick-paste-apply').click();
      await summary(page, T, 2, 3);
      await expect(page.getByTestId('quick-error').first()).toContainText(T.error_artnr!);
      // the camera box (no camera in this browser: its message) is translated too
      await page.getByTestId('quick-scan').click();
      await expect(page.getByTestId('scanner-camera')).toBeVisible();
      await expect(page.getByTestId('scanner-camera')).toContainText(T.no_compatible_camera!);
      const body = await page.locator('body').innerText();
      expect(body).not.toMatch(/\b(?:quick|nav|scanner|account|documents|shop|app)\.[a-z_]+\b|\berror_[a-z_]+\b/);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/${lang}-${width}.png`, fullPage: true });
    }
    await page.goto(`${base}/konto/`);
    await expect(page.getByTestId('konto-quick-order')).toHaveText(T['nav.quick_order']!);
    await page.locator('#meine_bestelllisten').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${lang}-390-konto.png` });
  });
}

test('screens of the isLS brand (777777 on /dk/de): 1366 and 390 px', async ({ page }) => {
  expect((await page.request.post('/api/login', { data: { Firma: 3, Benutzername: '777777', Kennwort: 'Demo-Labor-2026', kw: '' } })).status()).toBe(200);
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await open(page, '/dk/de');
    await page.getByTestId('quick-paste').fill([`${valid[0]};2`, '99999999'].join('\n'));
    await page.getByTestId('quick-paste-apply').click();
    await summary(page, DE, 1, 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/ls-de-${width}.png`, fullPage: true });
  }
});
