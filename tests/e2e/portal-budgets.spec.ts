// Portal: budgets and approval rules (issue 11, part 3). The main user gives the K09 buyer a monthly
// budget on logbuch/user; the buyer's next order goes over it and waits, the release list says why
// (monthly budget exceeded); the buyer cannot release it, a K07 manager does; konto shows each buyer's
// budget used this month. Screenshots at 1366x900 and 390x844 in German and French under
// test-results/screens/budgets/.
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import de from '../../src/i18n/locales/de.json' with { type: 'json' };
import { actAs, hydrated, loginLab, storeConsent, subUser } from './helpers.ts';

const T = de as Record<string, string>;
const SHOTS = 'test-results/screens/budgets';

storeConsent();

interface Buyer { id: number; budgetEur: number | null; usedEur: number; pendingEur: number }

async function buyerOf(req: APIRequestContext, id: number): Promise<Buyer> {
  return ((await (await req.get('/api/account/release-rules')).json()).result.buyers as Buyer[]).find((b) => b.id === id)!;
}
async function openSection(page: Page, url: string, testId: string) {
  await page.goto(url);
  await page.getByTestId(testId).scrollIntoViewIfNeeded(); // client:visible
  await hydrated(page, `[data-testid="${testId}"]`);
}
async function shots(page: Page, name: string, url: string, testId: string) {
  for (const [w, h] of [[1366, 900], [390, 844]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await openSection(page, url, testId);
    await expect(page.getByTestId(testId).locator('[aria-busy="true"]')).toHaveCount(0);
    // no raw translation key, not even before the language chunk arrives
    expect(await page.getByTestId(testId).innerText()).not.toMatch(/\b(logbuch_user|release)\.[a-z_]+/);
    // nothing wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(w);
    await page.getByTestId(testId).screenshot({ path: `${SHOTS}/${name}-${w}.png` });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('a buyer over budget is held with the reason and released by a K07; konto shows the budget used', async ({ page }) => {
  test.setTimeout(180_000);
  await loginLab(page);
  const ben = await subUser(page.request, 'K09');
  const anna = await subUser(page.request, 'K07');
  let auftrag = 0;
  try {
    // the main user sets Ben's budget to 1 EUR above what he used this month, in the screen
    const before = await buyerOf(page.request, ben.id);
    const budget = Math.round((before.usedEur + 1) * 100) / 100;
    await openSection(page, '/de/de/logbuch/user', 'budgets-settings');
    const input = page.getByTestId(`budget-input-${ben.id}`);
    await input.fill(String(budget).replace('.', ','));
    await page.getByTestId(`budget-save-${ben.id}`).click();
    await expect.poll(async () => (await buyerOf(page.request, ben.id)).budgetEur).toBe(budget);

    // Ben orders one article: over the remaining budget, the order waits
    await actAs(page.request, ben.id);
    await page.request.post('/api/wk/delete');
    const fav = (await (await page.request.get('/api/favoriten/liste/0')).json()).result.items as { Artikelnummer: string; Preis: number; AusSortiment: number }[];
    const art = fav.find((i) => !i.AusSortiment && i.Preis > 1)!;
    expect((await page.request.post(`/api/wk/${encodeURIComponent(art.Artikelnummer)}/add/1`)).status()).toBe(200);
    await page.request.delete('/api/checkout/benefit');
    const placed = await page.request.post('/api/checkout/submit', {
      data: { addressId: null, versanddatum: null, fwt: false, kommentar: '' }, headers: { 'Idempotency-Key': `e2e-budget-${randomUUID()}` },
    });
    expect(placed.status()).toBe(200);
    const p = (await placed.json()).result;
    expect(p).toMatchObject({ release: true, releaseReason: { reason: 'budget', budgetEur: budget, usedEur: before.usedEur } });
    auftrag = p.auftrag;

    // Ben sees why it waits, but neither the settings nor a release button
    await openSection(page, '/de/de/logbuch/user', 'order-releases');
    const row = page.getByTestId('order-releases').locator(`tr[data-auftrag="${auftrag}"]`);
    await expect(row.getByTestId(`release-reason-${auftrag}`)).toHaveAttribute('data-reason', 'budget');
    await expect(row.getByTestId(`release-reason-${auftrag}`)).toContainText('Monatsbudget überschritten');
    await expect(row.getByRole('button')).toHaveCount(0);
    await expect(page.getByTestId('budget-no-right')).toHaveText(T['logbuch_user.budgets_no_right']!);

    // Anna (K07) sees the budgets and the reason; screenshots while the order waits
    await actAs(page.request, anna.id);
    for (const lang of ['de', 'fr']) {
      await shots(page, `user-budgets-${lang}`, `/${lang === 'de' ? 'de/de' : 'fr/fr'}/logbuch/user`, 'budgets-settings');
      await shots(page, `user-releases-${lang}`, `/${lang === 'de' ? 'de/de' : 'fr/fr'}/logbuch/user`, 'order-releases');
      await shots(page, `konto-usage-${lang}`, `/${lang === 'de' ? 'de/de' : 'fr/fr'}/konto`, 'budgets-usage');
      await shots(page, `konto-pending-${lang}`, `/${lang === 'de' ? 'de/de' : 'fr/fr'}/konto`, 'pending-releases');
    }
    await openSection(page, '/fr/fr/logbuch/user', 'order-releases');
    await expect(page.getByTestId(`release-reason-${auftrag}`)).toContainText('Budget mensuel dépassé');

    // konto: Ben's used budget includes the waiting order, his remaining budget is negative
    await openSection(page, '/de/de/konto', 'budgets-usage');
    const usage = page.getByTestId('budgets-usage').locator(`tr[data-buyer="${ben.id}"]`);
    await expect(usage).toBeVisible();
    // konto's release list says why as well
    await expect(page.getByTestId('pending-releases').locator(`tr[data-auftrag="${auftrag}"] td[data-reason="budget"]`)).toContainText('Monatsbudget überschritten');
    const after = await buyerOf(page.request, ben.id);
    expect(after.usedEur).toBeCloseTo(before.usedEur + p.releaseReason.valueEur, 2);
    await expect(usage.getByTestId(`budget-used-${ben.id}`)).toContainText(T['logbuch_user.budget_pending']!.split(' ')[0]!);

    // the manager releases it
    await openSection(page, '/de/de/logbuch/user', 'order-releases');
    await row.getByRole('button', { name: T['logbuch_user.release_order']!.replace('{{auftrag}}', String(auftrag)) }).click();
    await expect(row).toHaveCount(0);
    expect((await (await page.request.get(`/api/orders/${auftrag}`)).json()).result.release_status).toBe('released');
    auftrag = 0;
  } finally {
    await actAs(page.request, 0);
    if (auftrag) await page.request.post(`/api/orders/${auftrag}/release`);
    await page.request.put(`/api/account/budgets/${ben.id}`, { data: { budgetEur: null } });
    await page.request.post('/api/wk/delete');
  }
});
