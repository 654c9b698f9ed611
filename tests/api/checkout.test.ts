// Checkout and order submission: the checkout view, benefit codes with their errors, the freeway
// return ticket, idempotent submission (repeat and parallel), roles (K13 refused, K09 orders, a big
// sub-user order waits for a K07 release) and that orders stay with their customer.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LAB_A, LAB_B, setupApi, type Client, type TestEnv } from './harness.ts';

let env: TestEnv;
let a: Client;
let b: Client;
let art = '';
let price = 0;
const enc = encodeURIComponent;
let keyNo = 0;
const newKey = () => `test-key-${Date.now()}-${++keyNo}`;

/** quantity of the test article whose value is at least `eur` */
const qtyFor = (eur: number) => Math.ceil(eur / price);

async function fill(c: Client, eur: number): Promise<void> {
  await c.post('/api/wk/delete');
  expect((await c.post(`/api/wk/${enc(art)}/add/${qtyFor(eur)}`)).status).toBe(200);
}
const actAs = async (c: Client, id: number) => expect((await c.put('/api/user/active', { id })).status).toBe(200);

beforeAll(async () => {
  env = await setupApi();
  const row = await env.db.selectFrom('articles').select(['artnr', 'preis']).where('aus_sortiment', '=', 0)
    .where('preis', '>', 20).where('preis', '<', 60).where('kat_preis', 'not in', [0.01, 0.02])
    .where('artnr', 'not like', '%/%').where('artnr', 'not like', '% %').orderBy('artnr').limit(1).executeTakeFirstOrThrow();
  art = row.artnr;
  price = Number(row.preis);
  a = env.client();
  b = env.client();
  expect((await a.login(LAB_A)).status).toBe(200);
  expect((await b.login(LAB_B)).status).toBe(200);
});
afterAll(async () => { await env.close(); });
beforeEach(async () => { await actAs(a, 0); });

describe('checkout view', () => {
  it('an empty cart is 400 cart_empty', async () => {
    await a.post('/api/wk/delete');
    const r = await a.get('/api/checkout');
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('cart_empty');
  });

  it('shows lines, methods and totals; the state is kept between calls', async () => {
    await fill(a, 100);
    const r = await a.get('/api/checkout');
    expect(r.status).toBe(200);
    const co = r.body.result;
    expect(co.lines).toHaveLength(1);
    expect(co.lines[0].Artikelnummer).toBe(art);
    expect(co.versandarten.length).toBeGreaterThan(0);
    expect(co.zahlungsarten.length).toBeGreaterThan(0);
    expect(co.totals.total).toBeGreaterThan(0);
    const put = await a.put('/api/checkout', { kommentar: 'Bitte vormittags liefern', versandart: co.versandarten[0].id });
    expect(put.status).toBe(200);
    expect((await a.get('/api/checkout')).body.result.state.kommentar).toBe('Bitte vormittags liefern');
  });

  it('bad state input is a 4xx with the key, and changes nothing', async () => {
    await fill(a, 100);
    expect((await a.put('/api/checkout', { versanddatum: '2001-01-01' })).body.error).toBe('invalid_date');
    expect((await a.put('/api/checkout', { kommentar: 'x'.repeat(5000) })).status).toBeGreaterThanOrEqual(400);
    const bad = await a.put('/api/checkout', { addressId: 'eins' });
    expect(bad.status).toBe(400);
    expect((await a.get('/api/checkout')).body.result.state.kommentar).toBe('Bitte vormittags liefern');
  });

  it('a new delivery address: every invalid field is named', async () => {
    await fill(a, 100);
    const r = await a.post('/api/checkout/addresses', { firma_name: 'Labor Süd', strasse: '', plz: '1', ort: 'München', land_iso2: 'DE' });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('field_invalid');
    expect(r.body.fields).toEqual(expect.arrayContaining(['strasse', 'plz']));
    const ok = await a.post('/api/checkout/addresses', { firma_name: 'Labor Süd', strasse: 'Hauptstr. 1', plz: '80331', ort: 'München', land_iso2: 'DE' });
    expect(ok.status).toBe(200);
    expect((await a.get('/api/checkout')).body.result.state.addressId).toBe(ok.body.result.id);
  });
});

describe('benefit codes', () => {
  beforeEach(async () => { await fill(a, 100); await a.del('/api/checkout/benefit'); });

  it('empty, unknown and expired codes are refused', async () => {
    expect((await a.post('/api/checkout/benefit', { code: '  ' })).body.error).toBe('benefit_code_empty');
    const unknown = await a.post('/api/checkout/benefit', { code: 'GIBTSNICHT' });
    expect([unknown.status, unknown.body.error]).toEqual([400, 'benefit_code_invalid']);
    expect((await a.post('/api/checkout/benefit', { code: 'ABGELAUFEN' })).body.error).toBe('benefit_code_invalid');
    expect((await a.get('/api/checkout')).body.result.benefit).toBeNull();
  });

  it('a single-use code the customer already redeemed is 409', async () => {
    const r = await a.post('/api/checkout/benefit', { code: 'EINMALIG' });
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('benefit_code_redeemed');
  });

  it('a percent code lowers the total; a removable code can be removed', async () => {
    const before = (await a.get('/api/checkout')).body.result.totals;
    const r = await a.post('/api/checkout/benefit', { code: 'willkommen10' });
    expect(r.status).toBe(200);
    expect(r.body.result.benefit.code).toBe('WILLKOMMEN10');
    expect(r.body.result.totals.discount).toBeCloseTo(before.net * 0.1, 1);
    expect(r.body.result.totals.total).toBeLessThan(before.total);
    expect((await a.del('/api/checkout/benefit')).body.result.benefit).toBeNull();
  });

  it('a minimum order value is checked', async () => {
    await a.post('/api/wk/delete');
    await a.post(`/api/wk/${enc(art)}/add/1`);
    const r = await a.post('/api/checkout/benefit', { code: 'SOFORT5' });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('benefit_code_min_order');
  });

  it('a fixed code is not removable and not replaceable', async () => {
    expect((await a.post('/api/checkout/benefit', { code: 'FEST' })).status).toBe(200);
    expect((await a.del('/api/checkout/benefit')).body.error).toBe('benefit_code_not_removable');
    expect((await a.post('/api/checkout/benefit', { code: 'WILLKOMMEN10' })).body.error).toBe('benefit_code_not_removable');
    await env.db.deleteFrom('checkout_state').where('kdnr', '=', LAB_A).execute();
  });
});

describe('order submission', () => {
  it('needs an idempotency key', async () => {
    await fill(a, 100);
    expect((await a.post('/api/checkout/submit', {})).body.error).toBe('idempotency_key_required');
    expect((await a.post('/api/checkout/submit', { key: 'kurz' })).body.error).toBe('idempotency_key_invalid');
    expect((await a.get('/api/wk/anz')).body.result).toBeGreaterThan(0);
  });

  it('the same key twice places one order; the basket is reset after it', async () => {
    await fill(a, 100);
    const key = newKey();
    const first = await a.req('POST', '/api/checkout/submit', {}, { 'idempotency-key': key });
    expect(first.status).toBe(200);
    const placed = first.body.result;
    expect(placed.auftrag).toBeGreaterThan(0);
    expect(placed.replayed).toBe(false);
    expect(placed.wkcounter).toBe(0);
    const again = await a.req('POST', '/api/checkout/submit', {}, { 'idempotency-key': key });
    expect(again.body.result.auftrag).toBe(placed.auftrag);
    expect(again.body.result.replayed).toBe(true);
    const rows = await env.db.selectFrom('orders').select('id').where('idempotency_key', '=', key).execute();
    expect(rows).toHaveLength(1);
    expect((await a.get(`/api/orders/${placed.auftrag}`)).status).toBe(200);
    // the state of the basket (comment, code …) starts afresh
    expect((await a.get('/api/wk/anz')).body.result).toBe(0);
  });

  it('a double click (two parallel submits with one key) places one order', async () => {
    await fill(a, 100);
    const key = newKey();
    const [x, y] = await Promise.all([
      a.req('POST', '/api/checkout/submit', {}, { 'idempotency-key': key }),
      a.req('POST', '/api/checkout/submit', {}, { 'idempotency-key': key }),
    ]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect(x.body.result.auftrag).toBe(y.body.result.auftrag);
    expect(await env.db.selectFrom('orders').select('id').where('idempotency_key', '=', key).execute()).toHaveLength(1);
  });

  it('another customer never sees the order', async () => {
    await fill(a, 100);
    const placed = (await a.req('POST', '/api/checkout/submit', {}, { 'idempotency-key': newKey() })).body.result;
    expect((await b.get(`/api/orders/${placed.auftrag}`)).status).toBe(404);
    expect((await b.post(`/api/orders/${placed.auftrag}/reorder`, {})).status).toBe(404);
    const mine = (await b.get('/api/orders')).body.result;
    expect(JSON.stringify(mine)).not.toContain(`"auftrag":${placed.auftrag},`);
    // the same key used by B is B's own order, not A's
    const key = newKey();
    await a.req('POST', '/api/checkout/submit', {}, { 'idempotency-key': key });
    await fill(b, 100);
    const bOrder = (await b.req('POST', '/api/checkout/submit', {}, { 'idempotency-key': key })).body.result;
    expect(bOrder.replayed).toBe(false);
  });
});

describe('roles', () => {
  it('a K13 technician cannot submit an order (403), the basket stays', async () => {
    await fill(a, 100);
    await actAs(a, 3);
    const r = await a.req('POST', '/api/checkout/submit', {}, { 'idempotency-key': newKey() });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('forbidden_function');
    expect((await a.get('/api/wk/anz')).body.result).toBeGreaterThan(0);
  });

  it('a K09 buyer orders; over 5,000 EUR it waits for a K07 release', async () => {
    await fill(a, 100);
    await actAs(a, 2);
    const small = await a.req('POST', '/api/checkout/submit', {}, { 'idempotency-key': newKey() });
    expect(small.status).toBe(200);
    expect(small.body.result.release).toBe(false);

    await fill(a, 5100);
    const big = (await a.req('POST', '/api/checkout/submit', {}, { 'idempotency-key': newKey() })).body.result;
    expect(big.release).toBe(true);
    expect(big.releaseStatus).toBe('pending');
    // the buyer cannot release it, another customer cannot see it, the manager can
    expect((await a.post(`/api/orders/${big.auftrag}/release`)).status).toBe(403);
    expect((await b.post(`/api/orders/${big.auftrag}/release`)).status).toBe(404);
    await actAs(a, 1);
    const pending = (await a.get('/api/orders/pending')).body.result;
    expect(JSON.stringify(pending)).toContain(String(big.auftrag));
    const rel = await a.post(`/api/orders/${big.auftrag}/release`);
    expect(rel.status).toBe(200);
    expect(rel.body.result.release_status).toBe('released');
    expect((await a.post(`/api/orders/${big.auftrag}/release`)).body.error).toBe('order_not_pending');
  });
});

describe('freeway return ticket', () => {
  it('needs 170 EUR, then works once a month', async () => {
    await b.post('/api/wk/delete');
    await b.post(`/api/wk/${enc(art)}/add/1`);
    const low = await b.put('/api/checkout', { fwt: true });
    expect(low.status).toBe(400);
    expect(low.body.error).toBe('fwt_min_order');
    expect(low.body.minOrderEur).toBe(170);

    await fill(b, 200);
    const ok = await b.put('/api/checkout', { fwt: true });
    expect(ok.status).toBe(200);
    expect(ok.body.result.fwt.selected).toBe(true);
    expect((await b.req('POST', '/api/checkout/submit', {}, { 'idempotency-key': newKey() })).status).toBe(200);

    await fill(b, 200);
    const twice = await b.put('/api/checkout', { fwt: true });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('fwt_once_per_month');
  });
});
