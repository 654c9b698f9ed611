// Order history, order details (both detail routes of the spec), reorder and order statistics:
// success answers and bad input for each call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_A, LAB_B, setupApi, type Client, type TestEnv } from './harness.ts';

let env: TestEnv;
let a: Client;
let first: any;

beforeAll(async () => {
  env = await setupApi();
  a = env.client();
  expect((await a.login(LAB_A)).status).toBe(200);
  first = (await a.call('GET /api/orders', { query: { limit: '1' } })).body.result.items[0];
});
afterAll(async () => { await env.close(); });

const dateParts = (o: any) => o.datum.split('-').map(Number) as [number, number, number];

describe('GET orders', () => {
  it('lists the history newest first with paging and a date range (24+ months of the demo lab)', async () => {
    const r = await a.call('GET /api/orders', { query: { limit: '100' } });
    expect(r.status).toBe(200);
    const { items, total } = r.body.result;
    expect(total).toBeGreaterThan(items.length - 1);
    const dates = items.map((o: any) => o.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(items[0]).toMatchObject({ auftrag: expect.any(Number), vorgang: expect.any(Number), status: expect.any(String), currency: expect.any(String) });
    const oldest = (await a.call('GET /api/orders', { query: { limit: 1, page: total } })).body.result.items[0]!;
    const months = (Date.parse(first.datum) - Date.parse(oldest.datum)) / (30.44 * 86_400_000);
    expect(months).toBeGreaterThanOrEqual(23);
    const [y, m] = dateParts(first);
    const ranged = (await a.call('GET /api/orders', { query: { from: `${y}-${m}-1`, to: first.datum, limit: 100 } })).body.result.items;
    expect(ranged.length).toBeGreaterThan(0);
    for (const o of ranged) expect(o.datum >= `${y}-${String(m).padStart(2, '0')}-01` && o.datum <= first.datum).toBe(true);
  });

  it('refuses bad paging and dates', async () => {
    for (const query of [{ limit: 0 }, { limit: 101 }, { page: 0 }, { page: 'x' }, { from: '2025-13-40' }, { from: '2025-5-1', to: '2025-4-1' }]) {
      const q = JSON.stringify(query);
      const r = await a.call('GET /api/orders', { query });
      expect(r.status, q).toBe(400);
      expect(['invalid_input', 'invalid_date']).toContain(r.body.error);
    }
    expect((await env.client().call('GET /api/orders')).status).toBe(401);
  });

  it('a new customer without orders gets an empty list', async () => {
    const b = env.client();
    await b.login(LAB_B);
    await env.db.deleteFrom('orders').where('kdnr', '=', LAB_B).execute();
    expect((await b.call('GET /api/orders')).body.result.items).toEqual([]);
  });
});

describe('order details', () => {
  it('GET orders/{auftrag}: lines with status, totals, address', async () => {
    const r = await a.call('GET /api/orders/:auftrag', { params: { auftrag: first.auftrag } });
    expect(r.status).toBe(200);
    const d = r.body.result;
    expect(d.auftrag).toBe(first.auftrag);
    expect(d.lines.length).toBe(first.positionen);
    expect(d.lines[0]).toMatchObject({ pos: 1, artnr: expect.any(String), menge: expect.any(Number), status: expect.any(String) });
    expect(d.totals.total).toBe(first.total);
    expect((await a.call('GET /api/orders/:auftrag', { params: { auftrag: '99999999' } })).status).toBe(404);
    expect((await a.call('GET /api/orders/:auftrag', { params: { auftrag: 'abc' } })).body.error).toBe('invalid_id');
  });

  it('the two detail routes need matching date, vorgang and rechnung', async () => {
    const [y, m, d] = dateParts(first);
    // one day off is accepted (the browser's time zone, orders.ts): a wrong day is five days off
    expect((await a.call('GET /api/orders/by-date/:year/:month/:day/:auftrag', { params: { year: y, month: m, day: d, auftrag: first.auftrag } })).body.result.auftrag).toBe(first.auftrag);
    expect((await a.call('GET /api/orders/by-date/:year/:month/:day/:auftrag', { params: { year: y, month: m, day: d <= 14 ? d + 5 : d - 5, auftrag: first.auftrag } })).status).toBe(404);
    const ok = await a.call('GET /api/orders/details/:year/:month/:day/:auftrag/:vorgang/:rechnung', { params: { year: y, month: m, day: d, auftrag: first.auftrag, vorgang: first.vorgang, rechnung: first.rechnung } });
    expect(ok.status).toBe(200);
    expect((await a.call('GET /api/orders/details/:year/:month/:day/:auftrag/:vorgang/:rechnung', { params: { year: y, month: m, day: d, auftrag: first.auftrag, vorgang: first.vorgang + 1, rechnung: first.rechnung } })).status).toBe(404);
    expect((await a.call('GET /api/orders/by-date/:year/:month/:day/:auftrag', { params: { year: y, month: '13', day: d, auftrag: first.auftrag } })).status).toBe(400);
  });
});

describe('reorder', () => {
  it('puts the order back into the cart; chosen positions only; unknown positions refused', async () => {
    await a.call('POST /api/wk/delete');
    const all = await a.call('POST /api/orders/:auftrag/reorder', { params: { auftrag: first.auftrag }, body: {} });
    expect(all.status).toBe(200);
    expect(all.body.result.count + all.body.result.skipped.length).toBe(first.positionen);
    expect(all.body.result.wkcounter).toBe((await a.call('GET /api/wk/anz')).body.result);
    await a.call('POST /api/wk/delete');
    const added = all.body.result.added[0];
    if (added) {
      const one = await a.call('POST /api/orders/:auftrag/reorder', { params: { auftrag: first.auftrag }, body: { positions: [added.pos] } });
      expect(one.body.result.added).toEqual([added]);
    }
    const bad = await a.call('POST /api/orders/:auftrag/reorder', { params: { auftrag: first.auftrag }, body: { positions: [999] } });
    expect([bad.status, bad.body.error]).toEqual([400, 'invalid_position']);
    expect((await a.call('POST /api/orders/:auftrag/reorder', { params: { auftrag: first.auftrag }, body: { positions: [-1] } })).body.error).toBe('invalid_position');
    await a.call('POST /api/wk/delete');
  });

  it('one line with the quantity chosen in the order history (the island sent { lines } the server dropped: the whole order came back)', async () => {
    await a.call('POST /api/wk/delete');
    const all = await a.call('POST /api/orders/:auftrag/reorder', { params: { auftrag: first.auftrag }, body: {} });
    const line = all.body.result.added[0];
    await a.call('POST /api/wk/delete');
    if (!line) return;
    const one = await a.call('POST /api/orders/:auftrag/reorder', { params: { auftrag: first.auftrag }, body: { lines: [{ pos: line.pos, menge: 7 }] } });
    expect(one.status).toBe(200);
    expect(one.body.result.added).toEqual([{ pos: line.pos, artnr: line.artnr, menge: 7 }]);
    expect((await a.call('GET /api/wk/anz')).body.result).toBe(1);
    const bad = await a.call('POST /api/orders/:auftrag/reorder', { params: { auftrag: first.auftrag }, body: { lines: [{ pos: 999, menge: 1 }] } });
    expect([bad.status, bad.body.error]).toEqual([400, 'invalid_position']);
    await a.call('POST /api/wk/delete');
  });
});

describe('statistics', () => {
  it('per month and per week over the last 12 months', async () => {
    const r = await a.call('GET /api/statistics/orders');
    expect(r.status).toBe(200);
    const s = r.body.result;
    expect(s.group).toBe('month');
    expect(s.periods.length).toBeGreaterThan(6);
    expect(s.sum.count).toBe(s.periods.reduce((n: number, p: any) => n + p.count, 0));
    expect(s.notice).toBeNull();
    const w = (await a.call('GET /api/statistics/orders', { query: { group: 'week' } })).body.result;
    expect(w.periods[0]!.period).toMatch(/^\d{4}-W\d{2}$/);
  });

  it('an empty range answers the statistics_no_data notice; bad input 400', async () => {
    const r = await a.call('GET /api/statistics/orders', { query: { from: '1990-1-1', to: '1990-12-31' } });
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ notice: 'statistics_no_data', message: 'Im gewählten Zeitraum konnten keine Daten ermittelt werden' });
    expect((await a.call('GET /api/statistics/orders', { query: { group: 'year' } })).body.error).toBe('invalid_input');
    expect((await a.call('GET /api/statistics/orders', { query: { from: 'x' } })).body.error).toBe('invalid_date');
    expect((await a.call('GET /api/statistics/orders', { query: { from: '2000-1-1', to: '2025-1-1' } })).body.error).toBe('invalid_date');
  });
});
