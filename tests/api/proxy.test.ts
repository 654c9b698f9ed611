// X-Forwarded-For counts only with TRUST_PROXY (config.trustProxy): without it a client cannot pick
// its own address to dodge the per-address login brake; behind a trusted proxy every address has its own.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../server/config.ts';
import { LOGIN_MAX_FAILURES, resetAllThrottles } from '../../server/lib/login-throttle.ts';
import { DEMO_PASSWORD, LAB_B, setupApi, type Client, type TestEnv } from './harness.ts';

let env: TestEnv;
let c: Client;
const saved = { base: config.loginDelayBaseMs, trust: config.trustProxy };

const login = (user: string, password: string, xff?: string) =>
  c.req('POST', '/api/login', { Firma: 1, Benutzername: user, Kennwort: password, kw: '' }, xff ? { 'x-forwarded-for': xff } : {});
/** LOGIN_MAX_FAILURES failed logins for different accounts, each with the given header value (or its function). */
async function failMany(xff: (i: number) => string) {
  for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect((await login(String(200000 + i), 'wrong-pass', xff(i))).status).toBe(401);
}
async function loggedIp(xff: string): Promise<string> {
  const r = await c.req('POST', '/api/logs', { firma: 1, page: '/x', error: 'probe' }, { 'x-forwarded-for': xff });
  expect(r.status).toBe(200);
  return (await env.db.selectFrom('client_logs').select('ip').where('id', '=', r.body.result.id).executeTakeFirstOrThrow()).ip;
}

beforeAll(async () => {
  env = await setupApi();
  c = env.client();
  config.loginDelayBaseMs = 0;
});
afterEach(async () => { config.trustProxy = saved.trust; await resetAllThrottles(env.db); });
afterAll(async () => {
  config.loginDelayBaseMs = saved.base;
  await env.close();
});

describe('TRUST_PROXY unset (default)', () => {
  it('ignores X-Forwarded-For: the socket address is the caller', async () => {
    config.trustProxy = 0;
    expect(await loggedIp('203.0.113.7')).toBe('127.0.0.1');
  });

  it('failures with changing X-Forwarded-For all count for one address: the brake holds', async () => {
    config.trustProxy = 0;
    await failMany((i) => `198.51.100.${i + 1}`);
    const r = await login(String(LAB_B), DEMO_PASSWORD, '192.0.2.200');
    expect([r.status, r.body.error]).toEqual([429, 'too_many_requests']);
  });
});

describe('TRUST_PROXY=1', () => {
  it('takes the address the proxy appended (the rightmost entry)', async () => {
    config.trustProxy = 1;
    expect(await loggedIp('203.0.113.7')).toBe('203.0.113.7');
    expect(await loggedIp('10.9.9.9, 203.0.113.8')).toBe('203.0.113.8');
  });

  it('throttles per forwarded address; another address is not affected', async () => {
    config.trustProxy = 1;
    await failMany(() => '203.0.113.9');
    const same = await login(String(LAB_B), DEMO_PASSWORD, '203.0.113.9');
    expect([same.status, same.body.error]).toEqual([429, 'too_many_requests']);
    // a client prepending its own entry is still seen at the proxy's address
    expect((await login(String(LAB_B), DEMO_PASSWORD, '192.0.2.1, 203.0.113.9')).status).toBe(429);
    expect((await login(String(LAB_B), DEMO_PASSWORD, '203.0.113.10')).status).toBe(200);
  });
});
