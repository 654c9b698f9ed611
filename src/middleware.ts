// Astro middleware. In production the server applies the routing rules and resolves the session
// before Astro is reached (server/site.ts, which passes it in a header this middleware reads), and
// prerendered pages never run middleware at request time. `astro dev` has no such server in front, so here the same rules run for parity.
import { defineMiddleware } from 'astro:middleware';
import { SESSION_HEADER, decodeSessionHeader } from './lib/site/sessionHeader.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  if (!import.meta.env.DEV) {
    // production: server/site.ts resolved the session and handed it over in a header it controls
    if (!context.isPrerendered && context.locals.session === undefined) {
      context.locals.session = decodeSessionHeader(context.request.headers.get(SESSION_HEADER));
    }
    return next();
  }
  const { siteRedirect, parseCookies } = await import('../server/site-routes.ts');
  const cookies = parseCookies(context.request.headers.get('cookie'));
  const r = siteRedirect(new URL(context.request.url), context.request.headers, cookies);
  if (r) return new Response(null, { status: r.status, headers: { location: r.location } });
  if (cookies.sid && context.locals.session === undefined) {
    // dev: ask the API process (scripts/dev.ts) whether the session is valid
    try {
      const res = await fetch(`http://127.0.0.1:${process.env.API_PORT || 4322}/api/user/infos`, { headers: { cookie: `sid=${cookies.sid}` } });
      const body = res.ok ? ((await res.json()) as { result: { Kundennummer: number; Firma: number } }) : null;
      context.locals.session = body ? { kdnr: body.result.Kundennummer, firma: body.result.Firma } : null;
    } catch { context.locals.session = null; }
  }
  return next();
});
