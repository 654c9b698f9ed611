// Function roles of sub-users enforced by the API (spec section 6):
// K13 technician documents batches but may not order; K09 buyer orders; K07 manager also releases
// orders placed by others (orders over 5,000 EUR by a sub-user without release right wait for a release).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, LAB_A, fillCart, orderCount, plainArticle, setupApi, submitOrder, type Client, type TestEnv } from './harness.ts';

const K07 = 1; // Anna
const K09 = 2; // Ben
const K13 = 3; // Clara
const K09_K13 = 4; // David

let env: TestEnv;
let c: Client;
let art = '';
let price = 0;

const actAs = async (id: number) => expect((await c.call('PUT /api/user/active', { body: { id, password: DEMO_PASSWORD } })).status).toBe(200);

beforeAll(async () => {
  env = await setupApi();
  ({ artnr: art, preis: price } = await plainArticle(env.db));
  c = env.client();
  expect((await c.login(LAB_A)).status).toBe(200);
});
afterAll(async () => { await env.close(); });

describe('K13 technician', () => {
  it('documents batches on a patient work', async () => {
    await actAs(K13);
    const w = await c.call('POST /api/logbook/works', { body: { auftragsnummer: 'PA-K13-1', auftraggeber: { name: 'Praxis Dr. Zahn' } } });
    expect(w.status).toBe(200);
    const b = await c.call('POST /api/logbook/works/:id/batches', { params: { id: w.body.result.id }, body: { artnr: art, lot: 'LOT-K13' } });
    expect(b.status).toBe(200);
    expect(b.body.result).toMatchObject({ artnr: art, lot: 'LOT-K13' });
  });

  it('may not submit an order: 403 forbidden_function, nothing written, the cart stays', async () => {
    await actAs(K13);
    await fillCart(c, art, 2);
    const before = await orderCount(env.db, LAB_A);
    const r = await submitOrder(c, 'k13-order-00001');
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ error: 'forbidden_function', action: 'order' });
    expect(r.body.message).toBeTruthy();
    expect(await orderCount(env.db, LAB_A)).toBe(before);
    expect((await c.call('GET /api/wk/anz')).body.result).toBe(1);
  });
});

describe('K09 buyer', () => {
  it('submits an order (released at once under the release limit)', async () => {
    await actAs(K09);
    await fillCart(c, art, 2);
    const r = await submitOrder(c, 'k09-order-00001');
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ releaseStatus: 'released', release: false, status: 'processing' });
    const detail = (await c.call('GET /api/orders/:auftrag', { params: { auftrag: r.body.result.auftrag } })).body.result;
    expect(detail.placedBy).toMatchObject({ id: K09 });
  });

  it('may not document batches (403 forbidden_function)', async () => {
    await actAs(K09);
    const r = await c.call('POST /api/logbook/works', { body: { auftragsnummer: 'PA-K09-1' } });
    expect([r.status, r.body.error]).toEqual([403, 'forbidden_function']);
  });

  it('K09;K13 may do both', async () => {
    await actAs(K09_K13);
    expect((await c.call('POST /api/logbook/works', { body: { auftragsnummer: 'PA-D-1' } })).status).toBe(200);
    await fillCart(c, art, 1);
    expect((await submitOrder(c, 'k09k13-order-001')).status).toBe(200);
  });
});

describe('release of orders (K07 manager)', () => {
  let pending = 0;

  it('an order over 5,000 EUR by a K09 buyer waits for a release', async () => {
    await actAs(K09);
    await fillCart(c, art, Math.ceil(5200 / price));
    const r = await submitOrder(c, 'k09-big-order-01');
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ releaseStatus: 'pending', release: true, status: 'release_pending' });
    pending = r.body.result.auftrag;
    const list = (await c.call('GET /api/orders/pending')).body.result.items;
    expect(list.map((o: any) => o.auftrag)).toContain(pending);
    expect(list.find((o: any) => o.auftrag === pending)).toMatchObject({ release_status: 'pending', placedBySubUser: K09 });
  });

  it('the buyer and the technician may not release it (403 forbidden_function)', async () => {
    for (const who of [K09, K13]) {
      await actAs(who);
      const r = await c.call('POST /api/orders/:auftrag/release', { params: { auftrag: pending } });
      expect([r.status, r.body.error, r.body.action]).toEqual([403, 'forbidden_function', 'release']);
    }
    expect((await c.call('GET /api/orders/:auftrag', { params: { auftrag: pending } })).body.result.release_status).toBe('pending');
  });

  it('the K07 manager releases it once; a second release is 409 order_not_pending', async () => {
    await actAs(K07);
    const r = await c.call('POST /api/orders/:auftrag/release', { params: { auftrag: pending } });
    expect(r.status).toBe(200);
    expect(r.body.result).toEqual({ auftrag: pending, status: 'processing', release_status: 'released', releasedBy: K07 });
    const detail = (await c.call('GET /api/orders/:auftrag', { params: { auftrag: pending } })).body.result;
    expect(detail).toMatchObject({ status: 'processing', release_status: 'released', releasedBy: K07 });
    expect(detail.lines.every((l: any) => l.status === 'processing')).toBe(true);
    const again = await c.call('POST /api/orders/:auftrag/release', { params: { auftrag: pending } });
    expect([again.status, again.body.error]).toEqual([409, 'order_not_pending']);
    expect((await c.call('GET /api/orders/pending')).body.result.items.map((o: any) => o.auftrag)).not.toContain(pending);
  });

  it('a K07 manager\'s own big order needs no release; the main user may release too', async () => {
    await actAs(K07);
    await fillCart(c, art, Math.ceil(5200 / price));
    const own = await submitOrder(c, 'k07-big-order-01');
    expect(own.body.result.releaseStatus).toBe('released');

    await actAs(K09);
    await fillCart(c, art, Math.ceil(5200 / price));
    const big = (await submitOrder(c, 'k09-big-order-02')).body.result;
    expect(big.releaseStatus).toBe('pending');
    await actAs(0);
    const r = await c.call('POST /api/orders/:auftrag/release', { params: { auftrag: big.auftrag } });
    expect(r.status).toBe(200);
    expect(r.body.result.releasedBy).toBe(0);
    expect((await c.call('POST /api/orders/:auftrag/release', { params: { auftrag: 'abc' } })).status).toBe(400);
    expect((await c.call('POST /api/orders/:auftrag/release', { params: { auftrag: 99999999 } })).status).toBe(404);
  });
});
