// Texts follow the page's language, not the session's: the session keeps the language of the login, and
// a customer who then switches the page to French read German article names in the screens that load
// them after the page (order list, tooth storage). The browser's API client now sends the page's language.
import { expect, test } from '@playwright/test';
import { loginLab, storeConsent } from './helpers.ts';

storeConsent();

interface Item { Artikelnummer: string; Bezeichnung: string }

test('a customer logged in on the German site reads French names on French pages (order list, tooth storage)', async ({ page }) => {
  await loginLab(page);
  // the session's language German, as after a login on the German site
  expect((await page.request.put('/api/user/settings', { data: { country: 'de', language: 'de' } })).status()).toBe(200);
  const api = async (url: string) => { const r = await page.request.get(url); expect(r.status(), url).toBe(200); return (await r.json()).result; };
  // an article whose French name differs from the German one, on the favourites for this test only
  const listed = new Set(((await api('/api/favoriten/liste/0?lang=fr')).items as Item[]).map((i) => i.Artikelnummer));
  const candidates = (await api('/api/shop/category?pg=1&katId=101&page=1&pageSize=20&country=de&lang=fr')).items as Item[];
  let pick: { nr: string; fr: string; de: string } | null = null;
  for (const c of candidates.filter((x) => !listed.has(x.Artikelnummer))) {
    const de = (await api(`/api/artikel/${encodeURIComponent(c.Artikelnummer)}/de/de`)).Bezeichnung as string;
    if (de !== c.Bezeichnung) { pick = { nr: c.Artikelnummer, fr: c.Bezeichnung, de }; break; }
  }
  expect(pick, 'an article with a French name of its own').not.toBeNull();
  const nr = encodeURIComponent(pick!.nr);
  expect((await page.request.post(`/api/favoriten/0/${nr}/add`)).status()).toBe(200);
  try {
    await page.goto('/de/fr/meinlabor/bestellliste/0/');
    await expect(page.getByRole('link', { name: pick!.fr, exact: true }).first()).toBeVisible();
    await expect(page.getByText(pick!.de, { exact: true })).toHaveCount(0);
  } finally {
    await page.request.delete(`/api/favoriten/0/${nr}`);
  }

  // a drawer of the tooth storage: its slots name their tooth sets
  const drawer = (await api('/api/zahnlager?lang=fr')).schraenke[0].schubladen[0] as { id: number; schrankId: number };
  const slots = ((await api(`/api/zahnlager/schubladen/${drawer.id}?lang=fr`)).grid as { bezeichnung: string | null }[][]).flat();
  const named = slots.find((s) => s.bezeichnung)!.bezeichnung!;
  await page.goto(`/de/fr/zahnlager/schrank/${drawer.schrankId}/schublade/${drawer.id}/`);
  await expect(page.getByTitle(named, { exact: true }).first()).toBeAttached();
});

test('counts are grouped as the language writes them (category total and filter counts)', async ({ page }) => {
  for (const [path, total, group] of [
    ['/fr/fr/shop/category/1/', /^\d{1,3}(?:\u202f\d{3})+ articles$/, /^\d{1,3}\u202f\d{3}$/],
    ['/de/de/shop/category/1/', /^\d{1,3}(?:\.\d{3})+ Artikel$/, /^\d{1,3}\.\d{3}$/],
    ['/de/en/shop/category/1/', /^\d{1,3}(?:,\d{3})+ articles$/, /^\d{1,3},\d{3}$/],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('.sh-listing__count')).toHaveText(total);
    // the brands of the tooth group count thousands each
    await expect(page.locator('.sh-filter__list .sh-count').first()).toHaveText(group);
  }
});
