// Checkout and order submission: the checkout view, basket state, benefit codes (section 8 errors),
// free gift and instant discount, the freeway return ticket (170 EUR, once per month) and
// idempotent submission (same key → one order, also for parallel double submits).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LAB_A, LAB_B, expectLimitHolds, fillCart, orderCount, plainArticle, setupApi, submitOrder, type Client, type TestEnv } from './harness.ts';

let env: TestEnv;
let b: Client;
let cheap = ''; // 20..40 EUR: one piece stays under the freeway minimum, ten pieces are above it
let cheapPrice = 0;

const Q = { country: 'de', lang: 'de' };

/** `f` after `ms` milliseconds. */
const later = <T>(ms: number, f: () => Promise<T>) => new Promise<T>((r) => { setTimeout(() => r(f()), ms); });

beforeAll(async () => {
  env = await setupApi();
  ({ artnr: cheap, preis: cheapPrice } = await plainArticle(env.db));
  b = env.client();
  expect((await b.login(LAB_B)).status).toBe(200);
});
afterAll(async () => { await env.close(); });
beforeEach(async () => {
  await env.db.deleteFrom('checkout_state').where('kdnr', '=', LAB_B).execute();
  await env.db.deleteFrom('freeway_tickets').where('kdnr', '=', LAB_B).execute();
  await env.db.deleteFrom('benefit_redemptions').where('kdnr', '=', LAB_B).execute();
});

describe('checkout view and basket state', () => {
  it('an empty cart answers 400 cart_no_products (view and submit)', async () => {
    await b.call('POST /api/wk/delete');
    const before = await orderCount(env.db, LAB_B);
    const r = await b.call('GET /api/checkout', { query: Q });
    expect([r.status, r.body.error]).toEqual([400, 'cart_no_products']);
    expect(r.body.message).toContain('Es konnten keine Produkte ermittelt werden');
    const s = await submitOrder(b, 'empty-cart-0001');
    expect([s.status, s.body.error]).toEqual([400, 'cart_no_products']);
    expect(await orderCount(env.db, LAB_B)).toBe(before);
  });

  it('a basket change on an empty cart answers cart_no_products and saves nothing', async () => {
    // the change was saved first and its view refused afterwards: a 4xx that had written
    await fillCart(b, cheap, 1);
    expect((await b.call('PUT /api/checkout', { query: Q, body: { kommentar: 'Vorher' } })).status).toBe(200);
    await b.call('POST /api/wk/delete');
    const saved = () => env.db.selectFrom('checkout_state').select(['kommentar', 'versandart', 'benefit_code']).where('kdnr', '=', LAB_B).executeTakeFirst();
    const before = await saved();
    const put = await b.call('PUT /api/checkout', { query: Q, body: { kommentar: 'Nachher', versandart: 'express' } });
    expect([put.status, put.body.error]).toEqual([400, 'cart_no_products']);
    const del = await b.call('DELETE /api/checkout/benefit', { query: Q });
    expect([del.status, del.body.error]).toEqual([400, 'cart_no_products']);
    expect(await saved()).toEqual(before);
    expect(before).toMatchObject({ kommentar: 'Vorher', versandart: 'standard' });
  });

  it('two state changes at once keep both (a shipping method and a comment)', async () => {
    // each change read the state, merged its own part and saved the whole row: the later save undid the other part
    await fillCart(b, cheap, 1);
    for (let round = 0; round < 6; round++) {
      await env.db.deleteFrom('checkout_state').where('kdnr', '=', LAB_B).execute();
      const answers = await Promise.all([
        b.call('PUT /api/checkout', { query: Q, body: { versandart: 'express' } }),
        b.call('PUT /api/checkout', { query: Q, body: { kommentar: `Runde ${round}` } }),
      ]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      const st = await env.db.selectFrom('checkout_state').select(['versandart', 'kommentar']).where('kdnr', '=', LAB_B).executeTakeFirst();
      expect(st).toEqual({ versandart: 'express', kommentar: `Runde ${round}` });
    }
  });

  it('shows lines, addresses, methods, totals and the freeway state', async () => {
    await fillCart(b, cheap, 2);
    const r = await b.call('GET /api/checkout', { query: Q });
    expect(r.status).toBe(200);
    const v = r.body.result;
    expect(v.lines).toHaveLength(1);
    expect(v.lines[0]).toMatchObject({ Artikelnummer: cheap, Menge: 2 });
    expect(v.lines[0]!.Gesamtpreis).toBeCloseTo(v.lines[0]!.Einzelpreis * 2, 2);
    expect(v.address).not.toBeNull();
    expect(v.versandarten.map((x: any) => x.id)).toEqual(['standard', 'express', 'abholung']);
    expect(v.zahlungsarten.map((x: any) => x.id)).toEqual(['rechnung', 'lastschrift', 'vorkasse']);
    expect(v.totals.currency).toBe('EUR');
    expect(v.totals.total).toBeCloseTo(v.totals.net - v.totals.discount + v.totals.shipping, 2);
    expect(v.fwt).toMatchObject({ available: false, reason: 'freeway_min_value', selected: false, minOrderEur: 170 });
    expect(v.benefit).toBeNull();
  });

  it('PUT checkout stores the state and refuses bad fields with their keys', async () => {
    await fillCart(b, cheap, 1);
    const ok = await b.call('PUT /api/checkout', { query: Q, body: { versandart: 'express', zahlungsart: 'vorkasse', kommentar: ' bitte klingeln ' } });
    expect(ok.status).toBe(200);
    expect(ok.body.result.state).toMatchObject({ versandart: 'express', zahlungsart: 'vorkasse', kommentar: 'bitte klingeln' });
    expect(ok.body.result.totals.shipping).toBe(14.9);
    const bad = [
      [{ versandart: 'drohne' }, 400, 'field_invalid'],
      [{ zahlungsart: 'bitcoin' }, 400, 'field_invalid'],
      [{ kommentar: 'x'.repeat(501) }, 400, 'too_long'],
      [{ versanddatum: '2001-1-1' }, 400, 'invalid_date'],
      [{ versanddatum: 'morgen' }, 400, 'invalid_date'],
      [{ addressId: 'x' }, 400, undefined],
      [{ fwt: 'ja' }, 400, 'invalid_input'],
    ] as const;
    for (const [body, status, key] of bad) {
      const r = await b.call('PUT /api/checkout', { query: Q, body: body as never });
      expect(r.status, JSON.stringify(body)).toBe(status);
      if (key) expect(r.body.error, JSON.stringify(body)).toBe(key);
    }
    const after = (await b.call('GET /api/checkout', { query: Q })).body.result.state;
    expect(after).toMatchObject({ versandart: 'express', zahlungsart: 'vorkasse' });
  });
});

describe('benefit codes (section 8: invalid, empty, already redeemed, not removable)', () => {
  it('refuses empty, unknown and expired codes', async () => {
    await fillCart(b, cheap, 1);
    for (const [code, key] of [['', 'benefit_code_empty'], ['   ', 'benefit_code_empty'], ['GIBTSNICHT', 'benefit_code_invalid'], ['ABGELAUFEN', 'benefit_code_invalid']]) {
      const r = await b.call('POST /api/checkout/benefit', { query: Q, body: { code } });
      expect([r.status, r.body.error], code).toEqual([400, key]);
    }
    expect((await b.call('POST /api/checkout/benefit', { query: Q, body: {} })).body.error).toBe('benefit_code_empty');
  });

  it('a single-use code redeemed before answers 409 benefit_code_already_redeemed', async () => {
    const a = env.client();
    await a.login(LAB_A);
    await a.call('POST /api/wk/delete');
    await a.call('POST /api/wk/:artnr/add/:qty', { params: { artnr: cheap, qty: '1' } });
    const r = await a.call('POST /api/checkout/benefit', { query: Q, body: { code: 'einmalig' } });
    expect([r.status, r.body.error]).toEqual([409, 'benefit_code_already_redeemed']);
    expect(r.body.message).toBe('Dieser Vorteilscode wurde bereits eingelöst.');
    await a.call('POST /api/wk/delete');
  });

  it('percent code: applies, is redeemed by the order, then refused the second time', async () => {
    await fillCart(b, cheap, 2);
    const r = await b.call('POST /api/checkout/benefit', { query: Q, body: { code: 'willkommen10' } });
    expect(r.status).toBe(200);
    const v = r.body.result;
    expect(v.benefit).toMatchObject({ code: 'WILLKOMMEN10', kind: 'percent', valid: true });
    expect(v.totals.discount).toBeCloseTo(v.totals.net * 0.1, 2);
    const placed = await submitOrder(b, 'benefit-order-0001');
    expect(placed.status).toBe(200);
    await fillCart(b, cheap, 2);
    const again = await b.call('POST /api/checkout/benefit', { query: Q, body: { code: 'WILLKOMMEN10' } });
    expect([again.status, again.body.error]).toEqual([409, 'benefit_code_already_redeemed']);
  });

  it('a code can be removed; a fixed code can neither be removed nor replaced (409 benefit_code_not_removable)', async () => {
    await fillCart(b, cheap, 1);
    expect((await b.call('POST /api/checkout/benefit', { query: Q, body: { code: 'WILLKOMMEN10' } })).status).toBe(200);
    const rm = await b.call('DELETE /api/checkout/benefit', { query: Q });
    expect(rm.status).toBe(200);
    expect(rm.body.result.benefit).toBeNull();
    expect((await b.call('POST /api/checkout/benefit', { query: Q, body: { code: 'FEST' } })).status).toBe(200);
    const del = await b.call('DELETE /api/checkout/benefit', { query: Q });
    expect([del.status, del.body.error]).toEqual([409, 'benefit_code_not_removable']);
    const swap = await b.call('POST /api/checkout/benefit', { query: Q, body: { code: 'WILLKOMMEN10' } });
    expect([swap.status, swap.body.error]).toEqual([409, 'benefit_code_not_removable']);
    expect((await b.call('GET /api/checkout', { query: Q })).body.result.benefit!.code).toBe('FEST');
  });

  it('instant discount needs its minimum order; the free gift lands in the order at price 0', async () => {
    await fillCart(b, cheap, 1);
    const low = await b.call('POST /api/checkout/benefit', { query: Q, body: { code: 'SOFORT5' } });
    if (cheapPrice < 50) {
      expect([low.status, low.body.error]).toEqual([400, 'benefit_code_min_order']);
      expect(low.body).toMatchObject({ minOrderEur: 50, message: 'Der Mindestbestellwert für diesen Vorteilscode ist nicht erreicht.' });
    }
    await fillCart(b, cheap, 3);
    const inst = await b.call('POST /api/checkout/benefit', { query: Q, body: { code: 'SOFORT5' } });
    expect(inst.status).toBe(200);
    expect(inst.body.result.instantDiscount).toEqual({ amount: 5 });
    expect(inst.body.result.totals.discount).toBe(5);

    const gift = await b.call('POST /api/checkout/benefit', { query: Q, body: { code: 'GRATIS2026' } });
    expect(gift.status).toBe(200);
    const fg = gift.body.result.benefit!.freeGift!;
    expect(fg.artnr).toBeTruthy();
    const placed = await submitOrder(b, 'gift-order-00001');
    expect(placed.status).toBe(200);
    const detail = (await b.call('GET /api/orders/:auftrag', { params: { auftrag: placed.body.result.auftrag } })).body.result;
    const line = detail.lines.find((l: any) => l.freeGift);
    expect(line).toMatchObject({ artnr: fg.artnr, preis: 0, menge: 1 });
    expect(detail.benefitCode).toBe('GRATIS2026');
  });
});

describe('freeway return ticket (min 170 EUR, once per month)', () => {
  it('under 170 EUR: 400 freeway_min_value', async () => {
    await fillCart(b, cheap, 1);
    const r = await b.call('PUT /api/checkout', { query: Q, body: { fwt: true } });
    expect([r.status, r.body.error]).toEqual([400, 'freeway_min_value']);
    expect(r.body).toMatchObject({ minOrderEur: 170 });
    expect((await b.call('GET /api/checkout', { query: Q })).body.result.state.fwt).toBe(false);
  });

  it('from 170 EUR once; the second ticket in the month: 409 freeway_once_per_month', async () => {
    await fillCart(b, cheap, Math.ceil(180 / cheapPrice));
    const r = await b.call('PUT /api/checkout', { query: Q, body: { fwt: true } });
    expect(r.status).toBe(200);
    expect(r.body.result.fwt).toMatchObject({ available: true, selected: true, reason: null });
    const placed = await submitOrder(b, 'fwt-order-000001');
    expect(placed.status).toBe(200);
    const detail = (await b.call('GET /api/orders/:auftrag', { params: { auftrag: placed.body.result.auftrag } })).body.result;
    expect(detail.fwt).toBe(true);

    await fillCart(b, cheap, Math.ceil(180 / cheapPrice));
    const view = (await b.call('GET /api/checkout', { query: Q })).body.result;
    expect(view.fwt).toMatchObject({ available: false, reason: 'freeway_once_per_month' });
    const again = await b.call('PUT /api/checkout', { query: Q, body: { fwt: true } });
    expect([again.status, again.body.error]).toEqual([409, 'freeway_once_per_month']);
    const viaSubmit = await submitOrder(b, 'fwt-order-000002', { fwt: true });
    expect([viaSubmit.status, viaSubmit.body.error]).toEqual([409, 'freeway_once_per_month']);
    expect((await b.call('GET /api/wk/anz')).body.result).toBe(1); // nothing was written
  });
});

describe('idempotent order submission', () => {
  it('needs a valid key', async () => {
    await fillCart(b, cheap, 1);
    const none = await b.call('POST /api/checkout/submit', { query: Q, body: {} });
    expect([none.status, none.body.error]).toEqual([400, 'idempotency_key_required']);
    const bad = await submitOrder(b, 'kurz');
    expect([bad.status, bad.body.error]).toEqual([400, 'idempotency_key_invalid']);
  });

  it('the same key twice answers the same order once', async () => {
    await fillCart(b, cheap, 2);
    const before = await orderCount(env.db, LAB_B);
    const first = await submitOrder(b, 'same-key-000001');
    expect(first.status).toBe(200);
    expect(first.body.result).toMatchObject({ replayed: false, releaseStatus: 'released', wkcounter: 0 });
    const second = await submitOrder(b, 'same-key-000001');
    expect(second.status).toBe(200);
    expect(second.body.result).toMatchObject({ auftrag: first.body.result.auftrag, replayed: true });
    // the key also works in the body
    const third = await b.call('POST /api/checkout/submit', { query: Q, body: { key: 'same-key-000001' } });
    expect(third.body.result.auftrag).toBe(first.body.result.auftrag);
    expect(await orderCount(env.db, LAB_B)).toBe(before + 1);
    const list = (await b.call('GET /api/orders', { query: { limit: '5' } })).body.result.items;
    expect(list[0]!.auftrag).toBe(first.body.result.auftrag);
  });

  it('a parallel double submit creates one order', async () => {
    // several rounds: on PostgreSQL a late request could read the key before and the emptied cart after the
    // winner's commit (400 cart_no_products instead of the order) — rare in one round, seen once in CI
    for (let round = 0; round < 12; round++) {
      await fillCart(b, cheap, 2);
      const before = await orderCount(env.db, LAB_B);
      const key = `parallel-key-${String(round).padStart(4, '0')}`;
      const answers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => submitOrder(b, key)));
      expect(answers.map((r) => [r.status, r.body.error])).toEqual(answers.map(() => [200, undefined]));
      expect(new Set(answers.map((r) => r.body.result.auftrag)).size).toBe(1);
      expect(answers.filter((r) => !r.body.result.replayed)).toHaveLength(1);
      expect(await orderCount(env.db, LAB_B)).toBe(before + 1);
    }
  });

  it('an article added while the order is placed is ordered or stays in the cart, never lost', async () => {
    // the order emptied the whole cart: a line another tab added after the order had read the cart vanished unordered
    const [extra] = await env.db.selectFrom('articles').select('artnr').where('aus_sortiment', '=', 0)
      .where('preis', '>', 1).where('kat_preis', '>', 1).where('artnr', '!=', cheap).where('artnr', 'not like', '%/%').limit(1).execute();
    for (let round = 0; round < 12; round++) {
      await fillCart(b, cheap, 2);
      if (round % 2) expect((await b.post(`/api/wk/${encodeURIComponent(extra!.artnr)}/add/1`)).status).toBe(200);
      // the add starts a little later each round, so one of them lands between the order's read and its commit
      const [order, add] = await Promise.all([
        submitOrder(b, `add-meanwhile-${String(round).padStart(4, '0')}`),
        later(round * 2, () => b.post(`/api/wk/${encodeURIComponent(extra!.artnr)}/add/3`)),
      ]);
      expect([order.status, add.status]).toEqual([200, 200]);
      const lines = await env.db.selectFrom('order_lines').select(['artnr', 'menge']).where('order_id', '=', order.body.result.orderId).execute();
      const ordered = lines.find((l) => l.artnr === extra!.artnr)?.menge ?? 0;
      const left = (await env.db.selectFrom('cart_items').select('menge').where('kdnr', '=', LAB_B).where('artnr', '=', extra!.artnr).executeTakeFirst())?.menge ?? 0;
      // every piece added is either in the order or still in the cart; the ordered article has left the cart
      expect([ordered + left, lines.find((l) => l.artnr === cheap)?.menge]).toEqual([3 + (round % 2), 2]);
      expect(await env.db.selectFrom('cart_items').select('artnr').where('kdnr', '=', LAB_B).where('artnr', '=', cheap).executeTakeFirst()).toBeUndefined();
    }
  });

  it('a basket change while the order is placed does not bring the used state back', async () => {
    // the change read the state before the order reset it and saved it whole afterwards: the next order got the old comment
    for (let round = 0; round < 12; round++) {
      await fillCart(b, cheap, 2);
      expect((await b.call('PUT /api/checkout', { query: Q, body: { kommentar: `Alt ${round}` } })).status).toBe(200);
      const [order, change] = await Promise.all([
        submitOrder(b, `state-meanwhile-${String(round).padStart(4, '0')}`),
        later(round * 2, () => b.call('PUT /api/checkout', { query: Q, body: { versandart: 'express' } })),
      ]);
      expect(order.status).toBe(200);
      // after the order the cart is empty: the change answers cart_no_products and saves nothing
      expect([[200, undefined], [400, 'cart_no_products']]).toContainEqual([change.status, change.body.error]);
      const st = await env.db.selectFrom('checkout_state').select(['kommentar', 'versandart']).where('kdnr', '=', LAB_B).executeTakeFirst();
      // before the order: used and reset (no row); after it: refused, so no row either
      expect(st).toBeUndefined();
    }
  });

  it('parallel address adds at 98 addresses make exactly 100 (the others 409 address_limit)', async () => {
    const addr = { strasse: 'Weg 1', plz: '20095', ort: 'Hamburg', land_iso2: 'DE' };
    await expectLimitHolds({
      max: 100,
      rows: () => env.db.selectFrom('addresses').where('kdnr', '=', LAB_B),
      fill: async (missing) => {
        for (let i = 0; i < missing; i++) {
          await env.db.insertInto('addresses').values({ kdnr: LAB_B, firma_name: 'Filler', zusatz1: '', zusatz2: '', ansprechpartner: '', is_default: 0, ...addr }).execute();
        }
      },
      create: (round, i) => b.call('POST /api/checkout/addresses', { query: Q, body: { firma_name: `Parallel ${round}-${i}`, ...addr } }),
      refusal: [409, 'address_limit'],
      cleanUp: async () => { await env.db.deleteFrom('addresses').where('kdnr', '=', LAB_B).where('firma_name', 'like', 'Parallel %').execute(); },
    });
    await env.db.deleteFrom('addresses').where('kdnr', '=', LAB_B).where('firma_name', '=', 'Filler').execute();
  });

  it('a new key after a placed order finds an empty cart', async () => {
    await fillCart(b, cheap, 1);
    expect((await submitOrder(b, 'after-key-000001')).status).toBe(200);
    const r = await submitOrder(b, 'after-key-000002');
    expect([r.status, r.body.error]).toEqual([400, 'cart_no_products']);
  });
});
