// Routing rules of section 2 through the real server (no JavaScript involved): root redirect,
// language and country rules, old links, shop → home with its anchor, unknown paths → 404 page,
// login-only routes render the login-required popup for guests.
import { test, expect } from '@playwright/test';
import { parsePage } from './content-helpers.ts';

test.use({ extraHTTPHeaders: { 'accept-language': 'de-DE' } });

const redirects: [from: string, to: string, headers?: Record<string, string>][] = [
  ['/', '/de/de/'],
  ['/', '/at/en/', { cookie: 'shop_locale=at-en' }],
  ['/', '/nl/nl/', { 'accept-language': 'nl-NL,nl;q=0.9' }],
  ['/geo', '/it/it/', { 'accept-language': 'it-IT', cookie: 'shop_locale=at-en' }],
  ['/xz', '/de/de/'],
  ['/de/xx/service/', '/de/en/service/'],
  ['/dk/pl/', '/dk/en/'],
  ['/ru/fr/company/', '/de/fr/company/'],
  ['/es/es/', 'https://es.dentalversand-nord.example/'],
  ['/de/de/shop', '/de/de/'],
  ['/DE/DE/kontakt', '/de/de/kontakt/'],
  ['/service', '/ch/fr/service/', { cookie: 'shop_locale=ch-fr' }],
  ['/de/de/service/?set_country=at', '/at/de/service/'],
  ['/de/de/service/?set_language=it', '/de/it/service/'],
  ['/index.php?id=1', '/de/de/'],
  ['/index.php?id=3', '/de/de/'],
  ['/index.php?id=8', '/de/de/#Zahn'],
  ['/index.php?id=20&pg=3', '/de/de/shop/category/3/'],
  ['/index.php?id=22&artnr=GIBTESNICHT', '/de/de/shop/category/?artnr=GIBTESNICHT'],
  ['/index.php?id=1391', '/de/de/aktionen/'],
  ['/a/100234-zahn', '/de/de/shop/artikel/100234-zahn/details/'],
  ['/zahnwochen', 'https://zahnwochen.dentalversand-nord.example/'],
];

for (const [from, to, headers] of redirects) {
  test(`${from} → ${to}${headers ? ` (${Object.values(headers).join(', ')})` : ''}`, async ({ request }) => {
    const res = await request.get(from, { maxRedirects: 0, headers });
    expect([301, 302]).toContain(res.status());
    expect(res.headers().location).toBe(to);
  });
}

test('old link index.php?id=22&artnr= goes to the category view of the article', async ({ request }) => {
  const list = await (await request.get('/api/shop/category?pg=3&country=de&lang=de&pageSize=1')).json() as { result: { items: { Artikelnummer: string }[] } };
  const artnr = list.result.items[0]!.Artikelnummer;
  const res = await request.get(`/index.php?id=22&artnr=${encodeURIComponent(artnr)}`, { maxRedirects: 0 });
  expect(res.status()).toBe(301);
  expect(res.headers().location).toMatch(new RegExp(`^/de/de/shop/category/3/\\d+/\\?artnr=${encodeURIComponent(artnr)}$`));
  expect((await request.get(res.headers().location!)).status()).toBe(200);
});

test('unknown paths show the 404 page of their country and language with status 404', async ({ request }) => {
  for (const [path, lang] of [['/de/de/gibt-es-nicht', 'de'], ['/dk/fr/service/unbekannt', 'fr'], ['/de/en/video/999', 'en'], ['/nirgendwo/x', 'de'], ['/b1-dk/de/', 'de']] as const) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(404);
    const html = await res.text();
    expect(parsePage(html).lang, path).toBe(lang);
    expect(html, path).toContain('class="section notfound"');
  }
  expect((await request.get('/de/de/404/')).status()).toBe(200);
});

test('login-only routes render the login-required popup for guests, without JavaScript', async ({ request }) => {
  for (const path of ['/de/de/zahnlager/schrank/3/', '/de/de/wk/', '/at/en/konto/', '/de/de/label/select/', '/de/de/videos/2/']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(await res.text(), path).toContain('data-login-required');
  }
  // public routes do not
  expect(await (await request.get('/de/de/videos/')).text()).not.toContain('data-login-required');
});

test('shop redirects to home and the browser keeps the anchor', async ({ page }) => {
  await page.goto('/de/de/shop#marken');
  await expect(page).toHaveURL(/\/de\/de\/#marken$/);
  await expect(page.locator('#marken')).toBeVisible();
});
