// The contract cannot lie: in the test run every 2xx answer is parsed with its call's answer schema, and
// the typed client builds the same URLs the islands use.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract, fillPath, queryString } from '../../src/api/contract.ts';
import { createApi } from '../../server/http/app.ts';
import { defineRoute } from '../../server/http/route.ts';
import { allRoutes } from '../../server/modules/index.ts';
import { Client, LAB_A, plainArticle, setupApi, type TestEnv } from './harness.ts';

let env: TestEnv;
beforeAll(async () => { env = await setupApi(); });
afterAll(async () => { await env.close(); });

const answer = contract({
  method: 'get', path: '/contract-probe/:n', access: 'public', tag: 'test', summary: 'probe',
  params: z.object({ n: z.string() }),
  response: z.object({ total: z.number(), lines: z.array(z.object({ artnr: z.string() })) }),
});

describe('answers are checked against their contract', () => {
  it('a handler whose answer does not fit its schema fails with 500 response_contract naming the field', async () => {
    const lying = defineRoute(answer, ({ params }) =>
      // the cast stands for a handler that drifted from its contract (a renamed or missing field)
      (params.n === 'ok' ? { total: 1, lines: [{ artnr: 'A1' }] } : { total: '1', lines: [{ nr: 'A1' }] }) as never);
    const c = new Client(createApi(env.db, [lying]));
    const ok = await c.get('/api/contract-probe/ok');
    expect(ok.status).toBe(200);
    expect(ok.body.result).toEqual({ total: 1, lines: [{ artnr: 'A1' }] });
    const bad = await c.get('/api/contract-probe/drifted');
    expect(bad.status).toBe(500);
    expect(bad.body.error).toBe('response_contract');
    expect(bad.body.issues.map((i: { path: string }) => i.path)).toEqual(expect.arrayContaining(['total', 'lines.0.artnr']));
  });

  it('the check is on in this run (vitest sets CHECK_ANSWERS=1)', () => {
    expect(process.env.CHECK_ANSWERS).toBe('1');
  });

  it('every call that answers JSON declares its answer schema', () => {
    // the calls still without one are listed in the report; the list may only shrink
    const undeclared = allRoutes.filter((r) => !r.rawResponse && !r.response).map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect(undeclared.length).toBeLessThanOrEqual(UNDECLARED_MAX);
  });
});

// calls without an answer schema when the contracts were introduced; moved onto contracts feature by feature
const UNDECLARED_MAX = 0;

describe('the typed client', () => {
  it('fills path parameters URL-encoded and refuses a missing one', () => {
    expect(fillPath('/wk/:artnr/add/:qty', { artnr: 'A 1/2', qty: 3 })).toBe('/wk/A%201%2F2/add/3');
    expect(() => fillPath('/wk/:artnr', {})).toThrow(/artnr/);
    expect(queryString({ q: 'Bohrer fein', page: 2, none: undefined, nil: null })).toBe('?q=Bohrer+fein&page=2');
    expect(queryString({})).toBe('');
  });

  it('a contract call through the test client reaches the route and gets the typed answer', async () => {
    const c = env.client();
    expect((await c.login(LAB_A)).status).toBe(200);
    const { artnr } = await plainArticle(env.db);
    await c.call('POST /api/wk/delete');
    const r = await c.call('POST /api/wk/:artnr/add/:qty', { params: { artnr, qty: 2 } });
    expect(r.status).toBe(200);
    expect(r.body.result.line.Menge).toBe(2);
    expect((await c.call('GET /api/wk/anz')).body.result).toBe(1);
    const lines = await c.call('GET /api/wkJSON/:language', { params: { language: 'D' } });
    expect(lines.body.result.map((l) => [l.Artikelnummer, l.Menge])).toEqual([[artnr, 2]]);
  });
});
