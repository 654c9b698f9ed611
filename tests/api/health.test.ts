import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestEnv } from './harness.ts';

let env: TestEnv;
beforeAll(async () => { env = await setupApi(); });
afterAll(async () => { await env.close(); });

describe('system calls', () => {
  it('GET /api/health reports the database and the article count', async () => {
    const r = await env.client().call('GET /api/health');
    expect(r.status).toBe(200);
    expect(r.body.result.db).toBe('ok');
    expect(typeof r.body.result.articles).toBe('number');
  });
  it('serves an OpenAPI document generated from the route schemas', async () => {
    const r = await env.client().get('/api/openapi.json');
    expect(r.status).toBe(200);
    expect(r.body.openapi).toBe('3.1.0');
    expect(r.body.paths['/api/health'].get.summary).toMatch(/database/);
  });
  it('answers unknown API paths with a 404 error key, not a 5xx', async () => {
    const r = await env.client().get('/api/does/not/exist');
    expect(r.status).toBe(404);
    expect(r.body.error).toBe('not_found');
  });
});
