import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../server/config.ts';
import { setServedDir } from '../../server/lib/lifecycle.ts';
import { setupApi, type TestEnv } from './harness.ts';

let env: TestEnv;
beforeAll(async () => { env = await setupApi(); });
afterAll(async () => { await env.close(); });

describe('system calls', () => {
  it('GET /api/health reports the database, the article count, the build served and the process', async () => {
    // a build directory of its own: its .built stamp is what the instance reports
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-health-'));
    fs.writeFileSync(path.join(dir, '.built'), 'health-test-build\n');
    setServedDir(dir);
    try {
      const r = await env.client().call('GET /api/health');
      expect(r.status).toBe(200);
      expect(r.body.result.db).toBe('ok');
      expect(r.body.result.articles).toBeGreaterThan(0);
      expect(r.body.result.build).toBe('health-test-build');
      expect(r.body.result.pid).toBe(process.pid);
      fs.rmSync(path.join(dir, '.built'));
      expect((await env.client().call('GET /api/health')).body.result.build).toBeNull(); // no build: API only
    } finally {
      setServedDir(config.siteDir);
      fs.rmSync(dir, { recursive: true, force: true });
    }
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
