// MDR case file (issue 11 part 2): a GS1 DataMatrix read by the fake camera is documented on a new patient
// work with device and patient code; the work's Annex XIII statement is downloaded and its text checked with
// pdftotext; the lot recall finds the work; screens in German and English at 1366×900 and 390×844.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { test, expect, chromium, type Browser, } from '@playwright/test';
import { PASSWORD, storeConsent } from './helpers.ts';
import { CHROMIUM_FLAGS, codeVideo, presetSettings, searchLogbook } from './scanner-helpers.ts';

const BASE = `http://localhost:${Number(process.env.E2E_PORT || 4399)}`;
const LOGIN = { Firma: 1, Benutzername: '123456', Kennwort: 'Demo-Labor-2026', kw: '' };
const SHOTS = 'test-results/screens/mdr';
const GTIN = '04034495071104';

test.describe.configure({ mode: 'serial' });
storeConsent();

const lot = `MDR${Date.now().toString(36).toUpperCase()}`;
const order = `PA-${lot}`;

test('a GS1 DataMatrix from the camera is documented on a patient work whose Annex XIII statement downloads as PDF', async ({ page }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const video = await codeVideo({ bcid: 'gs1datamatrix', text: `(01)${GTIN}(17)${String(new Date().getUTCFullYear() + 2).slice(2)}1231(10)${lot}(21)SN-${lot}`, scale: 5 }, 'mdr-gs1dm');
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [...CHROMIUM_FLAGS, '--disable-quic', '--disable-sync', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
  try {
    const ctx = await browser.newContext({ baseURL: BASE, viewport: { width: 1366, height: 900 } });
    await ctx.addCookies([{ name: 'cookieconsent', value: 'consent', url: BASE }]);
    const cam = await ctx.newPage();
    expect((await cam.request.post('/api/login', { data: LOGIN })).status()).toBe(200);
    expect((await cam.request.put('/api/user/active', { data: { id: 0, password: PASSWORD } })).status()).toBe(200);
    await presetSettings(cam, { scannerTutorialRead: '1', scannerMdrTutorialRead: '1', scannerMode: 'log', scannerPatientenarbeit: '', scannerUser: '0' });
    await cam.goto('/de/de/kamera/');
    await cam.waitForURL(/\/kamera\/scanresult\//, { timeout: 20_000 });
    const form = cam.getByTestId('log-form');
    await expect(form.locator('input[name="lot"]')).toHaveValue(lot);
    await form.locator('input[name="auftragsnummer"]').fill(order);
    await form.locator('input[name="auftraggeber_name"]').fill('Zahnarztpraxis Dr. Weiß');
    await form.locator('input[name="geraet"]').fill('Brücke 14–16, Zirkon');
    await form.locator('input[name="patientCode"]').fill('PK-4711');
    await form.locator('input[name="menge"]').fill('2');
    await form.locator('input[name="gewebe"]').check();
    await cam.screenshot({ path: `${SHOTS}/scanresult-log-de-1366.png`, fullPage: true });
    await form.getByTestId('log-save').click();
    await expect(cam.getByTestId('log-done')).toContainText(order);
  } finally {
    await browser.close();
  }

  // the logbook: the work, its batch (manufacturer, GTIN, quantity) and the statement in one click
  await page.setViewportSize({ width: 1366, height: 900 });
  const logbook = await searchLogbook(page, LOGIN, lot);
  const work = logbook.locator(`li[data-work="${order}"]`);
  await work.getByRole('button', { expanded: false }).first().click();
  await expect(work.getByTestId('patient-code')).toHaveText('PK-4711');
  const batch = work.locator(`li[data-lot="${lot}"]`);
  await expect(batch).toContainText(GTIN);
  await expect(work.getByTestId('retain-until')).toContainText(`Aufbewahrung bis`);
  await work.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/work-de-1366.png`, fullPage: true });

  const download = page.waitForEvent('download');
  await work.getByTestId('mdr-statement').click();
  const file = await (await download).path();
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  for (const s of ['Erklärung zu Sonderanfertigungen', 'Anhang XIII', 'Brücke 14–16, Zirkon', 'PK-4711', 'Zahnarztpraxis Dr. Weiß', order,
    'Anhang I der Verordnung (EU) 2017/745', 'menschlichen oder tierischen Ursprungs: Ja', 'Arzneimittel gilt: Nein']) expect(text).toContain(s);

  // a delete is refused within the retention period
  page.once('dialog', (d) => void d.accept());
  await work.getByRole('button', { name: 'Löschen' }).first().click();
  const confirm = page.getByRole('dialog');
  if (await confirm.isVisible().catch(() => false)) await confirm.getByRole('button', { name: /OK|Bestätigen/ }).click();
  await expect(work.getByRole('alert')).toContainText('können erst ab');
});

test('the lot recall finds the work and exports the list', async ({ page }) => {
  for (const [lang, vp] of [['de', { width: 1366, height: 900 }], ['en', { width: 390, height: 844 }], ['de', { width: 390, height: 844 }], ['en', { width: 1366, height: 900 }]] as const) {
    await page.setViewportSize(vp);
    expect((await page.request.post('/api/login', { data: LOGIN })).status()).toBe(200);
    await presetSettings(page, { scannerTutorialRead: '1', scannerMdrTutorialRead: '1', scannerMode: 'log' });
    await page.goto(`/de/${lang}/kamera/#logbuch`);
    const recall = page.getByTestId('mdr-recall');
    await recall.locator('input[name="lot"]').fill(lot.toLowerCase());
    await recall.getByRole('button', { name: lang === 'de' ? 'Suchen' : 'Search' }).click();
    const hit = recall.locator(`li[data-work="${order}"]`);
    await expect(hit).toContainText('PK-4711');
    await expect(recall.getByTestId('recall-result')).toContainText(lang === 'de' ? 'Patientenarbeiten mit dieser Charge (1)' : 'Patient jobs with this batch (1)');
    await recall.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/recall-${lang}-${vp.width}.png`, fullPage: true });
    // nothing of the page is wider than the viewport
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(vp.width);
  }
  // a code scanned on the scanner page: "check recall for LOT …" opens the recall with the code's LOT
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/de/de/kamera/scanresult/${encodeURIComponent(`(01)${GTIN}(10)${lot}`)}/`);
  await page.getByTestId('recall-link').click();
  const recall = page.getByTestId('mdr-recall');
  await expect(recall.locator(`li[data-work="${order}"]`)).toContainText('PK-4711');
  await expect(recall.locator('input[name="lot"]')).toHaveValue(lot);

  const download = page.waitForEvent('download');
  await page.getByTestId('recall-csv').click();
  const csv = fs.readFileSync(await (await download).path(), 'utf8').replace(/^\uFEFF/, '').trim().split(/\r\n/);
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain(order);
  expect(csv[1]).toContain(lot);
});

test('the work detail and the MDR fields at 390 px in English', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  expect((await page.request.post('/api/login', { data: LOGIN })).status()).toBe(200);
  await presetSettings(page, { scannerTutorialRead: '1', scannerMdrTutorialRead: '1', scannerMode: 'log' });
  await page.goto('/de/en/kamera/#logbuch');
  const logbook = page.getByTestId('logbook');
  await logbook.getByRole('searchbox').fill(lot);
  await logbook.getByRole('button', { name: 'Search' }).click();
  const work = logbook.locator(`li[data-work="${order}"]`);
  await work.getByRole('button', { expanded: false }).first().click();
  await expect(work.getByTestId('mdr-statement')).toHaveText('Annex XIII statement (PDF)');
  await work.getByRole('button', { name: 'Edit' }).first().click();
  await expect(work.locator('input[name="patientCode"]')).toHaveValue('PK-4711');
  await work.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/work-edit-en-390.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('tooth storage: a slot carries LOT and expiry and is flagged when it expires within 30 days (German and English)', async ({ page }) => {
  expect((await page.request.post('/api/login', { data: LOGIN })).status()).toBe(200);
  const cab = (await (await page.request.post('/api/zahnlager/schraenke', { data: { name: `MDR ${lot}` } })).json()).result;
  const drawer = (await (await page.request.post(`/api/zahnlager/schraenke/${cab.id}/schubladen`, { data: { name: 'Lot', zeilen: 1, spalten: 3 } })).json()).result;
  const grid = (await (await page.request.get(`/api/zahnlager/schubladen/${drawer.id}`)).json()).result.grid.flat();
  const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  for (const [i, l, d] of [[0, lot, soon], [1, 'LATER-1', '2099-01-01']] as const) {
    expect((await page.request.put(`/api/zahnlager/slots/${grid[i].id}`, { data: { artikelnummer: '919562', belegt: 1 } })).status()).toBe(200);
    expect((await page.request.put(`/api/mdr/stock/${grid[i].id}`, { data: { lot: l, verfallsdatum: d } })).status()).toBe(200);
  }
  for (const [lang, vp, label] of [['de', { width: 1366, height: 900 }, 'Läuft bald ab'], ['en', { width: 390, height: 844 }, 'Expires soon']] as const) {
    await page.setViewportSize(vp);
    await page.goto(`/de/${lang}/zahnlager/schrank/${cab.id}/schublade/${drawer.id}`);
    const first = page.locator(`[data-slot="${grid[0].id}"]`);
    await expect(first).toHaveAttribute('data-expires-soon', '1');
    await expect(first.getByTestId('zl-expiring')).toHaveText(label);
    await expect(page.locator(`[data-slot="${grid[1].id}"]`)).toHaveAttribute('data-expires-soon', '0');
    await expect(page.locator(`[data-slot="${grid[1].id}"]`).getByTestId('zl-lot')).toContainText('LATER-1');
    await page.screenshot({ path: `${SHOTS}/drawer-${lang}-${vp.width}.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(vp.width);
  }
  // the recall lists the slot with the LOT
  const r = (await (await page.request.get(`/api/mdr/recall?lot=${lot}`)).json()).result;
  expect(r.stock.map((s: { slotId: number; match: string }) => [s.slotId, s.match])).toContainEqual([grid[0].id, 'lot']);
});
