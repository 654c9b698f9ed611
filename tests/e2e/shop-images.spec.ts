// Product imagery and the home page (issue 12 item 11): category pages show the seed's drawn product
// pictures (no placeholder), home shows new articles and top deals with pictures, and the category
// strip follows the menu order. Screenshots: test-results/screens/home/.
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { storeConsent } from './helpers.ts';

storeConsent();
const SHOTS = 'test-results/screens/home';
test.beforeAll(() => { fs.mkdirSync(SHOTS, { recursive: true }); });

/** Every image in `scope` has loaded a product picture (WebP from the image addresses), none fell back. */
async function expectProductPictures(page: Page, scope: string, min: number): Promise<void> {
  const imgs = page.locator(`${scope} img`);
  await expect(imgs.first()).toBeVisible();
  expect(await imgs.count()).toBeGreaterThanOrEqual(min);
  for (const img of await imgs.all()) {
    await img.scrollIntoViewIfNeeded();
    await expect(img).toHaveJSProperty('complete', true);
    const state = await img.evaluate((el: HTMLImageElement) => ({ src: el.currentSrc, w: el.naturalWidth, srcset: el.srcset, sizes: el.sizes }));
    expect(state.src, 'a product picture, not the placeholder').toMatch(/\/images\/artikel\/(small|large)\/[^/]+\.webp$/);
    expect(state.w).toBeGreaterThan(0);
    expect(state.srcset).toMatch(/ 240w, .* 640w$/);
    expect(state.sizes).not.toBe('');
  }
}

/** A category page with its catalogue island hydrated (it hydrates once it comes near the viewport). */
async function openCategory(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('[data-island-slot="catalogue"]').scrollIntoViewIfNeeded();
  await expect(page.locator('.sh-card').first()).toBeVisible();
}

test('category pages of seeded families show product pictures, no placeholder', async ({ page }) => {
  for (const pg of [1, 3, 4, 6, 7]) {
    await openCategory(page, `/de/de/shop/category/${pg}/`);
    await expectProductPictures(page, '.sh-card__img', 8);
  }
});

test('the product page shows the large picture with a srcset up to the hq image', async ({ page, request }) => {
  const r = await request.get('/api/shop/category?pg=3&page=1&pageSize=1&country=de&lang=de');
  const a = (await r.json()).result.items[0];
  await openCategory(page, '/de/de/shop/category/3/');
  await page.locator('.sh-card__title').first().click();
  const img = page.locator('.sh-pd__img');
  await expect(img).toHaveJSProperty('complete', true);
  const s = await img.evaluate((el: HTMLImageElement) => ({ src: el.currentSrc, w: el.naturalWidth, srcset: el.srcset }));
  expect(s.w).toBeGreaterThan(0);
  expect(s.src).toMatch(/\/images\/(artikel\/large|hq\/.+)\/[^/]+\.webp$/);
  expect(s.srcset).toContain(`/images/hq/${a.Artikelnummer.slice(0, 1)}/`);
});

for (const site of [{ base: '/de/de', brand: 'main' }, { base: '/de/fr', brand: 'main' }, { base: '/dk/de', brand: 'ls' }, { base: '/dk/fr', brand: 'ls' }]) {
  test(`home ${site.base}: categories in menu order, new articles and top deals with pictures`, async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${site.base}/`);
    const tiles = page.locator('.tile-strip a');
    await expect(tiles.first()).toHaveAttribute('href', /\/shop\/category\/1\/?$/);
    await expect(tiles.last()).toHaveAttribute('href', /\/shop\/category\/888\/?$/);
    const hrefs = await tiles.evaluateAll((as) => as.map((a) => Number(/category\/(\d+)/.exec(a.getAttribute('href') ?? '')?.[1])));
    expect(hrefs.slice(-4)).toEqual([90, 91, 0, 888]);
    await page.locator('#neuheiten').scrollIntoViewIfNeeded();
    // horizontal article grid: arrows only on overflow, disabled at the ends; a closing "show all" tile
    await expect(page.locator('#neuheiten .sh-card').first()).toBeVisible();
    const row = page.locator('#neuheiten .sh-row-grid');
    const prev = row.locator('.sh-row-grid__nav button').first(), next = row.locator('.sh-row-grid__nav button').last();
    await expect(prev).toBeDisabled();
    await expect(next).toBeEnabled();
    await next.click();
    await expect(prev).toBeEnabled();
    await expect(row.locator('.sh-row-grid__all')).toHaveAttribute('href', /\/shop\/category\/91\/?$/);
    for (const id of ['neuheiten', 'top_deals']) {
      await page.locator(`#${id}`).scrollIntoViewIfNeeded();
      await expect(page.locator(`#${id} .sh-card`).first()).toBeVisible();
      await expectProductPictures(page, `#${id} .sh-card__img`, 4);
    }
    const lang = site.base.slice(-2);
    await page.evaluate(() => document.querySelectorAll('.sh-row-grid__track').forEach((el) => el.scrollTo(0, 0)));
    for (const size of [{ width: 1366, height: 900 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(size);
      await page.locator('#neuheiten').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/${site.brand}-${lang}-home-neuheiten-${size.width}.png` });
      await page.evaluate(() => scrollTo(0, 0));
      await page.screenshot({ path: `${SHOTS}/${site.brand}-${lang}-home-top-${size.width}.png` });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
    await openCategory(page, `${site.base}/shop/category/3/`);
    for (const size of [{ width: 1366, height: 900 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(size);
      await page.locator('.sh-card').first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/${site.brand}-${lang}-category-${size.width}.png` });
    }
  });
}

test('a home section whose group has no articles is removed, not left as an empty heading', async ({ page }) => {
  await page.route(/\/api\/shop\/category\?.*pg=90/, (route) => route.fulfill({ json: { result: { items: [], total: 0, page: 1, pages: 0, filters: { marken: [], eigenschaften: [], price: { min: 0, max: 0 } } } } }));
  await page.goto('/de/de/');
  await page.locator('#neuheiten').scrollIntoViewIfNeeded();
  await expect(page.locator('#neuheiten .sh-card').first()).toBeVisible();
  // the row loads when it comes near: scrolled to, its section goes once the answer is empty
  await page.locator('#top_deals').scrollIntoViewIfNeeded();
  await expect(page.locator('#top_deals')).toBeHidden();
});
