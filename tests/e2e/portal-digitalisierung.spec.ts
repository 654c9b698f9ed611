// Digitisation (service/digitalisierung): a photo per drawer is required, the batch upload shows its
// progress and ends with the reference number and server-made thumbnails; when the batch fails the
// spec's 'send individually' message appears and the photos go one by one.
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import de from '../../src/i18n/locales/de.json' with { type: 'json' };
import { hydrated, PASSWORD } from './helpers.ts';

const T = de as Record<string, string>;

async function open(page: Page): Promise<void> {
  expect((await page.request.post('/api/login', { data: { Firma: 1, Benutzername: '123456', Kennwort: PASSWORD, kw: '' } })).status()).toBe(200);
  await page.goto('/de/de/service/digitalisierung');
  await hydrated(page, '[data-testid="zl-digitalisierung"]');
}

const photo = async (name: string) => ({
  name, mimeType: 'image/png',
  buffer: await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 200, g: 180, b: 150 } } }).png().toBuffer(),
});

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'cookieconsent', value: 'consent', url: baseURL! }]);
});

test('a drawer without a photo is refused; the batch upload shows progress, reference and thumbnails', async ({ page }) => {
  await open(page);
  await page.getByTestId('zl-digi-send').click();
  await expect(page.getByTestId('zl-digi-error')).toHaveText(T['digitisation_photo_per_drawer_required']!);
  await page.getByTestId('zl-digi-file').first().setInputFiles([await photo('schublade-1.png')]);
  // every drawer has its photo now: the refusal goes away (issue 12: it stayed on screen)
  await expect(page.getByTestId('zl-digi-error')).toHaveCount(0);
  // hold the answer a moment so the progress can be seen
  await page.route('**/api/zahnlager/digitalisierung', async (r) => { await new Promise((f) => setTimeout(f, 700)); await r.continue(); });
  await page.getByTestId('zl-digi-send').click();
  await expect(page.getByTestId('zl-digi-progress')).toBeVisible();
  const done = page.getByTestId('zl-digi-done');
  await expect(done).toBeVisible();
  await expect(done).toContainText(/DG-\d{4}-\d{6}/);
  const thumb = done.locator('img').first();
  await expect(thumb).toBeVisible();
  expect(await thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeLessThanOrEqual(400); // the resized thumbnail
});

test('a failed batch: the send-individually message, then the photos one by one', async ({ page }) => {
  await open(page);
  await page.getByTestId('zl-digi-file').first().setInputFiles([await photo('a.png'), await photo('b.png')]);
  await page.route('**/api/zahnlager/digitalisierung', (r) => r.abort('connectionreset'));
  await page.getByTestId('zl-digi-send').click();
  const notice = page.getByTestId('zl-digi-individual');
  await expect(notice).toContainText(T['images_connection_error']!);
  await page.unroute('**/api/zahnlager/digitalisierung');
  await notice.getByRole('button', { name: T['form.send_individually']! }).click();
  const done = page.getByTestId('zl-digi-done');
  await expect(done).toBeVisible();
  await expect(done.locator('img')).toHaveCount(2);
});
