// CMS webhook: POST /api/cms/webhook with the shared secret (header x-webhook-secret or Strapi's
// Authorization: Bearer; compared as SHA-256 digests in constant time; no secret configured: 503). Clears
// the API's content cache, works out which pages the changed entry affects and queues a publish: one
// instance of the cluster renders those pages into a new site generation that every instance then
// serves (server/publish/job.ts). Webhooks queued while a publish runs go into the next one together.
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Context } from 'hono';
import { config } from '../config.ts';
import { readText } from '../http/body.ts';
import { ApiError } from '../http/errors.ts';
import { defineRoute, type AnyRoute } from '../http/route.ts';
import { invalidate } from '../lib/bus.ts';
import { TOPIC } from '../lib/cache-topics.ts';
import { siteBuild } from '../site.ts';
import { collectionOfModel, type CollectionName } from '#lib/content/collections.ts';
import { SITE_COUNTRIES } from '#data/countries.ts';
import * as calls from '#api/cms.ts';

const sha = (s: string) => createHash('sha256').update(s).digest();

/** Constant-time comparison: both sides as SHA-256 digests (equal length, so neither length nor prefix leaks). */
export const sameSecret = (given: string, expected: string): boolean => timingSafeEqual(sha(given), sha(expected));

/** Without a configured secret the webhook is off (503); the start log says so (server/main.ts). */
function checkSecret(c: Context): void {
  if (!config.cmsWebhookSecret) throw new ApiError(503, 'webhook_disabled');
  const given = c.req.header('x-webhook-secret') ?? c.req.header('authorization')?.replace(/^Bearer\s+/i, '') ?? '';
  if (!given || !sameSecret(given, config.cmsWebhookSecret)) throw new ApiError(401, 'unauthorized');
}

/** Pages (paths below /{country}/{language}/, * = any) a collection's entries are rendered on. */
const PAGES_OF: Record<CollectionName, string[]> = {
  // layout content: every page of the country/language
  pageMetadatas: ['*'], firmendaten: ['*'], telefon: ['*'], sidemenus: ['*'], services: ['*'], solutionsFeatures: ['*'],
  categoryBanners: ['*'], serviceChatwoots: ['service'],
  banners: ['*'],
  faq: ['service'], serviceNavMenus: ['service'], kundenservices: ['service'], mitarbeiter: ['service', 'company'],
  legal: ['legal/*', 'impressum'],
  videos: ['videos', 'video/*'],
  aktionen: ['aktionen', 'aktionen/artikel/*', 'aktionen/newsletter/*'],
};

export interface WebhookPayload { event?: string; model?: string; collection?: string; entry?: Record<string, unknown> }

/**
 * The pages a changed entry affects, as URL patterns: its collection's pages in the entry's
 * country ("*" = every country of its brand) and language ("*" = every language).
 */
export function affectedRoutes(p: WebhookPayload): string[] {
  const col = collectionOfModel(String(p.model ?? p.collection ?? ''));
  if (!col) return ['/*/*/*'];
  const e = p.entry ?? {};
  const firma = e.firma === undefined || e.firma === null ? null : Number(e.firma);
  const country = String(e.country ?? '*').toLowerCase();
  const lang = String(e.language ?? '*').toLowerCase();
  const countries = country === '*'
    ? (firma === null ? ['*'] : SITE_COUNTRIES.filter((c) => c.fi === firma).map((c) => c.code))
    : [country];
  let pages = PAGES_OF[col];
  if (col === 'banners' && e.kind === 'hero') pages = [e.route === 'home' ? '' : String(e.route ?? '*')];
  return countries.flatMap((c) => pages.map((pg) => `/${c}/${lang}/${pg}`));
}

const Payload = z.looseObject({
  event: z.string().optional(), model: z.string().optional(), collection: z.string().optional(),
  entry: z.record(z.string(), z.unknown()).optional(),
});

export const routes: AnyRoute[] = [
  defineRoute(calls.webhook, async ({ c }) => {
    checkSecret(c);
    const text = await readText(c);
    let json: unknown = {};
    try { json = text.trim() ? JSON.parse(text) : {}; } catch { throw new ApiError(400, 'invalid_json'); }
    const parsed = Payload.safeParse(json);
    if (!parsed.success) throw new ApiError(400, 'invalid_input');
    invalidate(TOPIC.content, '*'); // every instance forgets its cached CMS answers
    const affected = affectedRoutes(parsed.data);
    const publisher = siteBuild.publisher;
    const job = publisher ? await publisher.request(affected) : null;
    return { cleared: true as const, rebuild: job === null ? 'unavailable' as const : 'queued' as const, job, affected };
  }),
  defineRoute(calls.rebuildState, async ({ c }) => {
    checkSecret(c);
    const p = siteBuild.publisher;
    return { available: p !== null, ...(p ? await p.state() : { running: false, last: null }) };
  }),
];
