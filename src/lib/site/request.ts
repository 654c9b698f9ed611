// Locale of an on-demand page from its route parameters and the request host (the brand rule of
// locales.ts: the country's company, the main variant on hosts ending with the shop domain).
import { config } from '#server/config.ts';
import { findCountry, REDIRECTED_COUNTRIES, siteLanguages } from '../../data/countries.ts';
import { firmaFor, isMainHost, variantSegment, type SiteLocale } from './locales.ts';

/** `customerFirma`: the company of the logged-in customer (Astro.locals.session), whose brand wins. */
export function requestLocale(params: Record<string, string | undefined>, request: Request, customerFirma?: number | null): SiteLocale | null {
  const country = String(params.country ?? '').toLowerCase();
  const lang = String(params.lang ?? '').toLowerCase();
  if (!findCountry(country) || country in REDIRECTED_COUNTRIES) return null;
  const host = request.headers.get('host') ?? new URL(request.url).host;
  const main = isMainHost(host, config.shopDomain);
  let firma = firmaFor(country, main, customerFirma);
  // a language the customer's brand lacks (nl, pl for isLS) shows the host's variant
  if (!siteLanguages(firma).includes(lang)) firma = firmaFor(country, main);
  if (!siteLanguages(firma).includes(lang)) return null;
  return { country, lang, firma, segment: variantSegment(country, firma) };
}
