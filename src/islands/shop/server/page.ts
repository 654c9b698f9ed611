// Shared setup of the shop's on-demand pages: locale from the route and host, page context, session.
import type { AstroGlobal } from 'astro';
import { pageContext, type PageContext, type PageOptions } from '#lib/site/page.ts';
import { requestLocale } from '#lib/site/request.ts';
import type { SiteLocale } from '#lib/site/locales.ts';

export interface ShopPage { loc: SiteLocale; ctx: PageContext; session: NonNullable<App.Locals['session']> | null; auth: 'guest' | 'customer' }

/** null → the page answers 404 (unknown country/language). Login-only pages are never cached. */
export async function shopPage(astro: AstroGlobal, rest: string, opts: PageOptions & { private?: boolean } = {}): Promise<ShopPage | null> {
  const session = astro.locals.session ?? null;
  const loc = requestLocale(astro.params as Record<string, string | undefined>, astro.request, session?.firma);
  if (!loc) return null;
  const ctx = await pageContext(loc, rest, opts);
  astro.response.headers.set('cache-control', opts.private === false ? 'public, max-age=60' : 'private, no-store');
  return { loc, ctx, session, auth: session ? 'customer' : 'guest' };
}
