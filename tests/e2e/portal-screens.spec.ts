// The portal screens as a person sees them (issue 12): no horizontal overflow at 390 px, the drawer grid
// with all columns at 1366 px, page titles of their own, labels that break between words — with
// screenshots at both widths in German and French under test-results/screens/portal/ to look at.
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { loginLab, storeConsent } from './helpers.ts';

storeConsent();

const SHOTS = 'test-results/screens/portal';
const WIDTHS = [{ width: 1366, height: 900 }, { width: 390, height: 844 }] as const;
const LANGS = ['de', 'fr'] as const;

async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  const w = page.viewportSize()!.width;
  await page.screenshot({ path: `${SHOTS}/${name}-${w}.png`, fullPage });
}

async function noOverflow(page: Page): Promise<void> {
  const { sw, iw } = await page.evaluate(() => ({ sw: document.documentElement.scrollWidth, iw: window.innerWidth }));
  expect(sw, `${page.url()} is ${sw} px wide at ${iw} px`).toBeLessThanOrEqual(iw);
}

/** Words of the element's text that the layout splits over two lines ("Chargennum|mer"). */
function brokenWords(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((els) => {
    const out: string[] = [];
    for (const el of els) {
      const node = [...el.childNodes].find((n) => n.nodeType === Node.TEXT_NODE);
      if (!node?.textContent) continue;
      const re = /\S+/g;
      let m: RegExpExecArray | null;
      while ((m = re.exec(node.textContent))) {
        const r = document.createRange();
        r.setStart(node, m.index);
        r.setEnd(node, m.index + m[0].length);
        const tops = new Set([...r.getClientRects()].map((x) => Math.round(x.top)));
        if (tops.size > 1) out.push(m[0]);
      }
    }
    return out;
  });
}

for (const lang of LANGS) {
  for (const vp of WIDTHS) {
    test.describe(`${lang} ${vp.width}px`, () => {
      test.use({ viewport: vp });

      test('drawer page: grid inside its box, all columns at 1366 px, legend and line/shade/mould', async ({ page }) => {
        await loginLab(page);
        await page.goto(`/de/${lang}/zahnlager/schrank/1/schublade/1/`);
        const grid = page.getByTestId('zl-schublade');
        await expect(grid.getByTestId('zl-slot').first()).toBeVisible();
        await expect(grid.getByTestId('zl-legend')).toBeVisible();
        const set = grid.locator('[data-testid="zl-slot"]:not([data-artnr=""])').first();
        await expect(set.getByTestId('zl-shade')).toHaveText(/\S/);
        await expect(set.getByTestId('zl-mould')).toHaveText(/\S/);
        await expect(set.getByTestId('zl-line')).toHaveText(/\S/);
        await noOverflow(page);
        // no button text wider than its cell ("Désélectionner" ran out of the cell at 390 px)
        const wide = await grid.locator('[data-testid="zl-slot"] button').evaluateAll((bs) => bs.filter((b) => {
          const cell = b.closest('[data-testid="zl-slot"]')!.getBoundingClientRect();
          return b.scrollWidth > b.clientWidth + 1 || b.getBoundingClientRect().right > cell.right + 1;
        }).map((b) => b.textContent));
        expect(wide).toEqual([]);
        if (vp.width === 1366) {
          // the last column lies inside the grid's box: nothing to scroll to
          const box = await page.locator('.zl-grid-wrap').boundingBox();
          const last = await page.locator('.zl-grid thead th').last().boundingBox();
          expect(last!.x + last!.width).toBeLessThanOrEqual(box!.x + box!.width + 1);
        }
        await shot(page, `drawer-${lang}`);
      });

      test('label template (advanced) fits', async ({ page }) => {
        await loginLab(page);
        await page.goto(`/de/${lang}/label/create/advanced/`);
        await expect(page.getByTestId('template-form')).toBeVisible();
        await noOverflow(page);
        await shot(page, `label-advanced-${lang}`);
      });

      test('tooth assistant with a tooth line chosen fits', async ({ page }) => {
        await page.goto(`/de/${lang}/zahnassistent/zahnlinie/0`);
        const line = page.getByTestId('za-line');
        await expect(line.locator('option').nth(1)).toBeAttached();
        await line.selectOption({ index: 1 });
        await expect(page.getByTestId('za-set').first()).toBeVisible();
        await noOverflow(page);
        await shot(page, `zahnassistent-${lang}`, false); // the set list is many screens long
      });

      test('logbook work detail: labels break between words only; expired batches marked', async ({ page }) => {
        await loginLab(page);
        const api = page.request;
        const work = (await (await api.post('/api/logbook/works', { data: { auftragsnummer: `PA-SHOT-${lang}-${vp.width}-${Date.now()}` } })).json()).result;
        const art = '919562'; // GTIN 4034495071104 in the seed
        expect((await api.post(`/api/logbook/works/${work.id}/batches`, { data: { artnr: art, raw: '(01)04034495071104(17)240101(10)OLD1', confirmExpired: true } })).status()).toBe(200);
        expect((await api.post(`/api/logbook/works/${work.id}/batches`, { data: { artnr: art, lot: 'NEU-1', seriennummer: 'SN-1', verfallsdatum: '2099-12-31', lieferschein: 'LS-1' } })).status()).toBe(200);
        await page.addInitScript(() => {
          localStorage.setItem('settings:scannerTutorialRead', '1');
          localStorage.setItem('settings:scannerMdrTutorialRead', '1');
          localStorage.setItem('settings:scannerMode', 'log');
        });
        await page.goto(`/de/${lang}/kamera/#logbuch`);
        await page.locator(`[data-work="${work.auftragsnummer}"] .sc-work__head`).click();
        const detail = page.getByTestId('work-detail');
        await expect(detail.locator('.sc-batch')).toHaveCount(2);
        await expect(detail.locator('.sc-batch[data-expired="1"]').getByTestId('expired-badge')).toBeVisible();
        await expect(detail.locator('.sc-batch[data-expired="0"]').getByTestId('expired-badge')).toHaveCount(0);
        expect(await brokenWords(page, '[data-testid="work-detail"] dt')).toEqual([]);
        await noOverflow(page);
        await detail.scrollIntoViewIfNeeded();
        await shot(page, `logbook-work-${lang}`);
      });
    });
  }
}

test('Mein Labor pages and the user administration have titles of their own', async ({ page }) => {
  await loginLab(page);
  const title = async (path: string) => { await page.goto(path); return page.title(); };
  const konto = await title('/de/de/konto/');
  const home = await title('/de/de/');
  const seen = new Set<string>();
  for (const path of ['/de/de/meinlabor/', '/de/de/meinlabor/vorschlag/', '/de/de/meinlabor/topartikel/', '/de/de/logbuch/user/', '/de/de/logbuch/user/create/']) {
    const t = await title(path);
    expect(t, path).not.toBe(konto);
    expect(t, path).not.toBe(home);
    seen.add(t);
  }
  expect(seen.size).toBe(5);
  expect(await title('/de/fr/meinlabor/')).toContain('Mon laboratoire');
});
