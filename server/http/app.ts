// Builds the Hono application from the route declarations of every module.
import type http from 'node:http';
import { Hono, type Context } from 'hono';
import { config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { readJson, releaseBody } from './body.ts';
import { refuseCrossSite } from './csrf.ts';
import { ApiError } from './errors.ts';
import { buildOpenApi } from './openapi.ts';
import { mountProductImages } from './product-images.ts';
import { parseWith, type AnyRoute } from './route.ts';
import { API_CSP, apiDefaultHeaders, commonHeaders } from './security-headers.ts';
import { loadSession } from './session.ts';
import { allRoutes } from '../modules/index.ts';
import { ACCESS_PREFIXES, PAGE_COUNTRY_HEADER, PAGE_LANGUAGE_HEADER } from '#api/contract.ts';
import { checkAnswer } from './answer-check.ts';
import { serverT } from '#i18n/server.ts';

/**
 * The caller's address. X-Forwarded-For counts only behind trusted proxies (TRUST_PROXY=n): each proxy
 * appends the address it saw, so the n-th entry from the right is the client; entries further left
 * are whatever the client sent and cannot be trusted. Without TRUST_PROXY the header is ignored.
 */
export function clientIp(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  const socket = env?.incoming?.socket?.remoteAddress ?? '127.0.0.1';
  if (config.trustProxy > 0) {
    const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    if (hops.length) return hops[Math.max(0, hops.length - config.trustProxy)]!.slice(0, 64);
  }
  return socket;
}

/**
 * The language of a request's texts: the route's language segment, else ?lang=, else the language of the
 * page the call comes from (PAGE_LANGUAGE_HEADER), else the session's, else German. handle() stores what
 * it resolved (c.set), so an error thrown by the handler speaks the same.
 */
function requestLanguage(c: Context, sessionLanguage?: string | null): string {
  const stored = c.get('lang') as string | undefined;
  if (stored) return stored;
  const fromPage = pageHeader(c, PAGE_LANGUAGE_HEADER);
  return (c.req.param('language') ?? c.req.param('lang') ?? c.req.query('lang') ?? fromPage ?? sessionLanguage ?? 'de').toLowerCase();
}

/** A page header's two-letter code (language or country); anything else counts as not sent. */
function pageHeader(c: Context, name: string): string | undefined {
  const v = c.req.header(name);
  return v && /^[a-zA-Z]{2}$/.test(v) ? v : undefined;
}

/**
 * The country of a request's prices and currency: the route's country segment, else ?country=, else the
 * country of the page the call comes from (PAGE_COUNTRY_HEADER), else the session's, else Germany.
 */
function requestCountry(c: Context, params: Record<string, unknown>, sessionCountry?: string | null): string {
  return String(params.country ?? c.req.query('country') ?? pageHeader(c, PAGE_COUNTRY_HEADER) ?? sessionCountry ?? 'de').toLowerCase();
}

/** i18next reads these names as options (language, plural, context), never as a text's placeholder. */
const T_OPTIONS = new Set(['lng', 'lngs', 'ns', 'context', 'count', 'ordinal', 'defaultValue', 'replace', 'returnObjects', 'keyPrefix', 'fallbackLng', 'postProcess', 'interpolation']);

/** An error's answer: its key, extra, and the key's text in the request's language ({{field}}, {{max}} … from extra). */
function errorBody(e: ApiError, lang: string) {
  const params = Object.fromEntries(Object.entries(e.extra)
    .filter(([k, v]) => (typeof v === 'string' || typeof v === 'number') && !T_OPTIONS.has(k))) as Record<string, string | number>;
  return { error: e.key, ...e.extra, message: serverT(lang)(e.key, params) };
}

function handle(route: AnyRoute, db: Db) {
  return async (c: Context) => {
    refuseCrossSite(c, route.stateChangingGet);
    const needsLogin = route.access === 'customer' || route.access === 'logbook';
    const session = await loadSession(db, c);
    const lang = requestLanguage(c, session?.language);
    c.set('lang', lang);
    if (needsLogin && !session) throw new ApiError(401, 'unauthorized');
    const params = parseWith(route.params, c.req.param());
    const query = parseWith(route.query, c.req.query());
    const body = route.body && !route.rawBody ? parseWith(route.body, await readJson(c)) : undefined;
    const country = requestCountry(c, (params ?? {}) as Record<string, unknown>, session?.country);
    try {
      const result = await route.handler({ params, query, body, session, db, c, ip: clientIp(c), lang, country } as never);
      if (route.rawResponse || result instanceof Response) return result as Response;
      if (config.checkAnswers) checkAnswer(route, result);
      return c.json({ result: result === undefined ? null : result });
    } finally {
      releaseBody(c); // uploads read by the handler no longer count against the memory budget
    }
  };
}

export function createApi(db: Db, routes: AnyRoute[] = allRoutes, imageDir = config.imageDir): Hono {
  const app = new Hono();
  // security headers on every answer; JSON without its own caching rule is never stored (customer data)
  app.use('*', async (c, next) => {
    const outgoing = (c.env as { outgoing?: http.ServerResponse } | undefined)?.outgoing;
    if (outgoing) {
      // served by Node: set on the Node response, where the answer's own headers (written by writeHead)
      // take precedence. Touching c.res.headers instead would turn the server adapter's plain-object
      // answer into a WHATWG Headers object, which costs more CPU per request than the call itself.
      apiDefaultHeaders(outgoing);
      return next();
    }
    await next();
    for (const [k, v] of commonHeaders()) c.res.headers.set(k, v);
    if (!c.res.headers.has('content-security-policy')) c.res.headers.set('content-security-policy', API_CSP);
    if (!c.res.headers.has('cache-control')) c.res.headers.set('cache-control', 'no-store');
  });
  app.onError((err, c) => {
    if (err instanceof ApiError && typeof err.extra.retryAfter === 'number') c.header('retry-after', String(Math.ceil(err.extra.retryAfter)));
    if (err instanceof ApiError) return c.json(errorBody(err, requestLanguage(c)), err.status as 400);
    console.error('[api] unhandled', c.req.method, c.req.path, err);
    return c.json({ error: 'generic', message: serverT(requestLanguage(c))('generic') }, 500);
  });
  app.get('/api/openapi.json', (c) => c.json(buildOpenApi(routes.filter((r) => r.tag !== 'dev' || config.devTools))));
  for (const route of routes) {
    if (route.tag === 'dev' && !config.devTools) continue; // development helpers exist only with DEV_TOOLS=1
    for (const prefix of ACCESS_PREFIXES[route.access]) {
      app.on(route.method.toUpperCase(), prefix + route.path, handle(route, db));
    }
  }
  mountProductImages(app, db, imageDir);
  app.all('/api/*', (c) => c.json({ error: 'not_found', message: serverT(requestLanguage(c))('not_found') }, 404));
  return app;
}
