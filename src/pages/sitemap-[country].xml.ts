// Sitemap of one country: every static page in every language, with hreflang alternates.
import type { APIRoute, GetStaticPaths } from 'astro';
import { SITE_COUNTRIES } from '../data/countries.ts';
import { allPagePaths } from '../lib/site/pages.ts';
import { siteOrigin } from '../lib/site/page.ts';
import { localePath } from '../lib/site/routes.ts';
import { digest } from '../lib/site/data.ts';

export const getStaticPaths = (async () => {
  const all = await allPagePaths();
  return SITE_COUNTRIES.map((c) => {
    const pages = all.filter((p) => p.loc.country === c.code);
    return { params: { country: c.code }, props: { pages }, cacheKey: digest(pages) };
  });
}) satisfies GetStaticPaths;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export const GET: APIRoute = ({ props }) => {
  const pages = props.pages as Awaited<ReturnType<typeof allPagePaths>>;
  const byRest = new Map<string, typeof pages>();
  for (const p of pages) byRest.set(p.rest, [...(byRest.get(p.rest) ?? []), p]);
  const urls = pages.map((p) => {
    const origin = siteOrigin(p.loc.firma);
    const alts = (byRest.get(p.rest) ?? []).map((a) =>
      `<xhtml:link rel="alternate" hreflang="${a.loc.lang}-${a.loc.country.toUpperCase()}" href="${esc(origin + localePath(a.loc.country, a.loc.lang, a.rest))}"/>`).join('');
    return `<url><loc>${esc(origin + localePath(p.loc.country, p.loc.lang, p.rest))}</loc>${alts}</url>`;
  });
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
