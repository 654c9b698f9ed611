// Routing rules of the site (spec section 2) that need a server, as one pure function:
// siteRedirect(url, headers, cookies) → { status, location } | null. The server runs it before the
// site handler (server/site.ts), `astro dev` runs it in src/middleware.ts.
//  - "/" → stored settings (cookie shop_locale, mirrored from local storage), else the location lookup
//    (Accept-Language, like GET geo/locate), else GEO_DEFAULT_COUNTRY / de;  /geo and /xz → location only
//  - an unsupported language → en; country ru → /de/{lang}; country es for guests → ES_SHOP_URL
//  - old links: index.php?id=1|3 shop (= home), 8 tooth assistant, 20&pg= category, 22&artnr= category
//    view of the article (the server looks its category up: RedirectFacts), 1391 promotions; /a/{artbez} product detail; campaign routes → external sites
//  - shop → home (the browser keeps the #hash of the original URL)
//  - ?set_country= / ?set_language= (the selectors' GET forms) → same page, route parameters replaced
//  - paths without prefix (/service) get the stored or located prefix; upper case prefixes are lowered
import { config } from './config.ts';
import { acceptLanguageCandidates } from './modules/user.ts';
import { findCountry, REDIRECTED_COUNTRIES } from '#data/countries.ts';
import { firmaFor, isMainHost } from '#lib/site/locales.ts';
import { NAMED_ROUTES, splitLocalePath } from '#lib/site/routes.ts';
import { DEFAULT_COUNTRY, resolveLanguage } from '#rules/locale.ts';

export interface SiteRedirect { status: 301 | 302; location: string }
/** Facts the server looked up for a redirect (the pure rules cannot reach the database). */
export interface RedirectFacts { articleCategory?: { pg: number; katId: number } | null }
export type Cookies = Readonly<Record<string, string>>;
type HeaderSource = Headers | Readonly<Record<string, string | string[] | undefined>>;

/** Campaign routes that leave to external campaign sites; CAMPAIGN_REDIRECTS (JSON) replaces them. */
export const CAMPAIGN_REDIRECTS: Readonly<Record<string, string>> = (() => {
  try { if (process.env.CAMPAIGN_REDIRECTS) return JSON.parse(process.env.CAMPAIGN_REDIRECTS) as Record<string, string>; } catch { /* defaults */ }
  return {
    '/zahnwochen': 'https://zahnwochen.dentalversand-nord.example/',
    '/messe': 'https://messe.dentalversand-nord.example/',
    '/gewinnspiel': 'https://gewinnspiel.dentalversand-nord.example/',
  };
})();

/** First path segments that are routes of the site (a path without prefix gets one). */
const ROUTE_HEADS = new Set([
  ...Object.values(NAMED_ROUTES).map((p) => p.split('/')[0]!).filter(Boolean),
  'dokumente', 'meinlabor', 'new-password', 'verify', 'label',
]);

export function parseCookies(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of String(header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i < 1) continue;
    const k = part.slice(0, i).trim();
    if (!(k in out)) { try { out[k] = decodeURIComponent(part.slice(i + 1).trim()); } catch { out[k] = part.slice(i + 1).trim(); } }
  }
  return out;
}

function header(h: HeaderSource, name: string): string {
  if (h instanceof Headers) return h.get(name) ?? '';
  const v = h[name] ?? h[name.toLowerCase()];
  return Array.isArray(v) ? v.join(',') : (v ?? '');
}

interface Ctx { mainHost: boolean; guest: boolean; cookies: Cookies; headers: HeaderSource; facts: RedirectFacts }

/** The location lookup: the first Accept-Language region/language that is a country of the site. */
function located(h: HeaderSource): { country: string; lang: string } {
  for (const iso of acceptLanguageCandidates(header(h, 'accept-language') || undefined)) {
    const c = findCountry(iso);
    if (c) return { country: c.code, lang: c.language };
  }
  const c = findCountry(config.geoDefaultCountry) ?? findCountry(DEFAULT_COUNTRY)!;
  return { country: c.code, lang: c.language };
}

/** Stored settings (shop_locale cookie "{country}-{language}"), else the location lookup. */
function preferred(ctx: Ctx): { country: string; lang: string } {
  const m = /^([a-z]{2})-([a-z]{2})$/.exec(ctx.cookies.shop_locale ?? '');
  if (m && findCountry(m[1])) return { country: m[1]!, lang: m[2]! };
  return located(ctx.headers);
}

/** Target of a locale + rest after the country and language rules; null = nothing to change. */
function normalize(country: string, lang: string, rest: string, search: string, ctx: Ctx): string | null | { external: string } {
  let c = country.toLowerCase();
  if (c in REDIRECTED_COUNTRIES) c = REDIRECTED_COUNTRIES[c]!;
  if (!findCountry(c)) return null;
  if (c === 'es' && ctx.guest && config.spanishSiteUrl) return { external: config.spanishSiteUrl };
  const l = resolveLanguage(lang, firmaFor(c, ctx.mainHost));
  const r = rest === 'shop' ? '' : rest;
  return `/${c}/${l}/${r ? `${r}/` : ''}${search}`;
}

function done(target: string | { external: string } | null, fallbackStatus: 301 | 302 = 302): SiteRedirect | null {
  if (target === null) return null;
  if (typeof target === 'object') return { status: 302, location: target.external };
  return { status: fallbackStatus, location: target };
}

function searchWithout(url: URL, drop: string[]): string {
  const p = new URLSearchParams(url.search);
  for (const d of drop) p.delete(d);
  const s = p.toString();
  return s ? `?${s}` : '';
}

function oldLink(url: URL, ctx: Ctx): string | { external: string } | null {
  const { country, lang } = preferred(ctx);
  const id = url.searchParams.get('id') ?? '';
  const to = (rest: string, search = '', hash = '') => {
    const t = normalize(country, lang, rest, search, ctx);
    return typeof t === 'string' ? t + hash : t;
  };
  switch (id) {
    case '20': { const pg = url.searchParams.get('pg'); return to(/^\d+$/.test(pg ?? '') ? `shop/category/${pg}` : 'shop/category'); }
    case '22': {
      // the category view of the article (its product group and category); unknown articles: all categories
      const a = url.searchParams.get('artnr');
      const k = ctx.facts.articleCategory;
      if (a && k) return to(`shop/category/${k.pg}/${k.katId}`, `?artnr=${encodeURIComponent(a)}`);
      return to('shop/category', a ? `?artnr=${encodeURIComponent(a)}` : '');
    }
    case '8': return to('', '', '#Zahn');
    case '1391': return to('aktionen');
    default: return to(''); // 1 and 3: the shop (home); unknown ids as well
  }
}

/** The article number an old link needs looked up (index.php?id=22&artnr=…), else null. */
export function oldLinkArticle(url: URL): string | null {
  if (!/^\/index\.php$/i.test(url.pathname) || url.searchParams.get('id') !== '22') return null;
  const a = (url.searchParams.get('artnr') ?? '').trim();
  return a && a.length <= 40 ? a : null;
}

export function siteRedirect(url: URL, headers: HeaderSource, cookies: Cookies, facts: RedirectFacts = {}): SiteRedirect | null {
  const ctx: Ctx = { mainHost: isMainHost(header(headers, 'host') || url.host, config.shopDomain), guest: !cookies.sid, cookies, headers, facts };
  const path = url.pathname.replace(/\/{2,}/g, '/');

  if (path === '/' || path === '') { const p = preferred(ctx); return done(normalize(p.country, p.lang, '', url.search, ctx)); }
  if (/^\/(geo|xz)\/?$/i.test(path)) { const p = located(headers); return done(normalize(p.country, p.lang, '', '', ctx)); }
  if (/^\/index\.php$/i.test(path)) return done(oldLink(url, ctx), 301);
  const campaign = CAMPAIGN_REDIRECTS[path.replace(/\/+$/, '').toLowerCase()];
  if (campaign) return { status: 302, location: campaign };
  const a = /^\/a\/(.+?)\/?$/.exec(path);
  if (a) { const p = preferred(ctx); return done(normalize(p.country, p.lang, `shop/artikel/${a[1]}/details`, '', ctx), 301); }

  const loc = splitLocalePath(path);
  if (!loc) {
    const segs = path.split('/').filter(Boolean);
    // "/de" or "/de/": the country with the stored (same country) or its own language
    if (segs.length === 1 && /^[a-zA-Z]{2}$/.test(segs[0]!) && findCountry(segs[0])) {
      const c = segs[0]!.toLowerCase();
      const p = preferred(ctx);
      return done(normalize(c, p.country === c ? p.lang : findCountry(c)!.language, '', url.search, ctx));
    }
    if (segs.length > 0 && ROUTE_HEADS.has(segs[0]!)) {
      const p = preferred(ctx);
      return done(normalize(p.country, p.lang, segs.join('/'), url.search, ctx));
    }
    return null;
  }

  const setCountry = url.searchParams.get('set_country');
  const setLanguage = url.searchParams.get('set_language');
  if (setCountry !== null || setLanguage !== null) {
    const c = setCountry && findCountry(setCountry) ? setCountry.toLowerCase() : loc.country;
    const l = setLanguage && /^[a-zA-Z]{2}$/.test(setLanguage) ? setLanguage.toLowerCase() : loc.lang;
    return done(normalize(c, l, loc.rest, searchWithout(url, ['set_country', 'set_language']), ctx) ?? `/${loc.country}/${loc.lang}/`);
  }

  const target = normalize(loc.country, loc.lang, loc.rest, url.search, ctx);
  if (target === null || typeof target === 'object') return done(target);
  // redirect only when something changed: case, country (ru), language, or shop → home
  const [, c, l] = target.split('/');
  const [, pc, pl] = path.split('/');
  return c !== pc || l !== pl || loc.rest === 'shop' ? done(target) : null;
}
