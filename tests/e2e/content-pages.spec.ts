// Every page of the page list, the anchors and hashes pages promise, the continent-grouped
// country selector, lazy images, and the scroll rules of hashes and navigation.
import { test, expect } from '@playwright/test';
import { PUBLIC_LOCALES, expectedMeta, parsePage } from './content-helpers.ts';
import { metadataRouteOf } from '../../src/lib/site/routes.ts';
import { SCROLL_DELAY_MS, SCROLL_OFFSET_PX } from '../../src/lib/rules/constants.ts';

// every page kind of the issue: the sitemap must list it and it must answer with its metadata
const PAGE_LIST = ['', 'service/', 'company/', 'loesungen/', 'loesungen/dokumente/', 'legal/dse/', 'legal/agb/', 'legal/opensource/',
  'impressum/', 'videos/', 'video/', 'aktionen/', 'aktionen/artikel/', 'aktionen/newsletter/', 'kontakt/', 'shop/category/', 'shop/category/1/'];
const DETAIL_PREFIXES = ['video/', 'aktionen/artikel/', 'aktionen/newsletter/'];

for (const [country, lang] of [['de', 'de'], ['dk', 'en']] as const) {
  test(`every page of /${country}/${lang}/ in the sitemap answers with its lang, title and description`, async ({ request }) => {
    const loc = PUBLIC_LOCALES.find((l) => l.country === country && l.lang === lang)!;
    const xml = await (await request.get(`/sitemap-${country}.xml`)).text();
    const prefix = `/${country}/${lang}/`;
    const paths = [...xml.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]!).filter((p) => p.startsWith(prefix));
    const rests = paths.map((p) => p.slice(prefix.length));
    for (const kind of PAGE_LIST) {
      const detail = DETAIL_PREFIXES.includes(kind);
      expect(rests.some((r) => (detail ? r.startsWith(kind) && r !== kind : r === kind)), kind).toBe(true);
    }
    expect(paths.length).toBeGreaterThan(40);
    for (const path of paths) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(200);
      const p = parsePage(await res.text());
      const meta = expectedMeta(loc, metadataRouteOf(path.slice(prefix.length)));
      expect(p.lang, path).toBe(lang);
      // detail pages put their item's name in front of the metadata title
      expect(p.title?.endsWith(meta.title), `${path}: ${p.title}`).toBe(true);
      expect(p.description, path).toBe(meta.description);
      expect(p.canonical?.endsWith(path), path).toBe(true);
    }
  });
}

test('home anchors and service hashes exist', async ({ request }) => {
  const home = await (await request.get('/de/de/')).text();
  for (const id of ['marken', 'Zahn', 'neuheiten', 'top_deals', 'Ersatzteilassistent']) expect(home, id).toContain(`id="${id}"`);
  const service = await (await request.get('/de/de/service/')).text();
  for (const id of ['kontakt', 'faq', 'leistungen', 'kundenservice', 'team']) expect(service, id).toContain(`id="${id}"`);
});

test('country selector: grouped by continent, Turkey and Russia (52, 600) under Europe and Asia', async ({ page }) => {
  await page.goto('/de/en/');
  const select = page.locator('#prenav-country');
  const groups = await select.locator('optgroup').evaluateAll((els) =>
    els.map((g) => ({ label: g.getAttribute('label'), codes: [...g.querySelectorAll('option')].map((o) => (o as HTMLOptionElement).value) })));
  expect(groups.map((g) => g.label)).toEqual(['Europe', 'Asia', 'Africa', 'North America', 'Central America', 'South America', 'Australia']);
  const of = (label: string) => groups.find((g) => g.label === label)!.codes;
  for (const code of ['tr', 'ru']) {
    expect(of('Europe'), code).toContain(code);
    expect(of('Asia'), code).toContain(code);
  }
  expect(of('Europe')).toContain('de');
  expect(of('Asia')).not.toContain('de');
  // the current country is selected once (not in both groups)
  expect(await select.locator('option:checked').count()).toBe(1);
  await expect(select).toHaveValue('de');
});

test('images below the hero load lazily, the hero eagerly', async ({ request }) => {
  const html = await (await request.get('/de/de/')).text();
  const imgs = [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);
  expect(imgs.find((i) => i.includes('hero__image'))).not.toContain('loading="lazy"');
  const content = imgs.filter((i) => i.includes('/images/categories/'));
  expect(content.length).toBeGreaterThan(3);
  for (const i of content) expect(i).toContain('loading="lazy"');
});

test('scroll rules: a hash on load scrolls after 1800 ms with an 80 px offset; a new page starts at the top', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/de/de/');
  await page.getByRole('button', { name: 'Alle akzeptieren' }).click();
  const top = () => page.locator('#team').evaluate((el) => Math.round(el.getBoundingClientRect().top));
  const start = Date.now();
  await page.goto('/de/de/service/#team');
  await page.waitForTimeout(SCROLL_DELAY_MS - 700);
  expect(Math.abs((await top()) - SCROLL_OFFSET_PX)).toBeGreaterThan(3);
  await expect.poll(top, { timeout: 5000 }).toBe(SCROLL_OFFSET_PX);
  expect(Date.now() - start).toBeGreaterThanOrEqual(SCROLL_DELAY_MS);
  // following a link to another page: at the top
  await page.locator('footer a[href="/de/de/impressum/"]').first().click();
  await expect(page).toHaveURL(/\/de\/de\/impressum\/$/);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('cart counter in the top bar: one-character style under 10, multi-character from 10', async ({ page }) => {
  const api = page.request;
  expect((await api.post('/api/login', { data: { Firma: 1, Benutzername: '654321', Kennwort: 'Demo-Labor-2026', kw: '' } })).status()).toBe(200);
  await api.post('/api/wk/delete');
  const list = await (await api.get('/api/shop/category?pg=3&country=de&lang=de&pageSize=12')).json() as { result: { items: { Artikelnummer: string }[] } };
  const artnrs = list.result.items.map((i) => i.Artikelnummer);
  expect(artnrs.length).toBeGreaterThanOrEqual(10);
  const counter = page.locator('.topbar [data-cart-counter]').first();
  await page.goto('/de/de/');
  await expect(counter).toBeHidden();
  expect((await api.post(`/api/wk/${encodeURIComponent(artnrs[0]!)}/add/1`)).status()).toBe(200);
  await page.reload();
  await expect(counter).toHaveText('1');
  await expect(counter).toHaveClass(/counter--single/);
  for (const a of artnrs.slice(1, 10)) expect((await api.post(`/api/wk/${encodeURIComponent(a)}/add/1`)).status()).toBe(200);
  const n = Number((await (await api.get('/api/wk/anz')).json()).result);
  expect(n).toBeGreaterThanOrEqual(10);
  await page.reload();
  await expect(counter).toHaveText(String(n));
  await expect(counter).toHaveClass(/counter--multi/);
  await api.post('/api/wk/delete');
  await api.get('/api/logout');
});

test('mega menus, footer and side menu: categories, solution cards, the five service tiles; footer sections, legal links; company section only on the main brand', async ({ request }) => {
  for (const [country, lang] of [['de', 'de'], ['dk', 'en']]) {
    const html = await (await request.get(`/${country}/${lang}/`)).text();
    const block = (start: string, end: string) => html.slice(html.indexOf(start), html.indexOf(end, html.indexOf(start)));
    const service = block('id="mega-service"', '</nav>');
    for (const hash of ['kontakt', 'team', 'leistungen', 'kundenservice', 'faq']) expect(service, hash).toContain(`href="/${country}/${lang}/service/#${hash}"`);
    expect(block('id="mega-shop"', '</nav>')).toMatch(new RegExp(`href="/${country}/${lang}/shop/category/\\d+/"`));
    expect(block('id="mega-solutions"', '</nav>')).toContain('mega-card');
    const footer = block('<footer', '</footer>');
    expect([...footer.matchAll(/<summary[^>]*><h2>([^<]+)<\/h2>/g)].length, country).toBe(4);
    for (const legal of ['legal/dse/', 'legal/agb/', 'impressum/']) expect(footer, legal).toContain(`href="/${country}/${lang}/${legal}"`);
    expect(footer).toMatch(new RegExp(`href="/${country}/${lang}/shop/category/\\d+/"`));
    expect(footer).toContain(`href="/${country}/${lang}/konto/"`);
    // section 6: the isLS brand (dk) has no company section in the side menu
    const side = block('id="side-menu"', '</nav>');
    expect(side).toContain('sidemenu__group');
    expect(side.includes(`href="/${country}/${lang}/company/"`), country).toBe(country === 'de');
  }
});
