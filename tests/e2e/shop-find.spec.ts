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

interface Item { Artikelnummer: string; Bezeichnung: string; Preis: number; KatPreis: number; PG: number; KatId: number; IstReferenz?: number; lieferant?: string }
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

/** Astro drops the island's ssr attribute once it has hydrated; one that hydrates on interaction is woken by a pointer passing over it. */
async function hydrated(page: Page, component: string) {
  const island = page.locator(`astro-island[component-url*="${component}"]`).first();
  await island.evaluate((el) => {
    if (el.getAttribute('client') === 'interaction' && el.hasAttribute('ssr')) el.firstElementChild?.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
  });
  await expect(island).not.toHaveAttribute('ssr', /.*/);
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
    // already-bought is a login-only filter
    await expect(page.getByText('Nur bereits gekaufte Artikel')).toHaveCount(0);
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
    // textContent: a card out of sight skips layout (content-visibility), and innerText needs it
    const makers = (await page.locator('.sh-listing__main .sh-card__maker').allTextContents()).map((m) => m.trim());
    expect(makers.length).toBeGreaterThan(0);
    expect(new Set(makers)).toEqual(new Set([brandName]));
    const brandTotal = Number((await countText(page).innerText()).replace(/\D/g, ''));
    expect(brandTotal).toBeLessThan(before);
    expect(brandTotal).toBeGreaterThan(24);

    // page 2 (a new history entry), then scroll down and open a product
    const firstOnPage1 = await cards(page).first().getAttribute('data-artnr');
    await page.getByRole('navigation', { name: 'Seitennavigation' }).getByRole('link', { name: 'Gehe zu Seite 2' }).click();
    await expect(page).toHaveURL(/\/shop\/category\/1\/101\/2\/\?marken=\d+/);
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
    const prices = (await page.locator('.sh-listing__main .sh-card .sh-price__now').allTextContents()).map(euros).filter(Number.isFinite).sort((a, b) => a - b);
    const max = Math.floor(prices[Math.floor(prices.length / 2)]!);
    expect(max).toBeGreaterThan(0);
    await page.getByRole('spinbutton', { name: 'Max.' }).fill(String(max));
    await page.getByRole('button', { name: 'Anwenden' }).click();
    await expect(page).toHaveURL(new RegExp(`/shop/category/1/101/\\?(?=.*marken=\\d+)(?=.*max=${max})`));
    await expect(page.locator('.sh-active')).toContainText('Preis');
    await settled(page);
    const after = Number((await countText(page).innerText()).replace(/\D/g, ''));
    expect(after).toBeLessThan(brandTotal);
    const shown = (await page.locator('.sh-listing__main .sh-card .sh-price__now').allTextContents()).map(euros);
    for (const p of shown) expect(p).toBeLessThanOrEqual(max);
    // the offered range (min–max of the result) is shown beside the chosen bounds
    await expect(page.locator('.sh-filter__range')).toContainText('€');

    // removing the brand chip keeps the price filter
    await page.locator('.sh-active').getByRole('button', { name: new RegExp(brandName) }).click();
    await expect(page).not.toHaveURL(/marken=/);
    await expect(page).toHaveURL(new RegExp(`max=${max}`));
  });

  test('category list: group 9 skipped, reserved groups PG90, PG91, PG0, PG888 last in that order', async ({ page, request }) => {
    const nav = (await (await request.post('/api/navigation/de/de')).json()).result.elements as { pg: number; name: string }[];
    await page.goto('/de/de/shop/category/');
    const titles = await page.locator('.category-card__title').allInnerTexts();
    expect(titles).toEqual(nav.map((e) => e.name));
    expect(nav.map((e) => e.pg)).not.toContain(9);
    expect(nav.slice(-4).map((e) => e.pg)).toEqual([90, 91, 0, 888]);
  });

  test('category variants shop/{katName} and shop/{pg}/{aw}: same listing, pages via ?page=', async ({ page, request }) => {
    const nav = (await (await request.post('/api/navigation/de/de')).json()).result.elements as { pg: number; children: { katId: number; slug: string; name: string }[] }[];
    const cat = nav.find((e) => e.pg === 1)!.children.find((c) => c.katId === 101)!;
    await page.goto(`/de/de/shop/${cat.slug}/`);
    await expect(page.locator('h1')).toHaveText(cat.name);
    await settled(page);
    const first = await cards(page).first().getAttribute('data-artnr');
    await page.getByRole('link', { name: 'Gehe zu Seite 2', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/shop/${cat.slug}/\\?page=2$`));
    await expect(cards(page).first()).not.toHaveAttribute('data-artnr', first!);
    await page.goto(`/de/de/shop/1/${cat.katId}/`);
    await expect(page.locator('h1')).toHaveText(cat.name);
    await expect(cards(page).first()).toHaveAttribute('data-artnr', first!);
    expect((await request.get('/de/de/shop/1/99999/', { maxRedirects: 0 })).status()).toBe(302);
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
    // the most expensive ones first: priced articles with a cart button (page 1 ascending may hold only request prices)
    await page.getByLabel('Sortieren nach').selectOption({ label: 'Preis absteigend' });
    await expect(page).toHaveURL(/sort=price_desc/);
    await settled(page);
    const priced = cards(page).filter({ hasNot: page.getByText('Preis auf Anfrage') }).first();
    await expect(priced.getByTestId('add-to-cart')).toBeVisible();
  });
});

test.describe('product details', () => {
  test('rendered on the server: title, heading and description are in the raw HTML', async ({ request }) => {
    const l = await apiGet<Listing>(request, 'shop/category?pg=3&pageSize=1&country=de&lang=de');
    const a = l.items[0]!;
    const url = `/de/de/shop/artikel/${artbez(a.Artikelnummer, a.Bezeichnung)}/details/${a.PG}`;
    const r = await request.get(url);
    expect(r.status()).toBe(200);
    const html = await r.text();
    const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    expect(html).toMatch(new RegExp(`<title>[^<]*${esc(a.Bezeichnung).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    expect(html).toContain(`<h1 class="sh-pd__title"`);
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
    expect(html).toContain(`data-testid="pd-artnr">${esc(a.Artikelnummer)}<`);
    // an unknown article is a real 404
    expect((await request.get('/de/de/shop/artikel/XX-NOPE-0-gibt-es-nicht/details')).status()).toBe(404);
  });

  test('variants of a reference article, quantity stepper 0–999, availability', async ({ page, request }) => {
    const groups = await apiGet<{ pg: number }[]>(request, 'produktgruppen/de/de');
    // a reference article (IstReferenz 1) from the first group that lists one
    let ref: Item | null = null;
    for (const g of groups.slice(0, 6)) {
      const l = await apiGet<Listing>(request, `shop/category?pg=${g.pg}&pageSize=96&country=de&lang=de`);
      ref = l.items.find((i) => i.IstReferenz === 1) ?? null;
      if (ref) break;
    }
    expect(ref, 'seed lists a reference article').not.toBeNull();
    await page.goto(`/de/de/shop/artikel/${artbez(ref!.Artikelnummer, ref!.Bezeichnung)}/details`);
    await hydrated(page, 'ProductActions');
    const variants = page.locator('.sh-variants input[type="radio"]');
    expect(await variants.count()).toBeGreaterThan(1);
    await variants.nth(1).check();
    await expect(variants.nth(1)).toBeChecked();
    await expect(page.getByTestId('product-actions').locator('.sh-avail')).toBeVisible();
    const qty = page.getByTestId('product-actions').getByRole('spinbutton');
    // out of range is not clamped silently (issue 12): error_menge, and leaving the field keeps the last valid quantity
    const before = await qty.inputValue();
    await qty.fill('1200');
    await expect(page.locator('.toast').last()).toHaveText('Bitte gültige Menge eingeben');
    await expect(qty).toHaveAttribute('aria-invalid', 'true');
    await qty.blur();
    await expect(qty).toHaveValue(before);
    await qty.fill('-3');
    await qty.blur();
    await expect(qty).toHaveValue(before);
    await qty.fill('0');
    await qty.blur();
    await expect(qty).toHaveValue('0');
  });
});

test.describe('search', () => {
  test('on the results page the top-bar field keeps the term to refine it', async ({ page }) => {
    await page.goto('/de/de/shop/suche?q=superhartgips');
    await expect(page.locator('#site-search')).toHaveValue('superhartgips');
    await page.goto('/de/de/');
    await expect(page.locator('#site-search')).toHaveValue('');
  });

  test('top-bar preview: from 3 characters, one call after the 300 ms pause, top articles and category chips, closes on blur', async ({ page }) => {
    await page.goto('/de/de/');
    const input = page.locator('#site-search');
    const calls: string[] = [];
    let calledAt = 0;
    page.on('request', (r) => { if (/\/api\/suche\/de\?/.test(r.url())) { calls.push(r.url()); calledAt ||= Date.now(); } });
    await input.click();
    await input.pressSequentially('ke', { delay: 40 });
    const preview = page.getByTestId('search-preview');
    await expect(preview).toContainText('Bitte mindestens 3 Zeichen eingeben');
    await page.waitForTimeout(SEARCH_DEBOUNCE_MS + 200);
    expect(calls).toHaveLength(0);
    const answered = page.waitForResponse((r) => /\/api\/suche\/de\?/.test(r.url()));
    await input.pressSequentially('ramik', { delay: 20 });
    const typedAt = Date.now();
    await answered;
    // the call waits for the pause after the last key
    expect(calledAt - typedAt).toBeGreaterThanOrEqual(SEARCH_DEBOUNCE_MS - 50);
    await expect(preview.locator('a[href*="/shop/artikel/"]').first()).toBeVisible();
    await page.waitForTimeout(SEARCH_DEBOUNCE_MS + 200);
    // typing faster than the pause: one call for the whole word
    expect(calls).toHaveLength(1);
    expect(new URL(calls[0]!).searchParams.get('q')).toBe('keramik');
    const articles = preview.locator('a[href*="/shop/artikel/"]');
    expect(await articles.count()).toBeLessThanOrEqual(SEARCH_PREVIEW_ARTICLES);
    const chips = preview.locator('.sh-sp__chips a');
    expect(await chips.count()).toBeGreaterThan(0);
    expect(await chips.count()).toBeLessThanOrEqual(SEARCH_PREVIEW_CATEGORIES);
    await expect(chips.first()).toHaveAttribute('href', /\/de\/de\/shop\/category\/\d+\/\d+/);
    // blur closes it
    await page.locator('h1, main').first().click({ position: { x: 5, y: 5 } });
    await expect(preview).toBeHidden();
    // Enter runs the full search page
    await input.click();
    await expect(preview).toBeVisible();
    await input.press('Enter');
    await expect(page).toHaveURL(/\/de\/de\/shop\/suche\/?\?q=keramik/);
    await expect(page.locator('h1')).toContainText('keramik');
    await expect(cards(page).first()).toBeVisible();
  });

  test('quick suggestion by article number opens the product; a prefixed number is normalised', async ({ page, request }) => {
    const l = await apiGet<Listing>(request, 'shop/category?pg=6&pageSize=1&country=de&lang=de');
    const nr = l.items[0]!.Artikelnummer;
    await page.goto('/de/de/');
    const input = page.locator('#site-search');
    await input.click();
    await hydrated(page, 'SearchPreview'); // hydrates on the first interaction; typing before is lost
    await input.fill(nr);
    const suggest = page.waitForRequest((r) => r.url().includes(`/api/shopware/artikel/suggest/${encodeURIComponent(nr)}/de/de`));
    await input.press('Enter');
    await suggest;
    // the product page itself (the suggestion knows only the number: the server completes the slug)
    await expect(page).toHaveURL(new RegExp(`/de/de/shop/artikel/${encodeURIComponent(nr)}-[^/]+/details/?$`));
    await expect(page.getByTestId('pd-artnr')).toHaveText(nr);
    const lastSeen = () => page.evaluate(() => (JSON.parse(localStorage.getItem('lastSeen') ?? '{}').art ?? []) as string[]);
    await expect.poll(async () => (await lastSeen()).at(-1)).toBe(nr);

    // "FH-12345" (section 5: an FH- prefix loses its dash) finds article FH12345
    const fh = await apiGet<{ items: Item[] }>(request, 'suche/de?q=FH&limit=10');
    const fhNr = fh.items.map((i) => i.Artikelnummer).find((a) => /^FH\d+$/.test(a));
    test.skip(!fhNr, 'no FH article in this seed');
    await page.locator('#site-search').click();
    await hydrated(page, 'SearchPreview');
    await page.locator('#site-search').fill(`FH-${fhNr!.slice(2)}`);
    await page.locator('#site-search').press('Enter');
    await expect(page).toHaveURL(new RegExp(`/shop/artikel/${fhNr}-[^/]*/details/?$`));
    await expect(page.getByTestId('pd-artnr')).toHaveText(fhNr!);
    // both products are remembered as last seen: newest last, no duplicates, at most 10 (written once the
    // product page's island has hydrated, and kept across a reload)
    await expect.poll(async () => (await lastSeen()).slice(-2)).toEqual([nr, fhNr]);
    await page.goto(page.url());
    const seen = await lastSeen();
    expect(seen.slice(-2)).toEqual([nr, fhNr]);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeLessThanOrEqual(10);
  });
});

test.describe('logged in', () => {
  test('already-bought: category filter (login only) and the search tab topArt=1 show bought articles with their last purchase', async ({ page }) => {
    expect((await page.request.post('/api/login', { data: LOGIN })).status()).toBe(200);
    const bought = ((await (await page.request.post('/api/sw/gekaufteArtikel/0/de/1', { data: { search: '', limit: 24 } })).json()) as { result: { items: Item[] } }).result.items;
    expect(bought.length).toBeGreaterThan(0);
    const a = bought[0]!;
    // category: the login-only filter narrows to bought articles
    await page.goto(`/de/de/shop/category/${a.PG}/0/`);
    await settled(page);
    await page.getByText('Nur bereits gekaufte Artikel').click();
    await expect(page).toHaveURL(/gekauft=1/);
    await settled(page);
    await expect(page.locator('.sh-listing__main .sh-card').first().locator('.sh-card__last')).toContainText('Zuletzt gekauft');
    const n = await cards(page).count();
    await expect(page.locator('.sh-listing__main .sh-card .sh-card__last')).toHaveCount(n);
    // search: the tab with the customer's bought articles matching the term (limit 24 per page)
    const term = a.Artikelnummer;
    await page.goto(`/de/de/shop/suche/?q=${encodeURIComponent(term)}`);
    await expect(page.getByRole('tab', { name: 'Bereits gekauft' })).toBeVisible();
    await page.getByRole('tab', { name: 'Bereits gekauft' }).click();
    await expect(page).toHaveURL(/topArt=1/);
    await expect(page.locator(`.sh-card[data-artnr="${a.Artikelnummer}"] .sh-card__last`)).toContainText('Zuletzt gekauft');
    expect(await cards(page).count()).toBeLessThanOrEqual(24);
  });
});

test.describe('cart-add panel', () => {
  test('after an add (logged in): title, product, quantity min 1, continue/to cart, bought_together add with qty 1; closes after 10 s unless scrolled', async ({ page }) => {
    await page.clock.install();
    expect((await page.request.post('/api/login', { data: LOGIN })).status()).toBe(200);
    const lines = async () => ((await (await page.request.get('/api/wkJSON/D')).json()) as { result: { Artikelnummer: string; Menge: number }[] }).result;
    const had = new Map((await lines()).map((l) => [l.Artikelnummer, l.Menge]));
    // an orderable article with orderable recommendations that are not in the cart yet
    const l = await apiGet<Listing>(page.request, 'shop/category?pg=3&pageSize=24&sort=price_desc&country=de&lang=de');
    let a: Item | null = null;
    for (const it of l.items) {
      if (had.has(it.Artikelnummer) || it.Preis <= 0.02) continue;
      const r = await apiGet<{ recommendations: Item[] }>(page.request, `recommend/${encodeURIComponent(it.Artikelnummer)}/de/de`);
      if (r.recommendations.filter((x) => x.Preis > 0.02 && x.KatPreis > 0.02 && !had.has(x.Artikelnummer)).length >= 2) { a = it; break; }
    }
    expect(a, 'an article with recommendations').not.toBeNull();
    try {
      await page.goto(`/de/de/shop/artikel/${artbez(a!.Artikelnummer, a!.Bezeichnung)}/details/${a!.PG}`);
      const actions = page.getByTestId('product-actions');
      await hydrated(page, 'ProductActions');
      await actions.getByRole('spinbutton').fill('2');
      await actions.getByTestId('add-to-cart').click();
      const panel = page.getByTestId('cart-panel');
      await expect(panel).toBeVisible();
      await expect(panel.getByRole('heading', { level: 2 })).toContainText('Artikel wurde in den Warenkorb gelegt');
      await expect(panel).toContainText(a!.Artikelnummer);
      await expect(panel).toContainText(a!.Bezeichnung);
      const qty = panel.getByRole('spinbutton');
      await expect(qty).toHaveValue('2');
      await expect(panel.getByRole('button', { name: 'Weiter einkaufen' })).toBeVisible();
      await expect(panel.getByRole('link', { name: 'Zum Warenkorb' })).toHaveAttribute('href', /^\/de\/de\/wk\/?$/);
      // quantity control: minimum 1
      await panel.getByRole('button', { name: /weniger|verringern/i }).click();
      await expect(qty).toHaveValue('1');
      await expect(panel.getByRole('button', { name: /weniger|verringern/i })).toBeDisabled();
      await expect(page.locator('.sh-cartpanel__recs h3')).toHaveText('Wird oft zusammen gekauft');
      // the quantity change is saved after the pause
      await page.clock.runFor(600);
      await expect.poll(async () => (await lines()).find((x) => x.Artikelnummer === a!.Artikelnummer)?.Menge).toBe(1);

      // auto-close after 10 s
      await page.clock.runFor(10_000);
      await expect(panel).toBeHidden();

      // again: a recommendation added with quantity 1 reopens the panel with that product
      await actions.getByTestId('add-to-cart').click();
      await expect(panel).toBeVisible();
      const rec = panel.locator('.sh-rec').first();
      await expect(rec).toBeVisible();
      const recName = (await rec.locator('small').innerText()).trim();
      await rec.getByRole('button').click();
      // the new panel shows the recommendation as its product (the old one listed it among its recommendations)
      await expect(panel.locator('.sh-cartpanel__product')).toContainText(recName);
      await expect(panel.getByRole('spinbutton')).toHaveValue('1');
      expect((await lines()).find((x) => x.Artikelnummer === recName)?.Menge).toBe(1);

      // scrolling inside stops the timer
      // a wheel event on the panel itself: Chromium's synthetic wheel input may still be routed to the page
      // painted before the panel opened, which made this step flaky
      await panel.dispatchEvent('wheel', { deltaY: 120, bubbles: true });
      await page.clock.runFor(11_000);
      await expect(panel).toBeVisible();
      await panel.getByRole('button', { name: 'Weiter einkaufen' }).click();
      await expect(panel).toBeHidden();
    } finally {
      // leave the demo customer's cart as it was
      for (const x of await lines()) {
        if (!had.has(x.Artikelnummer)) await page.request.post(`/api/wk/${encodeURIComponent(x.Artikelnummer)}/delete`);
        else if (had.get(x.Artikelnummer) !== x.Menge) await page.request.post(`/api/wk/${encodeURIComponent(x.Artikelnummer)}/set/${had.get(x.Artikelnummer)}`);
      }
    }
  });
});
