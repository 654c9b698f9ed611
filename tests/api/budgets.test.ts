// Budgets and approval rules (issue 11, part 3): the account's release threshold (default 5,000 EUR
// net) and per sub-user monthly budgets, set by the main user or a K07; a K09 order over either waits
// for a release with its reason; the budget month is the Europe/Berlin calendar month.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD, LAB_A, LAB_B, fillCart, plainArticle, setupApi, submitOrder, type Client, type TestEnv } from './harness.ts';
import { budgetMonth } from '../../server/lib/release-rules.ts';

const K07 = 1; // Anna
const K09 = 2; // Ben
const K13 = 3; // Clara

let env: TestEnv;
let main: Client;
let art = '';
let price = 0;
let keyNo = 0;

async function as(login: string | number): Promise<Client> {
  const c = env.client();
  expect((await c.login(login, DEMO_PASSWORD)).status, `login ${login}`).toBe(200);
  return c;
}
/** Places an order of `qty` pieces; answers the submit result. */
async function order(c: Client, qty: number) {
  await fillCart(c, art, qty);
  const r = await submitOrder(c, `budget-test-${++keyNo}-${Date.now()}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result;
}
const r2 = (n: number) => Math.round(n * 100) / 100;
const buyer = async (c: Client, id: number) => (await c.call('GET /api/account/release-rules')).body.result.buyers.find((b: any) => b.id === id)!;

beforeAll(async () => {
  env = await setupApi();
  ({ artnr: art, preis: price } = await plainArticle(env.db));
  main = await as(LAB_A);
});
afterAll(async () => { await env.close(); });
afterEach(() => { vi.useRealTimers(); });

describe('the budget month (Europe/Berlin)', () => {
  it('starts at 00:00 Berlin time on the 1st, in winter and in summer time', () => {
    expect(budgetMonth(new Date('2026-11-30T22:59:59Z'))).toEqual({ key: '2026-11', startIso: '2026-10-31T23:00:00.000Z', endIso: '2026-11-30T23:00:00.000Z' });
    expect(budgetMonth(new Date('2026-11-30T23:00:00Z')).key).toBe('2026-12');
    expect(budgetMonth(new Date('2026-07-15T12:00:00Z'))).toEqual({ key: '2026-07', startIso: '2026-06-30T22:00:00.000Z', endIso: '2026-07-31T22:00:00.000Z' });
    expect(budgetMonth(new Date('2026-12-31T23:30:00Z')).key).toBe('2027-01');
  });
});

describe('reading and setting the rules', () => {
  it('defaults: threshold 5,000 EUR net, no budgets', async () => {
    const r = await main.call('GET /api/account/release-rules');
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ thresholdEur: 5000, defaultThresholdEur: 5000, basis: 'net', timeZone: 'Europe/Berlin' });
    expect(r.body.result.buyers.find((b: any) => b.id === K09)).toMatchObject({ budgetEur: null, remainingEur: null, budgetApplies: true });
    expect(r.body.result.buyers.find((b: any) => b.id === K07)).toMatchObject({ budgetApplies: false }); // never waits
    expect(r.body.result.buyers.find((b: any) => b.id === K13)).toMatchObject({ budgetApplies: false }); // cannot order
  });

  it('K09 and K13 may neither read nor change them (403 forbidden_function); a guest gets 401', async () => {
    for (const id of [K09, K13]) {
      const c = await as(`${LAB_A}x${id}`);
      for (const r of [await c.call('GET /api/account/release-rules'), await c.call('PUT /api/account/release-rules', { body: { thresholdEur: 1 } }),
        await c.call('PUT /api/account/budgets/:id', { params: { id: K09 }, body: { budgetEur: 1 } })]) {
        expect([r.status, r.body.error]).toEqual([403, 'forbidden_function']);
      }
    }
    const guest = env.client();
    expect((await guest.call('GET /api/account/release-rules')).status).toBe(401);
    expect((await guest.call('PUT /api/account/release-rules', { body: { thresholdEur: 1 } })).status).toBe(401);
    expect((await env.db.selectFrom('release_rules').selectAll().execute())).toHaveLength(0);
    expect((await buyer(main, K09)).budgetEur).toBeNull();
  });

  it('rejects a negative or non-numeric value (400), nothing stored', async () => {
    expect((await main.call('PUT /api/account/release-rules', { body: { thresholdEur: -1 } })).status).toBe(400);
    expect((await main.call('PUT /api/account/budgets/:id', { params: { id: K09 }, body: { budgetEur: 'viel' } as never })).status).toBe(400);
    expect((await main.call('GET /api/account/release-rules')).body.result.thresholdEur).toBe(5000);
  });

  it('isolation: another customer sees its own default and cannot touch our sub-users (404)', async () => {
    const k07 = await as(`${LAB_A}x${K07}`);
    expect((await k07.call('PUT /api/account/release-rules', { body: { thresholdEur: 4321.5 } })).body.result.thresholdEur).toBe(4321.5);
    const other = await as(LAB_B);
    const r = await other.call('GET /api/account/release-rules');
    expect(r.body.result.thresholdEur).toBe(5000);
    expect(r.body.result.buyers.map((b: any) => b.id)).not.toContain(K09);
    const put = await other.call('PUT /api/account/budgets/:id', { params: { id: K09 }, body: { budgetEur: 1 } });
    expect([put.status, put.body.error]).toEqual([404, 'not_found']);
    expect((await buyer(main, K09)).budgetEur).toBeNull();
  });
});

describe('threshold', () => {
  it('a changed threshold holds a K09 order above it (reason threshold with the figures) and passes one below it', async () => {
    expect((await main.call('PUT /api/account/release-rules', { body: { thresholdEur: price * 3 } })).status).toBe(200);
    const ben = await as(`${LAB_A}x${K09}`);
    const below = await order(ben, 1);
    expect(below).toMatchObject({ releaseStatus: 'released', release: false, releaseReason: null });
    const above = await order(ben, 10);
    expect(above).toMatchObject({ releaseStatus: 'pending', release: true, status: 'release_pending' });
    expect(above.releaseReason).toMatchObject({ reason: 'threshold', thresholdEur: price * 3 });
    expect(above.releaseReason.valueEur).toBeGreaterThan(price * 3);
    // the release list says why
    const list = (await main.call('GET /api/orders/pending', { query: { limit: '100' } })).body.result.items;
    expect(list.find((o: any) => o.auftrag === above.auftrag)!.releaseReason).toMatchObject({ reason: 'threshold', thresholdEur: price * 3 });
    // the old fixed limit is gone: 10 pieces are far below 5,000 EUR
    expect(above.releaseReason.valueEur).toBeLessThan(5000);
  });

  it('a K07 manager\'s own order over the threshold goes through; nobody releases their own order', async () => {
    const anna = await as(`${LAB_A}x${K07}`);
    expect((await order(anna, 10)).releaseStatus).toBe('released');
    const ben = await as(`${LAB_A}x${K09}`);
    const held = await order(ben, 10);
    expect((await ben.call('POST /api/orders/:auftrag/release', { params: { auftrag: held.auftrag } })).body.error).toBe('forbidden_function');
    expect((await main.call('PUT /api/user/subusers/:id', { params: { id: K09 }, body: { funktionen: ['K07', 'K09'] } })).status).toBe(200);
    const promoted = await as(`${LAB_A}x${K09}`);
    const own = await promoted.call('POST /api/orders/:auftrag/release', { params: { auftrag: held.auftrag } });
    expect([own.status, own.body.error]).toEqual([403, 'own_order_release']);
    expect((await anna.call('POST /api/orders/:auftrag/release', { params: { auftrag: held.auftrag } })).status).toBe(200);
    expect((await main.call('PUT /api/user/subusers/:id', { params: { id: K09 }, body: { funktionen: ['K09'] } })).status).toBe(200);
    expect((await main.call('PUT /api/account/release-rules', { body: { thresholdEur: 5000 } })).status).toBe(200);
  });
});

describe('monthly budget', () => {
  it('an order over the remaining budget waits with reason budget; pending orders count against the budget', async () => {
    const used = (await buyer(main, K09)).usedEur;
    const ben = await as(`${LAB_A}x${K09}`);
    // room for exactly one small order (value incl. shipping ≤ price + 100)
    let b = (await main.call('PUT /api/account/budgets/:id', { params: { id: K09 }, body: { budgetEur: r2(used + price + 100) } })).body.result.buyers.find((x: any) => x.id === K09)!;
    expect(b).toMatchObject({ budgetEur: r2(used + price + 100), remainingEur: r2(price + 100) });
    const first = await order(ben, 1);
    expect(first).toMatchObject({ releaseStatus: 'released', releaseReason: null });
    b = await buyer(main, K09);
    // used = the net value (incl. shipping) of this month's orders: the new one is in it
    expect(b.usedEur).toBeCloseTo(used + first.total, 2);
    const usedNow = b.usedEur;
    // set the budget to just below what the next order needs
    await main.call('PUT /api/account/budgets/:id', { params: { id: K09 }, body: { budgetEur: r2(usedNow + 1) } });
    const held = await order(ben, 1);
    expect(held).toMatchObject({ releaseStatus: 'pending', release: true });
    expect(held.releaseReason).toMatchObject({ reason: 'budget', budgetEur: r2(usedNow + 1), usedEur: usedNow });
    expect(held.releaseReason.valueEur).toBeGreaterThan(1);
    // the waiting order counts: used grows by its value, a second small order is held too
    b = await buyer(main, K09);
    expect(b.usedEur).toBeCloseTo(usedNow + held.releaseReason.valueEur, 2);
    expect(b.pendingEur).toBeGreaterThanOrEqual(held.releaseReason.valueEur);
    expect(b.remainingEur).toBeLessThan(0);
    const second = await order(ben, 1);
    expect(second.releaseReason).toMatchObject({ reason: 'budget', usedEur: b.usedEur });
    const list = (await main.call('GET /api/orders/pending', { query: { limit: '100' } })).body.result.items;
    expect(list.find((o: any) => o.auftrag === held.auftrag)!.releaseReason).toMatchObject({ reason: 'budget', budgetEur: r2(usedNow + 1) });
    // released by a K07: the order proceeds, the used budget stays
    const anna = await as(`${LAB_A}x${K07}`);
    expect((await anna.call('POST /api/orders/:auftrag/release', { params: { auftrag: held.auftrag } })).body.result.release_status).toBe('released');
    expect((await buyer(main, K09)).usedEur).toBeCloseTo(b.usedEur + second.releaseReason.valueEur, 2);
  });

  it('without a budget (null) the buyer orders freely again', async () => {
    await main.call('PUT /api/account/budgets/:id', { params: { id: K09 }, body: { budgetEur: null } });
    const ben = await as(`${LAB_A}x${K09}`);
    expect((await order(ben, 1)).releaseStatus).toBe('released');
  });

  it('resets on the 1st at 00:00 Berlin time', async () => {
    // The month after the real one: the orders the tests above placed today stay in the month before.
    const midnight = new Date(budgetMonth().endIso);
    const month = budgetMonth(midnight).key;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(midnight.getTime() - 10 * 60_000)); // 23:50 on the month's last day in Berlin
    const boss = await as(LAB_A);
    const last = await buyer(boss, K09);
    const budgetEur = r2(last.usedEur + 1);
    await boss.call('PUT /api/account/budgets/:id', { params: { id: K09 }, body: { budgetEur } });
    let ben = await as(`${LAB_A}x${K09}`);
    const late = await order(ben, 1);
    expect(late.releaseReason).toMatchObject({ reason: 'budget', budgetEur, usedEur: last.usedEur });

    vi.setSystemTime(midnight); // 00:00 on the 1st in Berlin (still the day before in UTC)
    const dec = (await boss.call('GET /api/account/release-rules')).body.result;
    expect(dec.month).toBe(month);
    expect(dec.buyers.find((x: any) => x.id === K09)).toMatchObject({ budgetEur, usedEur: 0, pendingEur: 0, remainingEur: budgetEur });
    // the same budget and the same order: released now
    ben = await as(`${LAB_A}x${K09}`);
    const fresh = await order(ben, 1);
    expect(fresh).toMatchObject({ releaseStatus: 'released', releaseReason: null });
    expect((await buyer(boss, K09)).usedEur).toBeCloseTo(fresh.total, 2);
  });
});
