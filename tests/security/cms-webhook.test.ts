// Issue 9, item 3 (CMS webhook with a known secret): the secret is compared in constant time (digests of
// equal length, so no length leak and no exception on a short guess), and a flood of webhooks during a
// build queues at most one further rebuild. Off without a secret: dev-tools.test.ts (real `npm start`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../server/config.ts';
import { sameSecret } from '../../server/modules/cms.ts';
import { Rebuilder, siteBuild, type SiteHost } from '../../server/site.ts';
import { setupApi, type TestEnv } from '../api/harness.ts';

let env: TestEnv;
beforeAll(async () => { env = await setupApi(); });
afterAll(async () => { siteBuild.rebuilder = null; await env.close(); });

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

  it('fifty webhooks during a build: one build now, at most one queued', async () => {
    let builds = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const host = { swap: async () => {} } as unknown as SiteHost;
    siteBuild.rebuilder = new Rebuilder({ root: '/nonexistent-secplat', host, log: () => {}, build: async () => { builds++; if (builds === 1) await gate; return { rendered: 0, reused: 0 }; } });
    const states: string[] = [];
    for (let i = 0; i < 50; i++) states.push((await hook(config.cmsWebhookSecret)).body.result.rebuild);
    expect(states[0]).toBe('started');
    expect(states[1]).toBe('queued');
    expect(new Set(states.slice(2))).toEqual(new Set(['coalesced']));
    release();
    await siteBuild.rebuilder.idle();
    expect(builds).toBe(2);
  });
});
