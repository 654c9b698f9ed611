// Portal: the sub-user functions of section 6 end to end. A K13 technician cannot submit an order (the
// submit page says why and offers no submit, the API answers 403); a K09 buyer's order over 5,000 EUR waits for a
// release that a K09 cannot give and a K07 manager gives on logbuch/user.
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import de from '../../src/i18n/locales/de.json' with { type: 'json' };
import { actAs, hydrated, storeConsent, subUser } from './helpers.ts';

const B = '/de/de';
const T = de as Record<string, string>;

storeConsent();


async function login(page: Page) {
  const r = await page.request.post('/api/login', { data: { Firma: 1, Benutzername: '123456', Kennwort: 'Demo-Labor-2026', kw: '' } });
  expect(r.status()).toBe(200);
}

/** Empties the basket and puts `qty` of a favourite (the most expensive one when `minTotal` asks for a sum) into it. */
async function fillBasket(req: APIRequestContext, minTotal = 0): Promise<void> {
  await req.post('/api/wk/delete');
  const items = (await (await req.get('/api/favoriten/liste/0')).json()).result.items as { Artikelnummer: string; Preis: number; AusSortiment: number }[];
  const best = items.filter((i) => !i.AusSortiment && i.Preis > 0.02).sort((a, b) => b.Preis - a.Preis)[0]!;
  const qty = minTotal ? Math.ceil((minTotal + 1) / best.Preis) : 1;
  expect(qty).toBeLessThanOrEqual(999);
  expect((await req.post(`/api/wk/${encodeURIComponent(best.Artikelnummer)}/add/${qty}`)).status()).toBe(200);
}

/** Submits the basket with a plain checkout state: state left by other specs (freeway ticket, benefit code, desired date) must not matter. */
async function submitOrder(req: APIRequestContext) {
  await req.delete('/api/checkout/benefit');
  const plain = { addressId: null, versanddatum: null, fwt: false, kommentar: '' };
  return req.post('/api/checkout/submit', { data: plain, headers: { 'Idempotency-Key': `e2e-${randomUUID()}` } });
}

test('a K13 technician cannot submit an order: the submit page says why, the API answers 403', async ({ page }) => {
  await login(page);
  const clara = await subUser(page.request, 'K13');
  await actAs(page.request, clara.id);
  try {
    await fillBasket(page.request);
    await page.goto(`${B}/wk/submit`);
    await hydrated(page, '[data-testid="submit"]');
    // the page does not offer the submit to a function that cannot order (issue 12): disabled, with the reason
    await expect(page.getByTestId('submit-order')).toBeDisabled();
    await expect(page.getByTestId('no-order-right')).toHaveText(T['cart.no_order_right']!);
    await expect(page.getByTestId('order-confirmation')).toHaveCount(0);

    const r = await submitOrder(page.request);
    expect(r.status()).toBe(403);
    expect((await r.json()).error).toBe('forbidden_function');
    // the basket is untouched
    expect((await (await page.request.get('/api/wk/anz')).json()).result).toBeGreaterThan(0);
  } finally {
    await actAs(page.request, 0);
    await page.request.post('/api/wk/delete');
  }
});

test('a K09 order over 5,000 EUR waits for a release, which a K07 gives on the user page', async ({ page }) => {
  await login(page);
  const ben = await subUser(page.request, 'K09');
  const anna = await subUser(page.request, 'K07');
  await actAs(page.request, ben.id);
  let auftrag = 0;
  try {
    await fillBasket(page.request, 5000);
    const placed = await submitOrder(page.request);
    expect(placed.status()).toBe(200);
    const p = (await placed.json()).result as { auftrag: number; release: boolean };
    expect(p.release).toBe(true);
    auftrag = p.auftrag;

    // the buyer sees the waiting order but no release button, and the API refuses his release
    await page.goto(`${B}/logbuch/user`);
    await page.getByTestId('order-releases').scrollIntoViewIfNeeded(); // client:visible
    await hydrated(page, '[data-testid="order-releases"]');
    const row = page.getByTestId('order-releases').locator(`tr[data-auftrag="${auftrag}"]`);
    await expect(row).toContainText(`${ben.vorname}`);
    await expect(row.getByRole('button')).toHaveCount(0);
    await expect(page.getByTestId('order-releases')).toContainText(T['logbuch_user.no_release_right']!);
    expect((await page.request.post(`/api/orders/${auftrag}/release`)).status()).toBe(403);

    // the manager releases it
    await actAs(page.request, anna.id);
    await page.reload();
    await page.getByTestId('order-releases').scrollIntoViewIfNeeded();
    await row.getByRole('button', { name: T['logbuch_user.release_order']!.replace('{{auftrag}}', String(auftrag)) }).click();
    await expect(row).toHaveCount(0);
    const order = (await (await page.request.get(`/api/orders/${auftrag}`)).json()).result;
    expect(order.release_status).toBe('released');
    auftrag = 0;
  } finally {
    await actAs(page.request, 0);
    // never leave a waiting order behind for the next run
    if (auftrag) await page.request.post(`/api/orders/${auftrag}/release`);
  }
});

// issue 12: screens offered what the acting user's function cannot do (the form answered 403 only when sent)
test('a K13 technician sees why users cannot be managed, without the form', async ({ page }) => {
  await login(page);
  const clara = await subUser(page.request, 'K13');
  await actAs(page.request, clara.id);
  await page.goto(`${B}/logbuch/user/create`);
  await expect(page.getByTestId('user-no-right')).toContainText('K07');
  await expect(page.getByTestId('user-form')).toHaveCount(0);
  await actAs(page.request, 0);
});
