// Money guard on the screen: the checkout summary read from the DOM adds up, follows the shipping
// choice at once, shows each discount once and the free gift, shows net, VAT per rate and gross;
// submit shows the same; the stored order, the mail and the PDF carry the same numbers. In German
// and French (method and article names in the page's language), and for the LS brand (/dk/de/).
// Screenshots of checkout and submit at 1366×900 and 390×844 go to test-results/screens/money/.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, hydrated, storeConsent } from './helpers.ts';

const localeTexts = (lang: string) => JSON.parse(readFileSync(`src/i18n/locales/${lang}.json`, 'utf8')) as Record<string, string>;

storeConsent();

const SHOTS = 'test-results/screens/money';
const WIDTHS = [{ width: 1366, height: 900 }, { width: 390, height: 844 }] as const;

interface Row { kind: string; label: string; cents: number }

/** "1.234,56 €", "1 234,56 €", "−5,00 €" → cents (as the page shows them, German or French format). */
function parseCents(text: string): number {
  const t = text.replace(/[\u00a0\u202f ]/g, '');
  const m = /(−|-)?([\d.]+),(\d{2})/.exec(t);
  if (!m) throw new Error(`no amount in "${text}"`);
  return (m[1] ? -1 : 1) * (Number(m[2]!.replace(/\./g, '')) * 100 + Number(m[3]));
}

/** The summary box as a person sees it: every row with its label and amount. */
async function readSummary(page: Page): Promise<Row[]> {
  const box = page.getByTestId('money-summary');
  await expect(box).toBeVisible();
  const rows = await box.locator('[data-kind]').evaluateAll((els) => els.map((e) => ({
    kind: e.getAttribute('data-kind')!,
    label: (e.querySelector('dt, span:first-child')?.textContent ?? '').trim(),
    amount: (e.querySelector('[data-amount]')?.textContent ?? '').trim(),
  })));
  return rows.map((r) => ({ kind: r.kind, label: r.label, cents: parseCents(r.amount) }));
}

const sum = (rows: Row[], kind: string) => rows.filter((r) => r.kind === kind).reduce((s, r) => s + r.cents, 0);
const one = (rows: Row[], kind: string) => { const r = rows.filter((x) => x.kind === kind); expect(r, kind).toHaveLength(1); return r[0]!.cents; };

/** Lines → subtotal; subtotal − discounts + shipping → net; net + VAT → gross. */
function expectAddsUp(rows: Row[], withLines = true) {
  if (withLines) expect(sum(rows, 'line') + sum(rows, 'gift')).toBe(one(rows, 'subtotal'));
  for (const g of rows.filter((r) => r.kind === 'gift')) expect(g.cents).toBe(0);
  expect(one(rows, 'subtotal') + sum(rows, 'discount') + one(rows, 'shipping')).toBe(one(rows, 'net'));
  expect(rows.filter((r) => r.kind === 'vat').length).toBeGreaterThan(0);
  expect(one(rows, 'net') + sum(rows, 'vat')).toBe(one(rows, 'gross'));
  expect(new Set(rows.filter((r) => r.kind === 'discount').map((r) => r.label)).size).toBe(rows.filter((r) => r.kind === 'discount').length);
}

/** The API's summary in the same shape as the screen's rows (the totals part). */
function totalsOf(s: any): Record<string, number> {
  const c = (v: number) => Math.round(v * 100);
  return {
    subtotal: c(s.subtotal), discount: 0 - s.discounts.reduce((t: number, d: any) => t + c(d.amount), 0) || 0, shipping: c(s.shipping.amount),
    net: c(s.net), vat: s.vat.reduce((t: number, v: any) => t + c(v.amount), 0), gross: c(s.gross),
  };
}
const screenTotals = (rows: Row[]) => ({
  subtotal: one(rows, 'subtotal'), discount: sum(rows, 'discount'), shipping: one(rows, 'shipping'), net: one(rows, 'net'), vat: sum(rows, 'vat'), gross: one(rows, 'gross'),
});

async function login(req: APIRequestContext, kdnr: number, firma = 1) {
  expect((await req.post('/api/login', { data: { Firma: firma, Benutzername: String(kdnr), Kennwort: PASSWORD, kw: '' } })).status()).toBe(200);
  await req.put('/api/user/active', { data: { id: 0, password: PASSWORD } });
}

/** First orderable plain article of a category (optionally from a price). */
async function articleOf(req: APIRequestContext, katId: number, min = 20): Promise<string> {
  const r = await req.get(`/api/shop/category?katId=${katId}&sort=price_asc&min=${min}&pageSize=50&country=de&lang=de`);
  expect(r.status()).toBe(200);
  const items = (await r.json()).result.items as { Artikelnummer: string; IstReferenz: number; AusSortiment: number; Preis: number; KatPreis: number }[];
  const a = items.find((i) => !i.IstReferenz && !i.AusSortiment && i.Preis > 0.02 && !/[/ ]/.test(i.Artikelnummer));
  expect(a, `article of category ${katId}`).toBeTruthy();
  return a!.Artikelnummer;
}

async function fill(req: APIRequestContext, items: [string, number][]) {
  await req.post('/api/wk/delete');
  await req.delete('/api/checkout/benefit');
  for (const [a, n] of items) expect((await req.post(`/api/wk/${encodeURIComponent(a)}/add/${n}`)).status()).toBe(200);
  await req.put('/api/checkout', { data: { versandart: 'standard', fwt: false } });
}

/** Screenshots at both widths; the page must not scroll sideways (unless `overflowOwnedElsewhere`: the cart's phone layout is item 8's). */
async function shoot(page: Page, name: string, overflowOwnedElsewhere = false) {
  for (const vp of WIDTHS) {
    await page.setViewportSize(vp);
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-${vp.width}.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (!overflowOwnedElsewhere) expect(overflow, `${name} at ${vp.width}px overflows`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize(WIDTHS[0]);
}

for (const lang of ['de', 'fr'] as const) {
  test(`checkout money in ${lang}: shipping choice, instant discount once, promotion, two VAT rates; submit, order, mail and PDF agree`, async ({ page }) => {
    const req = page.request;
    await login(req, 654321);
    const ceramic = await articleOf(req, 301, 30);
    const literature = await articleOf(req, 1, 5);
    const plain = await articleOf(req, 601, 20);
    await fill(req, [[ceramic, 1], [literature, 1], [plain, 1]]);

    const B = `/de/${lang}`;
    await page.setViewportSize(WIDTHS[0]);
    // the cart already takes the promotion's 10 % off the Verblendkeramik
    await page.goto(`${B}/wk`);
    const promoApi = (await (await req.get(`/api/checkout?lang=${lang}&country=de`)).json()).result.summary.discounts[0];
    expect(promoApi).toMatchObject({ kind: 'promotion', percent: 10 });
    await expect(page.getByTestId('cart-promotion')).toContainText(/10/);
    expect(parseCents((await page.getByTestId('cart-promotion').textContent())!.split(':').at(-1)!)).toBe(-Math.round(promoApi.amount * 100));
    await shoot(page, `wk-${lang}`, true);
    await page.goto(`${B}/wk/kasse`);
    await hydrated(page, '[data-testid="checkout"]');
    let rows = await readSummary(page);
    expectAddsUp(rows);
    // the promotion's 10 % on the Verblendkeramik is in the price
    expect(rows.filter((r) => r.kind === 'discount')).toHaveLength(1);
    // two VAT rates: standard and reduced (literature)
    expect(rows.filter((r) => r.kind === 'vat')).toHaveLength(2);

    // method and article names in the page's language
    const api = (await (await req.get(`/api/checkout?lang=${lang}&country=de`)).json()).result;
    const express = api.versandarten.find((v: any) => v.id === 'express');
    await expect(page.getByTestId('checkout')).toContainText(express.label);
    for (const l of api.summary.lines) await expect(page.getByTestId('money-summary')).toContainText(l.bezeichnung);
    if (lang === 'fr') {
      expect(express.label).toBe('Expédition express');
      await expect(page.getByTestId('checkout')).not.toContainText('Expressversand');
    }

    // express: shipping and total change at once, and still add up
    const before = one(rows, 'gross');
    await page.getByRole('radio', { name: new RegExp(express.label) }).check();
    await expect.poll(async () => one(await readSummary(page), 'shipping')).toBe(1490);
    rows = await readSummary(page);
    expectAddsUp(rows);
    expect(one(rows, 'gross')).not.toBe(before);

    // the instant discount: one row of −5,00, and the total drops by exactly that (VAT included)
    const netBefore = one(rows, 'net');
    await page.getByTestId('checkout').locator('input[name="code"]').fill('SOFORT5');
    await page.getByTestId('redeem').click();
    await expect(page.getByTestId('benefit-applied')).toContainText('SOFORT5');
    await expect.poll(async () => (await readSummary(page)).filter((r) => r.kind === 'discount').length).toBe(2);
    rows = await readSummary(page);
    expectAddsUp(rows);
    expect(rows.filter((r) => r.kind === 'discount' && r.cents === -500)).toHaveLength(1);
    expect(one(rows, 'net')).toBe(netBefore - 500);
    const live = (await (await req.get(`/api/checkout?lang=${lang}&country=de`)).json()).result;
    expect(screenTotals(rows)).toEqual(totalsOf(live.summary));
    await shoot(page, `kasse-${lang}`);

    // submit page: the same numbers
    await page.getByTestId('checkout-next').click();
    await expect(page).toHaveURL(/\/wk\/submit/);
    await hydrated(page, '[data-testid="submit"]');
    const submitRows = await readSummary(page);
    expectAddsUp(submitRows, false);
    expect(screenTotals(submitRows)).toEqual(screenTotals(rows));
    await expect(page.getByTestId('submit')).toContainText(express.label);
    await shoot(page, `submit-${lang}`);

    await page.getByTestId('submit-order').click();
    await expect(page.getByTestId('order-confirmation')).toBeVisible();
    const auftrag = (await page.getByTestId('order-number').textContent())!.replace(/\D/g, '');

    // the stored order, the mail, the PDF
    const det = (await (await req.get(`/api/orders/${auftrag}?lang=${lang}`)).json()).result;
    expect(totalsOf(det.summary)).toEqual(screenTotals(rows));
    const mails = (await (await req.get('/api/dev/outbox?limit=20')).json()).result as { subject: string; text: string; kind: string }[];
    const mail = mails.find((m) => m.kind === 'order_confirmation' && m.subject.includes(auftrag));
    expect(mail, 'confirmation mail').toBeTruthy();
    // the mail is in the customer's language: its gross line carries the locale's label
    const grossLabel = localeTexts(lang)['mail.order.gross']!;
    const mailGross = mail!.text.split('\n').find((l) => l.startsWith(`${grossLabel}${localeTexts(lang)['app.colon']}`))!;
    expect(parseCents(mailGross.split(':').at(-1)!)).toBe(one(rows, 'gross'));
    const doc = det.documents.find((d: any) => d.typ === 'auftragsbestaetigung');
    const pdf = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: Buffer.from(await (await req.get(`${doc.pdf}?lang=de`)).body()) }).toString('utf8');
    const grossRow = pdf.split('\n').find((l) => /Gesamtbetrag \(brutto\)/.test(l))!;
    expect(parseCents(grossRow.replace(/.*\)/, ''))).toBe(one(rows, 'gross'));

    // the new order's status is translated in the account's order list and on its page
    await page.goto(`${B}/konto/#meine_bestellungen`);
    const orders = page.getByTestId('orders');
    await expect(orders.getByRole('link', { name: auftrag, exact: true })).toBeVisible();
    await expect(orders).not.toContainText('processing');
    await orders.getByRole('link', { name: auftrag, exact: true }).click();
    await expect(page.getByTestId('order-detail')).toBeVisible();
    await expect(page.getByTestId('order-detail')).not.toContainText('processing');
    const detailRows = await readSummary(page);
    expect(screenTotals(detailRows)).toEqual(screenTotals(rows));
    await shoot(page, `order-${lang}`);
  });
}

test('the LS brand (/dk/de/): free gift in the summary, reverse charge, totals add up', async ({ page }) => {
  const req = page.request;
  await login(req, 777777, 3);
  const plain = await articleOf(req, 601, 20);
  await fill(req, [[plain, 2]]);
  expect((await req.post('/api/checkout/benefit?lang=de&country=dk', { data: { code: 'GRATIS2026' } })).status()).toBe(200);
  await page.setViewportSize(WIDTHS[0]);
  await page.goto('/dk/de/wk/kasse');
  await hydrated(page, '[data-testid="checkout"]');
  const rows = await readSummary(page);
  expectAddsUp(rows);
  expect(rows.filter((r) => r.kind === 'gift')).toHaveLength(1);
  const live = (await (await req.get('/api/checkout?lang=de&country=dk')).json()).result;
  expect(live.summary.reverseCharge).toBe(true);
  expect(screenTotals(rows)).toEqual(totalsOf(live.summary));
  await shoot(page, 'kasse-ls-de');
  await page.getByTestId('checkout-next').click();
  await hydrated(page, '[data-testid="submit"]');
  expect(screenTotals(await readSummary(page))).toEqual(screenTotals(rows));
  await shoot(page, 'submit-ls-de');
});

test('a session from the German site on the Polish one: cart and checkout in one currency, the same subtotal', async ({ page }) => {
  const req = page.request;
  await login(req, 654321); // the session's country is Germany (euro)
  const plain = await articleOf(req, 601, 20);
  await fill(req, [[plain, 3]]);
  await page.setViewportSize(WIDTHS[1]);
  await page.goto('/pl/pl/wk');
  const cartSum = page.getByTestId('cart-sum');
  await expect(cartSum).toContainText('zł');
  await expect(page.getByTestId('cart')).not.toContainText('€');
  const cartCents = parseCents((await cartSum.textContent())!);
  await page.goto('/pl/pl/wk/kasse');
  await hydrated(page, '[data-testid="checkout"]');
  await expect(page.getByTestId('money-summary')).toContainText('zł');
  const rows = await readSummary(page);
  expectAddsUp(rows);
  expect(one(rows, 'subtotal')).toBe(cartCents);
  await shoot(page, 'kasse-pl-session-de');
  // the filter's price range is formatted with the customer's currency (user/infos): the page's too
  await page.setViewportSize(WIDTHS[0]);
  await page.goto('/pl/pl/shop/category/6/601');
  await expect(page.locator('.sh-filter__range').first()).toContainText('zł');
  await expect(page.locator('.sh-filter__range').first()).not.toContainText('€');
});

for (const lang of ['de', 'fr'] as const) {
  test(`zahnlager/bestellhistorie details in ${lang}: the order's money as everywhere (net, VAT, gross add up)`, async ({ page }) => {
    const req = page.request;
    await login(req, 123456);
    const h = (await (await req.get('/api/zahnlager/bestellhistorie?page=1')).json()).result;
    const o = h.orders[0];
    expect(o, 'an order with tooth sets').toBeTruthy();
    await page.setViewportSize(WIDTHS[0]);
    await page.goto(`/de/${lang}/zahnlager/bestellhistorie/details/${o.year}/${o.month}/${o.day}/${o.auftrag}/${o.vorgang}/${o.rechnung}`);
    const rows = await readSummary(page);
    expectAddsUp(rows, false);
    const det = (await (await req.get(`/api/orders/${o.auftrag}?lang=${lang}`)).json()).result;
    expect(screenTotals(rows)).toEqual(totalsOf(det.summary));
    await shoot(page, `zahnlager-details-${lang}`);
  });
}
