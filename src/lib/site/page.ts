// Per-page context of the site layout: locale, brand, translations, the layout's content (memoised
// per country/language/brand) and the page's head data (title, description, canonical, hreflang).
import type { T } from '../../i18n/translate.ts';
import { getT } from '../../i18n/index.ts';
import { COMPANY_LS } from '../rules/constants.ts';
import { currencyForCountry, localeFor } from '../rules/locale.ts';
import { brandDomain, siteLanguages } from '../../data/countries.ts';
import { content, digest, rawContent, str, type Entry } from './data.ts';
import type { SiteLocale } from './locales.ts';
import { localePath, metadataRouteOf, sectionOf, type Section } from './routes.ts';

export interface PhoneNumbers { hotline: string; service: string; fax: string }

export interface LayoutData {
  meta: Record<string, { title: string; description: string }>;
  company: Entry;
  phone: PhoneNumbers;
  preBanners: Entry[];
  sidemenus: Entry[];
  services: Entry[];
  solutions: Entry[];
  categoryBanners: Entry[];
  chatEnabled: boolean;
}

const layoutMemo = new Map<string, Promise<{ data: LayoutData; key: string }>>();

/** Content every page of a country/language/brand shows in its layout, with its digest. */
export function layoutData(loc: SiteLocale): Promise<{ data: LayoutData; key: string }> {
  const k = `${loc.country}|${loc.lang}|${loc.firma}`;
  let p = layoutMemo.get(k);
  if (!p) {
    p = (async () => {
      const [meta, firmen, tel, banners, sidemenus, services, solutions, categoryBanners, chats] = await Promise.all([
        content('pageMetadatas', loc), content('firmendaten', loc), content('telefon', { ...loc, lang: 'de' }),
        content('banners', loc), content('sidemenus', loc), content('services', loc), content('solutionsFeatures', loc),
        content('categoryBanners', loc), rawContent('serviceChatwoots'),
      ]);
      const phoneEntry = tel.find((x) => x.country === loc.country) ?? tel.find((x) => x.country === '*') ?? {};
      const data: LayoutData = {
        meta: Object.fromEntries(meta.map((m) => [str(m.route_path_name), { title: str(m.meta_title), description: str(m.meta_description) }])),
        company: firmen.find((f) => Number(f.firmennummer) === loc.firma) ?? firmen[0] ?? {},
        phone: { hotline: str(phoneEntry.company_telephone1), service: str(phoneEntry.company_telephone2), fax: str(phoneEntry.company_telephone3) },
        preBanners: banners.filter((b) => b.kind === 'pre'),
        sidemenus,
        services,
        solutions,
        categoryBanners,
        chatEnabled: chats.some((c) => Number(c.firmennummer) === loc.firma && c.language === loc.lang && c.enabled === true),
      };
      return { data, key: digest(data) };
    })();
    layoutMemo.set(k, p);
  }
  return p;
}

export interface Alternate { hreflang: string; href: string }

export interface PageContext {
  loc: SiteLocale;
  /** path below /{country}/{language}/ without slashes at the ends */
  rest: string;
  t: T;
  layout: LayoutData;
  isLS: boolean;
  locale: string;
  currency: string;
  languages: readonly string[];
  section: Section;
  title: string;
  description: string;
  canonical: string;
  alternates: Alternate[];
  /** public URL of this page in another language / country (selectors keep the page) */
  pathFor: (country: string, lang: string) => string;
  /** public URL below this page's prefix */
  url: (path?: string, hash?: string) => string;
}

/** The origin of a brand's canonical URLs (SITE_URL overrides the default brand's). */
export function siteOrigin(firma: number): string {
  const shopDomain = process.env.SHOP_DOMAIN || undefined;
  if (firma !== COMPANY_LS && process.env.SITE_URL) return process.env.SITE_URL.replace(/\/+$/, '');
  return `https://www.${brandDomain(firma, shopDomain)}`;
}

export interface PageOptions {
  /** metadata route name when it differs from the path's (e.g. 404) */
  metaRoute?: string;
  /** prefix of the title (a video's or category's name) */
  titlePrefix?: string;
}

export async function pageContext(loc: SiteLocale, rest: string, opts: PageOptions = {}): Promise<PageContext> {
  const [{ data: layout }, t] = await Promise.all([layoutData(loc), getT(loc.lang)]);
  const metaRoute = opts.metaRoute ?? metadataRouteOf(rest);
  // a CMS without a page's own entry (wk-kasse) gives it its section's (wk) before the home page's
  const meta = layout.meta[metaRoute] ?? layout.meta[metaRoute.split('-')[0]!] ?? layout.meta.home ?? { title: '', description: '' };
  const brand = str(layout.company.kurzname);
  const title = `${opts.titlePrefix ? `${opts.titlePrefix} · ` : ''}${meta.title}${brand ? ` | ${brand}` : ''}`;
  // a page is canonical on the domain of the brand variant it is built in
  const origin = siteOrigin(loc.firma);
  const languages = siteLanguages(loc.firma);
  const pathFor = (country: string, lang: string) => localePath(country, lang, rest);
  return {
    loc, rest, t, layout,
    isLS: loc.firma === COMPANY_LS,
    locale: localeFor(loc.country, loc.lang),
    currency: currencyForCountry(loc.country),
    languages,
    section: sectionOf(rest),
    title,
    description: meta.description,
    canonical: origin + pathFor(loc.country, loc.lang),
    alternates: [
      ...languages.map((l) => ({ hreflang: `${l}-${loc.country.toUpperCase()}`, href: origin + pathFor(loc.country, l) })),
      { hreflang: 'x-default', href: origin + pathFor(loc.country, languages.includes('de') ? 'de' : languages[0]!) },
    ],
    pathFor,
    url: (path = '', hash = '') => localePath(loc.country, loc.lang, path, hash),
  };
}
