// Sitemap index: one sitemap per country (sitemap-{country}.xml).
import type { APIRoute } from 'astro';
import { SITE_COUNTRIES } from '../data/countries.ts';
import { siteOrigin } from '../lib/site/page.ts';
import { COMPANY_DEFAULT } from '../lib/rules/constants.ts';

export const GET: APIRoute = () => {
  const origin = siteOrigin(COMPANY_DEFAULT);
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${
    SITE_COUNTRIES.map((c) => `<sitemap><loc>${origin}/sitemap-${c.code}.xml</loc></sitemap>`).join('\n')}\n</sitemapindex>\n`;
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
