// Compressed delivery as a browser gets it (issue 14): Chromium asks for br/gzip; the page, its
// scripts and styles come brotli-compressed, hashed assets with a year of immutable caching, and a
// reload revalidates the page by its ETag.
import { test, expect, type Response } from '@playwright/test';

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'cookieconsent', value: 'consent', url: baseURL! }]);
});

test('home and search page: page and scripts arrive brotli-compressed', async ({ page }) => {
  for (const url of ['/de/de/', '/de/de/shop/suche/?q=Bohrer']) {
    const seen: Response[] = [];
    page.on('response', (r) => { if (new URL(r.url()).pathname.startsWith('/_astro/') || r.request().resourceType() === 'document') seen.push(r); });
    const doc = await page.goto(url);
    await page.waitForLoadState('networkidle');
    page.removeAllListeners('response');
    expect((await doc!.allHeaders())['content-encoding'], url).toBe('br');
    const scripts = seen.filter((r) => /\.(js|css)$/.test(new URL(r.url()).pathname) && r.status() === 200);
    expect(scripts.length, url).toBeGreaterThan(0);
    for (const r of scripts) {
      const h = await r.allHeaders();
      expect(h['content-encoding'], r.url()).toBe('br');
      expect(h['cache-control'], r.url()).toContain('immutable');
    }
  }
});

test('a static page is revalidated by its ETag', async ({ request }) => {
  const first = await request.get('/de/de/', { headers: { 'accept-encoding': 'br' } });
  const etag = first.headers().etag!;
  expect(etag).toBeTruthy();
  const again = await request.get('/de/de/', { headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
  expect(again.status()).toBe(304);
});
