// Finding products as a customer clicks (issue 4, "Finding products"): category browsing with brand
// and price filters, pagination, back navigation restoring filters/page/scroll, product page rendered
// on the server, request-price cards without a cart button, the top-bar search preview (debounce,
// 3 characters, top articles and category chips, closes on blur), the quick article-number
// suggestion, and the cart-add panel after an add. Data is looked up through the API first so the
// spec holds for any seed size (CI: 65,000 articles).
import { test, expect, type Page, type APIRequestContext } from '@playwright/test';
import { SEARCH_DEBOUNCE_MS, SEARCH_PREVIEW_ARTICLES, SEARCH_PREVIEW_CATEGORIES } from '../../src/lib/rules/constants.ts';
import { artbez } from '../../src/lib/rules/artnr.ts';

const LOGIN = { Firma: 1, Benutzername: '123456', Kennwort: 'Demo-Labor-2026', kw: '' };

interface Item { Artikelnummer: string; Bezeichnung: string; Preis: number; KatPreis: number; PG: number; KatId: number; lieferant?: string }
interface Listing { items: Item[]; total: number; pages: number; filters: { marken: { id: number; name: string; count: number }[] } }

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'cookieconsent', value: 'consent', url: baseURL! }]);
});

async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const r = await request.get(`/api/${path}`);
  expect(r.status(), path).toBe(200);
  return ((await r.json()) as { result: T }).result;
}

/** "1.234,50 €" → 1234.5 */
function euros(s: string): number {
  const m = /([\d.]+,\d{2})/.exec(s.replace(/\s/g, ''));
  return m ? Number(m[1]!.replace(/\./g, '').replace(',', '.')) : NaN;
}

const cards = (page: Page) => page.locator('.sh-listing__main .sh-card');
const countText = (page: Page) => page.locator('.sh-listing__count');

/** Waits until the listing shows an answer that is no longer loading. */
async function settled(page: Page) {
  await expect(page.locator('.sh-listing__main[aria-busy="false"]')).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
}

test.describe('category pages', () => {
  test('guest browses a category, filters by brand and price, paginates; back restores filter, page and scroll', async ({ page }) => {
    await page.goto('/de/de/shop/category/');
    await page.locator('.category-card a', { hasText: 'Zähne' }).first().click();
    await expect(page).toHaveURL(/\/de\/de\/shop\/category\/1\/$/);
    await page.locator('.chips a.chip', { hasText: 'Frontzähne' }).click();
    await expect(page).toHaveURL(/\/shop\/category\/1\/101\/?$/);
    await expect(page.locator('h1')).toHaveText('Frontzähne');
    await settled(page);
    const before = Number((await countText(page).innerText()).replace(/\D/g, ''));
    expect(before).toBeGreaterThan(48);

    // brand filter: the biggest brand, so that there are still several pages
    const brands = page.locator('fieldset', { has: page.locator('legend', { hasText: 'Marken' }) });
    const firstBrand = brands.locator('label.sh-check').first();
    const brandName = (await firstBrand.locator('span').first().innerText()).trim();
    await firstBrand.locator('input').check();
    await expect(page).toHaveURL(/[?&]marken=\d+/);
    await expect(page.locator('.sh-active')).toContainText(brandName);
    await expect(countText(page)).not.toHaveText(`${before} Artikel`);
    await settled(page);
    const makers = await page.locator('.sh-listing__main .sh-card__maker').allInnerTexts();
    expect(makers.length).toBeGreaterThan(0);
    expect(new Set(makers)).toEqual(new Set([brandName]));
    const brandTotal = Number((await countText(page).innerText()).replace(/\D/g, ''));
    expect(brandTotal).toBeLessThan(before);
    expect(brandTotal).toBeGreaterThan(24);

    // page 2 (a new history entry), then scroll down and open a product
    const firstOnPage1 = await cards(page).first().getAttribute('data-artnr');
    await page.getByRole('navigation', { name: 'Seitennavigation' }).getByRole('link', { name: 'Gehe zu Seite 2' }).click();
    await expect(page).toHaveURL(/\/shop\/category\/1\/101\/2\?marken=\d+/);
    await expect(cards(page).first()).not.toHaveAttribute('data-artnr', firstOnPage1!);
    await settled(page);
    const firstOnPage2 = await cards(page).first().getAttribute('data-artnr');
    const target = cards(page).nth(9);
    await target.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 200);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
    const scrolled = await page.evaluate(() => window.scrollY);
    const listUrl = page.url();
    const targetNr = await target.getAttribute('data-artnr');
    await target.locator('.sh-card__title').click();
    await expect(page).toHaveURL(new RegExp(`/shop/artikel/${encodeURIComponent(targetNr!)}-[^/]*/details/1/?$`));
    await expect(page.getByTestId('pd-artnr')).toHaveText(targetNr!);

    await page.goBack();
    await expect(page).toHaveURL(listUrl);
    await expect(page.locator('.sh-active')).toContainText(brandName);
    await expect(brands.locator('label.sh-check').first().locator('input')).toBeChecked();
    await expect(page.locator('.sh-pagination [aria-current="page"]')).toHaveText('2');
    await expect(cards(page).first()).toHaveAttribute('data-artnr', firstOnPage2!);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 150);

    // price filter: a maximum below some of the shown prices narrows the list and starts at page 1
    const prices = (await page.locator('.sh-listing__main .sh-card .sh-price__now').allInnerTexts()).map(euros).filter(Number.isFinite).sort((a, b) => a - b);
    const max = Math.floor(prices[Math.floor(prices.length / 2)]!);
    expect(max).toBeGreaterThan(0);
    await page.getByRole('spinbutton', { name: 'Max.' }).fill(String(max));
    await page.getByRole('button', { name: 'Anwenden' }).click();
    await expect(page).toHaveURL(new RegExp(`/shop/category/1/101\\?(?=.*marken=\\d+)(?=.*max=${max})`));
    await expect(page.locator('.sh-active')).toContainText('Preis');
    await settled(page);
    const after = Number((await countText(page).innerText()).replace(/\D/g, ''));
    expect(after).toBeLessThan(brandTotal);
    const shown = (await page.locator('.sh-listing__main .sh-card .sh-price__now').allInnerTexts()).map(euros);
    for (const p of shown) expect(p).toBeLessThanOrEqual(max);
    // the offered range (min–max of the result) is shown beside the chosen bounds
    await expect(page.locator('.sh-filter__range')).toContainText('€');

    // removing the brand chip keeps the price filter
    await page.locator('.sh-active').getByRole('button', { name: new RegExp(brandName) }).click();
    await expect(page).not.toHaveURL(/marken=/);
    await expect(page).toHaveURL(new RegExp(`max=${max}`));
  });

  test('request-price articles show "on request" and no cart button; priced ones have one', async ({ page, request }) => {
    // the category holding a request-price article (0.01/0.02) comes first when sorted by price
    const groups = await apiGet<{ pg: number }[]>(request, 'produktgruppen/de/de');
    let hit: Item | null = null;
    for (const g of groups) {
      const l = await apiGet<Listing>(request, `shop/category?pg=${g.pg}&sort=price_asc&pageSize=1&country=de&lang=de`);
      const a = l.items[0];
      if (a && [a.Preis, a.KatPreis].some((p) => p === 0.01 || p === 0.02)) { hit = a; break; }
    }
    expect(hit, 'seed has a request-price article').not.toBeNull();
    await page.goto(`/de/de/shop/category/${hit!.PG}/${hit!.KatId}/`);
    await settled(page);
    await page.getByLabel('Sortieren nach').selectOption({ label: 'Preis aufsteigend' });
    await expect(page).toHaveURL(/sort=price_asc/);
    const card = page.locator(`.sh-card[data-artnr="${hit!.Artikelnummer}"]`);
    await expect(card).toBeVisible();
    await expect(card).toContainText('Preis auf Anfrage');
    await expect(card.getByTestId('add-to-cart')).toHaveCount(0);
    const priced = cards(page).filter({ hasNot: page.getByText('Preis auf Anfrage') }).first();
    await expect(priced.getByTestId('add-to-cart')).toBeVisible();
  });
});
