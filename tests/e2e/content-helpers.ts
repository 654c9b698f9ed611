// Expectations of the content e2e specs, computed from the same sources the build uses
// (src/content/data via the README rules, the seed's country table, the shared locale rules).
import fs from 'node:fs';
import path from 'node:path';
import { COLLECTION_DEFS, type CollectionName } from '../../src/lib/content/collections.ts';
import { resolveEntries, type Entry } from '../../src/lib/content/resolve.ts';
import { siteLocales, type SiteLocale } from '../../src/lib/site/locales.ts';
import { currencyForCountry, formatPrice, localeFor } from '../../src/lib/rules/locale.ts';
import { typeset } from '../../src/lib/rules/typeset.ts';

const dataDir = path.resolve(import.meta.dirname, '../../src/content/data');
const cache = new Map<string, Entry[]>();
function collection(name: CollectionName): Entry[] {
  let c = cache.get(name);
  if (!c) { c = JSON.parse(fs.readFileSync(path.join(dataDir, `${COLLECTION_DEFS[name].file}.json`), 'utf8')) as Entry[]; cache.set(name, c); }
  return c;
}

export function resolved(name: CollectionName, loc: SiteLocale): Entry[] {
  return resolveEntries(collection(name), COLLECTION_DEFS[name].identity, { country: loc.country, language: loc.lang, firma: loc.firma });
}

/** Public (native brand) combinations of country and language. */
export const PUBLIC_LOCALES = siteLocales().filter((l) => l.segment === l.country);

export function expectedMeta(loc: SiteLocale, route: string): { title: string; description: string } {
  const meta = resolved('pageMetadatas', loc).find((m) => m.route_path_name === route)!;
  const brand = resolved('firmendaten', loc).find((f) => Number(f.firmennummer) === loc.firma)!;
  // the site typesets content in the entry's language (no-break space in "17 Uhr", "7:30 am")
  const lang = typeof meta.language === 'string' && meta.language !== '*' ? meta.language : loc.lang;
  return { title: typeset(`${meta.meta_title} | ${brand.kurzname}`, lang), description: typeset(String(meta.meta_description), lang) };
}

export function expectedCurrency(loc: SiteLocale): { currency: string; locale: string; symbol: string } {
  const currency = currencyForCountry(loc.country);
  const locale = localeFor(loc.country, loc.lang);
  const symbol = formatPrice(0, currency, locale).replace(/[\d\s.,\u00a0\u202f'’-]/g, '').trim() || currency;
  return { currency, locale, symbol };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: '\u00a0' };
export const decode = (s: string) => s.replace(/&(#x27|#39|amp|lt|gt|quot|nbsp);/g, (_, e: string) => ENTITIES[e]!);

/** The bits of a page the specs check, read from its HTML. */
export function parsePage(html: string) {
  const attr = (re: RegExp) => { const m = re.exec(html); return m ? decode(m[1]!) : null; };
  return {
    lang: attr(/<html[^>]*\slang="([^"]+)"/),
    title: attr(/<title>([^<]*)<\/title>/),
    description: attr(/<meta name="description" content="([^"]*)"/),
    canonical: attr(/<link rel="canonical" href="([^"]+)"/),
    hreflangs: [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => ({ hreflang: m[1]!, href: m[2]! })),
    brand: attr(/<html[^>]*\sdata-brand="([^"]+)"/),
    currency: attr(/<html[^>]*\sdata-currency="([^"]+)"/),
    locale: attr(/<html[^>]*\sdata-locale="([^"]+)"/),
    currencySymbol: attr(/data-currency-symbol[^>]*>([^<]*)</),
    companyNav: /data-nav="company"/.test(html),
    social: [...html.matchAll(/data-social="([a-z]+)"/g)].map((m) => m[1]!),
    phone: attr(/data-phone[^>]*>(?:<svg[\s\S]*?<\/svg>)?([^<]*)</),
    logo: attr(/class="topbar__logo"[^>]*><img src="([^"]+)"/),
  };
}
