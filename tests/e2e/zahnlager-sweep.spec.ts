// The automatic tooth-storage booking done by the server's sweep (server/jobs/booking-sweep.ts) while the
// customer is away: the next page the customer opens shows the 'notice' dialog with the count of what the
// sweep booked — in German and in English, on a desktop and a phone. The sets are put on their way in
// the server's database (E2E_SQLITE_FILE, as the Playwright server uses it); the sweep runs every 10 s.
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createDb, type Db } from '../../server/db/index.ts';
import { loginLab, storeConsent } from './helpers.ts';
import { setsOnTheirWay } from '../api/zahnlager-fixtures.ts';

const LAB = 123456;
const SHOTS = 'test-results/screens/zahnlager-sweep';
let db: Db;
let artnr = '';

storeConsent();
test.beforeAll(async () => {
  db = await createDb({ file: process.env.E2E_SQLITE_FILE || 'data/e2e/shop.sqlite' });
  // a tooth set (article number ending in S and a digit), as a real storage holds
  artnr = (await db.selectFrom('articles').select('artnr').where('aus_sortiment', '=', 0).where('artnr', 'like', '%S_')
    .orderBy('artnr').limit(1).executeTakeFirstOrThrow()).artnr;
  fs.mkdirSync(SHOTS, { recursive: true });
});
test.afterAll(async () => { await db?.destroy(); });

/** Sets on their way to the lab, its window passed: resolves once the sweep booked them; the unshown count. */
async function sweptWhileAway(n: number): Promise<number> {
  await db.updateTable('zahnlager_checks').set({ last_check: '2000-01-01T00:00:00.000Z' }).where('kdnr', '=', LAB).execute();
  const slots = await setsOnTheirWay(db, LAB, artnr, n);
  await expect.poll(async () => (await db.selectFrom('zahnlager_bookings').select('id').where('slot_id', 'in', slots).execute()).length,
    { timeout: 30_000, intervals: [250] }).toBe(n);
  const unshown = await db.selectFrom('zahnlager_bookings').select('id').where('kdnr', '=', LAB).where('shown', '=', 0).execute();
  return unshown.length;
}

async function noticeShown(page: Page, path: string, title: string, text: string, name: string): Promise<void> {
  await page.goto(path);
  const dialog = page.locator('[data-ui-dialog]');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('h2')).toHaveText(title);
  await expect(dialog).toContainText(text);
  for (const [w, h] of [[1366, 900], [390, 844]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: `${SHOTS}/${name}-${w}x${h}.png` });
  }
}

test('bookings the sweep made while the lab was away open the notice on the next page (German)', async ({ page }) => {
  const count = await sweptWhileAway(3);
  await loginLab(page);
  await noticeShown(page, '/de/de/zahnlager', 'Hinweis', `${count} Positionen wurden automatisch zugebucht.`, 'de');
  expect(await db.selectFrom('zahnlager_bookings').select('id').where('kdnr', '=', LAB).where('shown', '=', 0).execute()).toEqual([]);
});

test('the same notice in English', async ({ page }) => {
  const count = await sweptWhileAway(2);
  await loginLab(page);
  await noticeShown(page, '/de/en/zahnlager', 'Notice', `${count} items have been booked automatically.`, 'en');
});
