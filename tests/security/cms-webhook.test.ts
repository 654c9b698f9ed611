// Issue 9, item 3 (CMS webhook with a known secret): the secret is compared in constant time (digests of
// equal length, so no length leak and no exception on a short guess), and a flood of webhooks during a
// publish queues its rows for one further publish (all of them together), never a publish per webhook. Off without a secret: dev-tools.test.ts (real `npm start`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../server/config.ts';
import { sameSecret } from '../../server/modules/cms.ts';
import { siteBuild } from '../../server/site.ts';
import { setupApi, type TestEnv } from '../api/harness.ts';
import { standInPublisher } from '../api/publisher-stand-in.ts';

let env: TestEnv;
beforeAll(async () => { env = await setupApi(); });
afterAll(async () => { await siteBuild.publisher?.stop(); siteBuild.publisher = null; await env.close(); });

const hook = (secret: string) => env.client().req('POST', '/api/cms/webhook', { model: 'faq' }, { 'x-webhook-secret': secret });

describe('cms webhook', () => {
  it('compares digests of equal length: any guessed length is a plain 401, only the secret passes', async () => {
    const secret = config.cmsWebhookSecret;
    for (const guess of ['x', secret.slice(0, -1), `${secret}x`, 'y'.repeat(5000)]) {
      expect(sameSecret(guess, secret)).toBe(false);
      expect((await hook(guess)).status).toBe(401); // timingSafeEqual on raw strings would throw (500) here
    }
    expect(sameSecret(secret, secret)).toBe(true);
    expect((await hook(secret)).status).toBe(200);
  });

  it('without a configured secret it answers 503, never comparing with a default', async () => {
    const saved = config.cmsWebhookSecret;
    config.cmsWebhookSecret = '';
    try {
      for (const guess of ['', 'dev-webhook-secret']) expect((await hook(guess)).status).toBe(503);
    } finally { config.cmsWebhookSecret = saved; }
  });

  it('fifty webhooks during a publish: that one, then exactly one more with the other 49 together', async () => {
    const builds: string[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const p = standInPublisher(env.db, async (affected) => { builds.push(affected); if (builds.length === 1) await gate; });
    siteBuild.publisher = p.publisher;
    expect((await hook(config.cmsWebhookSecret)).body.result.rebuild).toBe('queued');
    while (builds.length === 0) await new Promise((r) => setTimeout(r, 10));
    const jobs = new Set<number>();
    for (let i = 0; i < 49; i++) jobs.add((await env.client().req('POST', '/api/cms/webhook', { model: 'faq', entry: { country: 'de', language: String(i) } }, { 'x-webhook-secret': config.cmsWebhookSecret })).body.result.job);
    expect(jobs.size).toBe(49);
    release();
    await p.idle();
    expect(builds).toHaveLength(2);
    expect(builds[1]).toHaveLength(49);
    const rows = await env.db.selectFrom('cms_publish').select(['status', 'generation']).execute();
    expect(rows.every((r) => r.status === 'done')).toBe(true);
    expect(new Set(rows.map((r) => r.generation)).size).toBe(2);
    await p.close();
  });
});
