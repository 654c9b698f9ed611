// The built site behind the API: routing rules (site-routes.ts), the session hint for static pages,
// prerendered 404 pages with status 404, and the atomic switch to another site generation (CMS publish,
// server/publish/).
import http from 'node:http';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { AsyncLocalStorage } from 'node:async_hooks';
import { oldLinkArticle, parseCookies, siteRedirect, type RedirectFacts } from './site-routes.ts';
import { findCountry } from '#data/countries.ts';
import { firmaFor, isMainHost, variantSegment } from '#lib/site/locales.ts';
import { isOnDemandRoute, splitLocalePath } from '#lib/site/routes.ts';
import { COMPANY_DEFAULT, COMPANY_LS } from '#rules/constants.ts';
import { GuestPageCache } from './page-cache.ts';
import { config } from './config.ts';
import { StaticFiles } from './static-files.ts';
import { setServedDir } from './lib/lifecycle.ts';
import { OVERLAY_DIR, readOverlayIndex } from './publish/generation.ts';
import type { Publisher } from './publish/job.ts';
import { resolveServerImports } from './lib/build-imports.ts';

/** Node flags of a site build: a larger young generation cuts the garbage collection of ~14,000 page renders. */
export const BUILD_NODE_OPTIONS = '--disable-warning=ExperimentalWarning --max-semi-space-size=64';

export type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse, next?: () => void, locals?: object) => void;
/** subUserId: the sub-user logged in (its rights decide what a page offers), null for the main user */
export interface SiteSession { kdnr: number; firma: number; subUserId: number | null }
/** Resolves the `sid` cookie to the logged-in customer (null = no valid session). */
export type SessionLookup = (sid: string) => Promise<SiteSession | null>;

/**
 * The session of the request being rendered, for the on-demand pages (src/middleware.ts copies it into
 * Astro.locals.session). The node adapter's standalone handler drops the locals argument, and a
 * request header could be forged; an AsyncLocalStorage shared through globalThis can be neither.
 */
export const SITE_SESSION_KEY = Symbol.for('dentalshop.siteSession');
const sessionStore: AsyncLocalStorage<{ session: SiteSession | null }> =
  ((globalThis as Record<symbol, unknown>)[SITE_SESSION_KEY] as AsyncLocalStorage<{ session: SiteSession | null }> | undefined)
  ?? new AsyncLocalStorage<{ session: SiteSession | null }>();
(globalThis as Record<symbol, unknown>)[SITE_SESSION_KEY] = sessionStore;

/** Non-HttpOnly hint for static pages: "a customer of company n is logged in" (no secret in it). */
export const AUTH_HINT_COOKIE = 'shop_auth';

export interface LoadedSite {
  dir: string;
  handler: NodeHandler;
  /** URL paths of the static files (/de/de/service/index.html, /de/de/service/, /de/de/service) */
  files: Set<string>;
  /** the file on disk of a URL path (a generation's overlay, else its base build's client directory) */
  locate: (file: string) => string;
  /** prerendered 404 pages read once: URL path → html */
  notFound: Map<string, Buffer>;
  /** the text files with their precompressed variants */
  statics: StaticFiles;
}

let generation = 0;

/** Adds a file's URL path (and, for an index.html, its directory's two forms) to a file set. */
function addFile(out: Set<string>, file: string): void {
  out.add(file);
  if (file.endsWith('/index.html')) {
    const dir = file.slice(0, -'index.html'.length);
    out.add(dir);
    if (dir !== '/') out.add(dir.slice(0, -1));
  }
}

function removeFile(out: Set<string>, file: string): void {
  out.delete(file);
  if (file.endsWith('/index.html')) {
    const dir = file.slice(0, -'index.html'.length);
    out.delete(dir);
    out.delete(dir.slice(0, -1));
  }
}

/** URL paths of every file below a directory. */
export async function listFiles(clientDir: string): Promise<Set<string>> {
  const out = new Set<string>();
  async function walk(dir: string, prefix: string): Promise<void> {
    for (const e of await fsp.readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const rel = `${prefix}/${e.name}`;
      if (e.isDirectory()) await walk(path.join(dir, e.name), rel);
      else addFile(out, rel);
    }
  }
  await walk(clientDir, '');
  return out;
}

/** Imports a build's node handler (a fresh module URL per load). */
async function importHandler(dir: string): Promise<NodeHandler | null> {
  resolveServerImports();
  const entry = path.join(dir, 'server', 'entry.mjs');
  if (!fs.existsSync(entry)) return null;
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  return ((await import(`${pathToFileURL(entry).href}?v=${++generation}`)) as { handler: NodeHandler }).handler;
}

function loadedSite(dir: string, handler: NodeHandler, files: Set<string>, locate: (file: string) => string): LoadedSite {
  return { dir, handler, files, locate, notFound: new Map(), statics: new StaticFiles(locate, files) };
}

/** A complete build (client/ and server/). */
export async function loadBuild(dir: string): Promise<LoadedSite | null> {
  const handler = await importHandler(dir);
  if (!handler) return null;
  const client = path.join(dir, 'client');
  return loadedSite(dir, handler, await listFiles(client), (file) => path.join(client, file));
}

/**
 * A site generation of a CMS publish (server/publish/generation.ts) over its base build: its own server
 * bundle, its overlay of changed pages, and every other file from the base.
 */
export async function loadGeneration(dir: string, base: LoadedSite): Promise<LoadedSite | null> {
  const handler = await importHandler(dir);
  if (!handler) return null;
  const overlayDir = path.join(dir, OVERLAY_DIR);
  const overlay = await listFiles(overlayDir);
  const files = new Set(base.files);
  for (const f of (await readOverlayIndex(dir)).removed) removeFile(files, f);
  for (const f of overlay) files.add(f);
  return loadedSite(dir, handler, files, (file) => (overlay.has(file) ? path.join(overlayDir, file) : base.locate(file)));
}

export interface SiteHostOptions {
  /** the live build directory (dist) */
  dir: string;
  shopDomain: string;
  session: SessionLookup;
  /** product group and category of an article (old links index.php?id=22&artnr=…) */
  articleCategory?: (artnr: string) => Promise<{ pg: number; katId: number } | null>;
  /** how long a product page rendered for guests is served again (0: always render) */
  guestPageCacheMs?: number;
}

/** on-demand pages whose guest rendering is the same for every guest */
const GUEST_CACHEABLE = /^shop\/artikel\/[^/]+\/details(\/\d+)?\/?$/;

export class SiteHost {
  private site: LoadedSite | null = null;
  /** the complete build (opts.dir) generations are laid over */
  private base: LoadedSite | null = null;
  readonly opts: SiteHostOptions;

  private guestPages: GuestPageCache;

  constructor(opts: SiteHostOptions) { this.opts = opts; this.guestPages = new GuestPageCache(opts.guestPageCacheMs ?? 0); }

  get loaded(): boolean { return this.site !== null; }

  async load(): Promise<boolean> {
    this.site = this.base = await loadBuild(this.opts.dir);
    if (this.site) setServedDir(this.opts.dir);
    return this.site !== null;
  }

  /** The build directory (generation) this host serves. */
  get servedDir(): string | null { return this.site?.dir ?? null; }

  /** URL paths of the files of the site served now. */
  get files(): ReadonlySet<string> { return this.site?.files ?? new Set(); }

  /**
   * Serves the complete build in `dir` (a site generation) from the next request on: it is loaded
   * first, then put in place in one assignment. Each request reads `this.site` once, so it is answered
   * from one generation only, and the old generation's files stay until the publisher prunes them.
   */
  async serve(dir: string): Promise<void> {
    const next = !this.base ? null : dir === this.base.dir ? this.base : await loadGeneration(dir, this.base);
    if (!next) throw new Error(`${dir} holds no complete build`);
    this.site = next;
    this.guestPages.clear();
    setServedDir(dir);
  }

  /** The request handler of everything outside /api. */
  handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const site = this.site;
    if (!site) { res.writeHead(404, { 'content-type': 'text/plain' }).end('site not built: run npm run build'); return; }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const cookies = parseCookies(req.headers.cookie);
    const session = cookies.sid ? await this.opts.session(cookies.sid).catch(() => null) : null;
    if (!session) delete cookies.sid;
    const get = req.method === 'GET' || req.method === 'HEAD';

    if (get) {
      const facts: RedirectFacts = {};
      const artnr = oldLinkArticle(url);
      if (artnr && this.opts.articleCategory) facts.articleCategory = await this.opts.articleCategory(artnr).catch(() => null);
      const r = siteRedirect(url, req.headers as Record<string, string>, cookies, facts);
      if (r) {
        res.writeHead(r.status, { location: r.location, 'cache-control': 'no-store', vary: 'cookie, accept-language' }).end();
        return;
      }
    }
    this.authHint(res, cookies, session);

    let pathname = url.pathname;
    const loc = splitLocalePath(pathname);
    // internal main-variant builds are reachable only through the host rule below
    if (/^\/b\d+-/.test(pathname)) return this.notFound(site, req, res, null);
    if (loc && isMainHost(req.headers.host, this.opts.shopDomain) && findCountry(loc.country)?.fi === COMPANY_LS) {
      // an isLS customer sees its own brand wherever that brand has the page (nl and pl exist only in the main variant)
      const own = firmaFor(loc.country, true, session?.firma) === COMPANY_LS && site.files.has(pathname);
      const seg = variantSegment(loc.country, COMPANY_DEFAULT);
      const candidate = `/${seg}/${loc.lang}/${loc.rest ? `${loc.rest}/` : ''}`;
      if (!own && site.files.has(candidate)) { pathname = candidate; req.url = candidate + url.search; }
    }
    const text = get ? site.statics.resolve(pathname) ?? site.statics.resolve(decodeSafe(pathname)) : null;
    if (text) return site.statics.serve(text, req, res);
    if (site.files.has(pathname) || site.files.has(decodeSafe(pathname))) return site.handler(req, res);
    if ((loc && isOnDemandRoute(loc.rest)) || !get) {
      const render = () => sessionStore.run({ session }, () => site.handler(req, res));
      if (!session && get && loc && this.guestPages.enabled && GUEST_CACHEABLE.test(loc.rest)) {
        const key = `${req.headers.host ?? ''}${req.url ?? ''}`;
        if (this.guestPages.serve(key, req, res)) return;
        return this.guestPages.fill(key, res, render);
      }
      return render();
    }
    return this.notFound(site, req, res, loc);
  };

  private authHint(res: http.ServerResponse, cookies: Record<string, string>, session: SiteSession | null): void {
    const want = session ? String(session.firma) : '';
    if ((cookies[AUTH_HINT_COOKIE] ?? '') === want) return;
    const secure = config.secureCookies ? '; Secure' : '';
    res.setHeader('set-cookie', want
      ? `${AUTH_HINT_COOKIE}=${want}; Path=/; SameSite=Lax${secure}`
      : `${AUTH_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`);
  }

  /** The prerendered 404 page of the path's country/language (else the default one), status 404. */
  private async notFound(site: LoadedSite, req: http.IncomingMessage, res: http.ServerResponse, loc: ReturnType<typeof splitLocalePath>): Promise<void> {
    const candidates = [
      ...(loc ? [`/${variantSegment(loc.country, findCountry(loc.country)?.fi ?? COMPANY_DEFAULT)}/${loc.lang}/404/index.html`, `/${loc.country}/en/404/index.html`] : []),
      '/404.html',
    ];
    const file = candidates.find((c) => site.files.has(c));
    let body: Buffer | undefined = file ? site.notFound.get(file) : undefined;
    if (file && !body) {
      body = await fsp.readFile(site.locate(file));
      site.notFound.set(file, body);
    }
    res.writeHead(404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    res.end(req.method === 'HEAD' ? undefined : body ?? 'Not found');
  }
}

function decodeSafe(p: string): string {
  try { return decodeURI(p); } catch { return p; }
}

/** The CMS publisher of the running server (null in API-only mode and in API tests). */
export const siteBuild: { publisher: Publisher | null } = { publisher: null };
