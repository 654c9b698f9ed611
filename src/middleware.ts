// Astro middleware. In production the server applies the routing rules and resolves the session
// before Astro is reached (server/site.ts), and prerendered pages never run middleware at request
// time; on-demand pages get the session through an AsyncLocalStorage the server fills. `astro dev`
// has no such server in front, so there the same rules run here for parity.
import { defineMiddleware } from 'astro:middleware';
import type { ResultOf } from './api/contract.ts';
import type * as user from './api/user.ts';

/** server/site.ts runs each on-demand render inside this store with the resolved session. */
const SITE_SESSION_KEY = Symbol.for('dentalshop.siteSession');
type SessionStore = { getStore(): { session: App.Locals['session'] } | undefined };

export const onRequest = defineMiddleware(async (context, next) => {
  if (!import.meta.env.DEV) {
    const store = (globalThis as Record<symbol, unknown>)[SITE_SESSION_KEY] as SessionStore | undefined;
    const current = store?.getStore();
    if (current && context.locals.session === undefined) context.locals.session = current.session ?? null;
    return next();
  }
  const { siteRedirect, parseCookies } = await import('#server/site-routes.ts');
  const cookies = parseCookies(context.request.headers.get('cookie'));
  const r = siteRedirect(new URL(context.request.url), context.request.headers, cookies);
  if (r) return new Response(null, { status: r.status, headers: { location: r.location } });
  if (cookies.sid && context.locals.session === undefined) {
    // dev: ask the API process (scripts/dev.ts) whether the session is valid
    try {
      const res = await fetch(`http://127.0.0.1:${process.env.API_PORT || 4322}/api/user/infos`, { headers: { cookie: `sid=${cookies.sid}` } });
      const body = res.ok ? ((await res.json()) as { result: Pick<ResultOf<typeof user.infos>, 'Kundennummer' | 'Firma' | 'activeUser'> }) : null;
      context.locals.session = body ? { kdnr: body.result.Kundennummer, firma: body.result.Firma, subUserId: body.result.activeUser?.id ?? null } : null;
    } catch { context.locals.session = null; }
  }
  return next();
});
