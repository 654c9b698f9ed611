// Search that speaks dental, as a customer sees it (issue 14): the words labs type find the articles
// they mean on the search page, in German and English — "Bohrer" lists burs (never the bonder it used
// to be "corrected" to), "Kunststoffzähne" the tooth sets, "Modellgips Klasse 4" the class-4 die
// stones. Screenshots at desktop and phone size go to test-results/screens/search/.
import { test, expect } from '@playwright/test';

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'cookieconsent', value: 'consent', url: baseURL! }]);
});

const CASES = [
  { q: 'Bohrer', shot: 'bohrer', expect: { de: /fräser|schleifer/i, en: /\bbur\b|grinder/i } },
  { q: 'Kunststoffzähne', shot: 'kunststoffzaehne', expect: { de: /garnitur/i, en: /\bset\b|teeth/i } },
  { q: 'Modellgips Klasse 4', shot: 'modellgips', expect: { de: /superhartgips klasse 4/i, en: /die stone type 4/i } },
] as const;

for (const size of [{ w: 1366, h: 900 }, { w: 390, h: 844 }]) {
  for (const lang of ['de', 'en'] as const) {
    test(`search page ${lang} ${size.w}px: trade words find their articles`, async ({ page }) => {
      await page.setViewportSize({ width: size.w, height: size.h });
      for (const c of CASES) {
        await page.goto(`/de/${lang}/shop/suche/?q=${encodeURIComponent(c.q)}`);
        const titles = page.locator('.sh-search-page .sh-listing__main .sh-card__title');
        await expect(titles.first()).toBeVisible();
        const first = await titles.allTextContents();
        expect(first.length).toBeGreaterThan(3);
        for (const t of first.slice(0, 4)) expect(t, `${c.q}: ${t}`).toMatch(c.expect[lang]);
        for (const t of first) expect(t).not.toMatch(/bonder/i);
        // no "results for <other word>" note: the trade word was searched as typed
        await expect(page.locator('.sh-search-page .sh-note')).toHaveCount(0);
        // the page does not scroll sideways
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `test-results/screens/search/${c.shot}-${lang}-${size.w}.png` });
      }
    });
  }
}
