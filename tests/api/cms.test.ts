// POST /api/cms/webhook: shared secret (401 otherwise), affected pages, rebuild hand-over.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../server/config.ts';
import { affectedRoutes } from '../../server/modules/cms.ts';
import { siteBuild } from '../../server/site.ts';
import { standInPublisher } from './publisher-stand-in.ts';
import { setupApi, type TestEnv } from './harness.ts';

let env: TestEnv;
beforeAll(async () => { env = await setupApi(); });
afterAll(async () => { siteBuild.publisher = null; await env.close(); });

const secret = { 'x-webhook-secret': config.cmsWebhookSecret };
const post = (body: unknown, headers: Record<string, string> = secret) => env.client().req('POST', '/api/cms/webhook', body, headers);

describe('cms webhook', () => {
  it('needs the shared secret: missing or wrong → 401', async () => {
    expect((await post({ model: 'faq' }, {})).status).toBe(401);
    const bad = await post({ model: 'faq' }, { 'x-webhook-secret': 'wrong' });
    expect(bad.status).toBe(401);
    expect(bad.body.error).toBe('unauthorized');
    expect((await post({ model: 'faq' }, { authorization: 'Bearer wrong' })).status).toBe(401);
  });

  it('accepts the secret as header or as Strapi bearer token; without a site it only clears the cache', async () => {
    const a = await post({ event: 'entry.update', model: 'faq', entry: { country: 'de', language: 'de' } });
    expect(a.status).toBe(200);
    expect(a.body.result).toEqual({ cleared: true, rebuild: 'unavailable', job: null, affected: ['/de/de/service'] });
    const b = await post({ model: 'faq' }, { authorization: `Bearer ${config.cmsWebhookSecret}` });
    expect(b.status).toBe(200);
  });

  it('rejects malformed JSON only after the secret check', async () => {
    expect((await post('{not json', {})).status).toBe(401);
    expect((await post('{not json')).status).toBe(400);
  });

  it('queues the affected pages as a publish job; the state call shows its result', async () => {
    const seen: string[][] = [];
    const p = standInPublisher(env.db, async (a) => { seen.push(a); });
    siteBuild.publisher = p.publisher;
    try {
      const r = await post({ model: 'videos', entry: { country: '*', language: 'fr' } });
      expect(r.body.result).toMatchObject({ rebuild: 'queued', affected: ['/*/fr/videos', '/*/fr/video/*'] });
      expect(typeof r.body.result.job).toBe('number');
      await p.idle();
      expect(seen).toEqual([['/*/fr/videos', '/*/fr/video/*']]);
      const state = await env.client().call('GET /api/cms/rebuild', { headers: secret });
      expect(state.body.result).toMatchObject({ available: true, running: false, last: { id: r.body.result.job, status: 'done', affected: ['/*/fr/videos', '/*/fr/video/*'] } });
      expect((await env.client().call('GET /api/cms/rebuild')).status).toBe(401);
    } finally { siteBuild.publisher = null; await p.close(); }
  });
});

describe('affected routes', () => {
  it('layout content affects every page of its country and language', () => {
    expect(affectedRoutes({ model: 'ls-page-metadatas', entry: { country: 'ch', language: 'fr' } })).toEqual(['/ch/fr/*']);
  });
  it('a hero banner affects its page; brand-only entries the countries of that brand', () => {
    expect(affectedRoutes({ model: 'banners', entry: { kind: 'hero', route: 'home', country: 'de', language: 'de' } })).toEqual(['/de/de/']);
    const ls = affectedRoutes({ model: 'api::legal.legal', entry: { country: '*', language: 'en', firma: 3 } });
    expect(ls).toEqual(['dk', 'se', 'no', 'fi'].flatMap((c) => [`/${c}/en/legal/*`, `/${c}/en/impressum`]));
  });
  it('an unknown model rebuilds everything', () => {
    expect(affectedRoutes({ model: 'unknown' })).toEqual(['/*/*/*']);
  });
});
