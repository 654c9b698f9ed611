// Production server: the shop API (Hono) and the built Astro site on one port.
import http from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { pathToFileURL } from 'node:url';
import { config } from './config.ts';
import { bootDatabase } from './boot.ts';
import { warmSearch } from './search/index.ts';
import { createApi } from './http/app.ts';
import { withCompression } from './http/compress.ts';
import { PRODUCT_IMAGE_PREFIXES } from './http/product-images.ts';
import { SiteHost, siteBuild, type SessionLookup } from './site.ts';
import { startPublisher } from './publish/job.ts';
import { sessionByToken } from './http/session.ts';
import { withPageHeaders } from './page-headers.ts';
import type { Db } from './db/index.ts';
import { listenOnPostgres } from './lib/bus.ts';
import { startDraining } from './lib/lifecycle.ts';
import { startJobs } from './jobs/index.ts';
import { collectStartGarbage, tuneHeap } from './lib/heap.ts';

/** How long a stopping instance waits for requests in flight before it ends anyway. */
const DRAIN_TIMEOUT_MS = 10_000;

/**
 * Session check of the site: the API's own session lookup (cached briefly and forgotten at logout and
 * password reset, so a page never renders for a session the API already refuses).
 */
export function sessionLookup(db: Db): SessionLookup {
  return async (sid) => {
    const s = await sessionByToken(db, sid);
    return s ? { kdnr: s.kdnr, firma: s.firma, subUserId: s.subUserId } : null;
  };
}

/** Security-relevant settings worth a line in the start log. */
export function startupNotes(): string[] {
  const notes: string[] = [];
  if (config.devTools) notes.push('[shop] DEV_TOOLS=1: development helpers (/api/dev/*) are on — never in production');
  if (!config.cmsWebhookSecret) notes.push('[shop] CMS_WEBHOOK_SECRET not set: the CMS webhook is off (503)');
  return notes;
}

export async function startServer(opts: { port?: number; host?: string; apiOnly?: boolean } = {}) {
  tuneHeap();
  const db = await bootDatabase();
  // on PostgreSQL the instances may run on several hosts: cache invalidations travel through the database
  const stopListening = config.databaseUrl ? await listenOnPostgres(config.databaseUrl) : async () => {};
  const stopJobs = startJobs(db);
  // the search index is built in the background: the first searches wait for it, not the start
  void warmSearch(db).then((line) => { collectStartGarbage(); console.log(`[shop] ${line}`); }, (e) => console.error('[search] index', e));
  const app = createApi(db);
  const api = getRequestListener(app.fetch);
  // the site's server renderer loads React: its production build, not the development one with its
  // extra checks (about three times slower per page). Development tools follow config.devTools.
  process.env.NODE_ENV ??= 'production';
  const site = new SiteHost({
    dir: config.siteDir, shopDomain: config.shopDomain, session: sessionLookup(db), guestPageCacheMs: config.guestPageCacheSeconds * 1000,
    articleCategory: async (artnr) => {
      const a = await db.selectFrom('articles').select(['pg', 'kat_id']).where('artnr', '=', artnr).executeTakeFirst();
      return a ? { pg: Number(a.pg), katId: Number(a.kat_id) } : null;
    },
  });
  if (!opts.apiOnly && (await site.load())) {
    siteBuild.publisher = startPublisher({ db, host: site, baseDir: config.siteDir, store: config.siteStore });
    await siteBuild.publisher.follow();
  }
  const server = http.createServer(withCompression((req, res) => {
    const url = req.url ?? '/';
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) return void api(req, res);
    if (PRODUCT_IMAGE_PREFIXES.some((p) => url.startsWith(p))) return void api(req, res);
    withPageHeaders(req, res);
    void site.handle(req, res).catch((e) => {
      console.error('[site]', req.url, e);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Internal server error');
    });
  }));
  server.keepAliveTimeout = 65_000;
  const port = opts.port ?? config.port;
  const host = opts.host ?? config.host;
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  for (const line of startupNotes()) console.log(line);
  console.log(`[shop] listening on http://${host === '127.0.0.1' ? 'localhost' : host}:${port}${site.loaded ? '' : ' (API only)'}`);
  // SIGTERM: /api/health answers 503 at once; after DRAIN_DELAY_MS (time for a load balancer's health
  // check to notice) the port closes, requests in flight finish, idle connections close
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    startDraining();
    console.log(`[shop] draining: /api/health answers 503; the port closes in ${config.drainDelayMs} ms`);
    setTimeout(() => {
      setTimeout(() => process.exit(0), DRAIN_TIMEOUT_MS).unref();
      server.close(() => void stopJobs().then(() => siteBuild.publisher?.stop()).then(stopListening).then(() => db.destroy()).finally(() => process.exit(0)));
      server.closeIdleConnections();
    }, config.drainDelayMs);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return { server, db };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await startServer({ apiOnly: process.argv.includes('--api-only') });
}
