// robots.txt pointing at the sitemap index.
import type { APIRoute } from 'astro';
import { siteOrigin } from '../lib/site/page.ts';
import { COMPANY_DEFAULT } from '../lib/rules/constants.ts';

export const GET: APIRoute = () =>
  new Response(`User-agent: *\nDisallow: /api/\nSitemap: ${siteOrigin(COMPANY_DEFAULT)}/sitemap.xml\n`, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
