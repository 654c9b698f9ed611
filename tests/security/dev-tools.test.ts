// Issue 9, item 1 (account takeover through the dev outbox): a server started as the README says
// (`npm start`, no DEV_TOOLS) answers 404 on every development route, so a password-reset link can
// no longer be read from the outbox. Item 3 on the same start: no webhook secret → webhook off, logged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../server/modules/index.ts';
import { startRealServer, type RealServer } from './real-server.ts';

let srv: RealServer;
beforeAll(async () => { srv = await startRealServer({ CMS_WEBHOOK_SECRET: undefined }); }, 90_000);
afterAll(async () => { await srv?.stop(); });

const devRoutes = allRoutes.filter((r) => r.tag === 'dev');

describe('production start (npm start, no DEV_TOOLS)', () => {
  it('has development routes to check at all', () => {
    expect(devRoutes.map((r) => r.path)).toContain('/dev/outbox');
  });

  it('answers 404 on every development route, also after a reset request for a real customer', async () => {
    const forgot = await fetch(`${srv.url}/api/password/forgot`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: '123456' }),
    });
    expect(forgot.status).toBe(200);
    for (const r of devRoutes) {
      for (const prefix of ['/api', '/api/guest']) {
        const url = `${srv.url}${prefix}${r.path.replace(/:[A-Za-z_]+/g, '1')}?to=labor%40example.com&limit=5`;
        const res = await fetch(url, { method: r.method.toUpperCase() });
        expect([url, res.status]).toEqual([url, 404]);
        expect((await res.json()).error).toBe('not_found');
      }
    }
    const doc = await (await fetch(`${srv.url}/api/openapi.json`)).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => p.includes('/dev/'))).toEqual([]);
  });

  it('item 3: without CMS_WEBHOOK_SECRET the webhook is off (503), also for the old default secret, and the log says so', async () => {
    expect(srv.log()).toContain('CMS_WEBHOOK_SECRET not set');
    for (const headers of [{}, { 'x-webhook-secret': 'dev-webhook-secret' }, { authorization: 'Bearer dev-webhook-secret' }] as Record<string, string>[]) {
      const res = await fetch(`${srv.url}/api/cms/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{"model":"faq"}' });
      expect(res.status).toBe(503);
      expect((await res.json()).error).toBe('webhook_disabled');
    }
    expect((await fetch(`${srv.url}/api/cms/rebuild`, { headers: { 'x-webhook-secret': 'dev-webhook-secret' } })).status).toBe(503);
  });
});
