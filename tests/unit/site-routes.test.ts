// Routing rules of the site (spec section 2) as the server applies them before the site handler.
import { describe, it, expect } from 'vitest';
import { CAMPAIGN_REDIRECTS, oldLinkArticle, parseCookies, siteRedirect } from '../../server/site-routes.ts';
import { config } from '../../server/config.ts';

const go = (path: string, headers: Record<string, string> = {}, cookies: Record<string, string> = {}) =>
  siteRedirect(new URL(`http://localhost:4399${path}`), new Headers({ host: 'localhost:4399', ...headers }), cookies);
const to = (path: string, headers?: Record<string, string>, cookies?: Record<string, string>) => go(path, headers, cookies)?.location ?? null;

describe('root redirect', () => {
  it('falls back to de/de', () => {
    expect(go('/')).toEqual({ status: 302, location: '/de/de/' });
  });
  it('uses the stored settings first (shop_locale cookie)', () => {
    expect(to('/', { 'accept-language': 'it-IT' }, { shop_locale: 'at-en' })).toBe('/at/en/');
  });
  it('then the location lookup (Accept-Language region, then language) with the country language', () => {
    expect(to('/', { 'accept-language': 'fr-CH,fr;q=0.9' })).toBe('/ch/de/');
    expect(to('/', { 'accept-language': 'nl' })).toBe('/nl/nl/');
    expect(to('/', { 'accept-language': 'xx-ZZ' })).toBe('/de/de/');
  });
  it('ignores a stored country that does not exist and keeps the query', () => {
    expect(to('/?utm=1', {}, { shop_locale: 'zz-de' })).toBe('/de/de/?utm=1');
  });
  it('/geo and /xz use the location only', () => {
    expect(to('/geo', { 'accept-language': 'it' }, { shop_locale: 'at-en' })).toBe('/it/it/');
    expect(to('/xz', { 'accept-language': 'pl-PL' })).toBe('/pl/pl/');
  });
});

describe('country and language rules', () => {
  it('an unsupported language becomes en, keeping the page', () => {
    expect(to('/de/xx/service')).toBe('/de/en/service/');
    expect(to('/de/hu/')).toBe('/de/en/');
  });
  it('nl and pl only for the default brand: isLS countries get en', () => {
    expect(to('/dk/nl/company')).toBe('/dk/en/company/');
    expect(to('/de/nl/company')).toBeNull();
  });
  it('on a host ending with the shop domain the main variant applies (nl allowed for dk)', () => {
    const host = { host: `www.${config.shopDomain}` };
    expect(siteRedirect(new URL(`https://www.${config.shopDomain}/dk/nl/`), new Headers(host), {})).toBeNull();
  });
  it('country ru redirects to /de/{lang}', () => {
    expect(to('/ru/fr/company')).toBe('/de/fr/company/');
    expect(to('/ru/ru/')).toBe('/de/en/');
  });
  it('country es goes to the Spanish site for guests only', () => {
    expect(go('/es/es/service')).toEqual({ status: 302, location: config.spanishSiteUrl });
    expect(go('/es/es/service', {}, { sid: 'token' })).toBeNull();
  });
  it('unknown countries are left to the 404 page', () => {
    expect(go('/zz/de/')).toBeNull();
  });
  it('upper-case prefixes are lowered; correct paths stay', () => {
    expect(to('/DE/De/service')).toBe('/de/de/service/');
    expect(go('/de/de/service')).toBeNull();
    expect(go('/de/de/service/')).toBeNull();
  });
  it('the selectors replace the route parameters and keep the page and other parameters', () => {
    expect(to('/de/de/service/?set_country=ch')).toBe('/ch/de/service/');
    expect(to('/de/de/legal/agb/?set_language=fr&x=1')).toBe('/de/fr/legal/agb/?x=1');
    expect(to('/de/pl/videos/?set_country=dk')).toBe('/dk/en/videos/');
    expect(to('/de/de/?set_country=ru')).toBe('/de/de/');
  });
});

describe('paths', () => {
  it('shop redirects to home (the browser keeps the #anchor)', () => {
    expect(to('/de/en/shop')).toBe('/de/en/');
    expect(to('/de/en/shop/')).toBe('/de/en/');
    expect(go('/de/en/shop/category/3/')).toBeNull();
  });
  it('paths without prefix get the stored or located prefix', () => {
    expect(to('/service', {}, { shop_locale: 'ch-fr' })).toBe('/ch/fr/service/');
    expect(to('/de')).toBe('/de/de/');
    expect(to('/ch/', {}, { shop_locale: 'ch-it' })).toBe('/ch/it/');
    expect(go('/not-a-route')).toBeNull();
  });
});

describe('old links', () => {
  const c = { shop_locale: 'at-de' };
  it('index.php?id=1 or 3 → shop (home)', () => {
    expect(go('/index.php?id=1', {}, c)).toEqual({ status: 301, location: '/at/de/' });
    expect(to('/index.php?id=3', {}, c)).toBe('/at/de/');
  });
  it('id=8 → tooth assistant', () => expect(to('/index.php?id=8', {}, c)).toBe('/at/de/#Zahn'));
  it('id=20&pg → category', () => expect(to('/index.php?id=20&pg=7', {}, c)).toBe('/at/de/shop/category/7/'));
  it('id=22&artnr → category view of the article (the server looks it up), unknown → all categories', () => {
    expect(to('/index.php?id=22&artnr=AB-12', {}, c)).toBe('/at/de/shop/category/?artnr=AB-12');
    const r = siteRedirect(new URL('http://x/index.php?id=22&artnr=AB-12'), {}, c, { articleCategory: { pg: 3, katId: 301 } });
    expect(r?.location).toBe('/at/de/shop/category/3/301/?artnr=AB-12');
    expect(oldLinkArticle(new URL('http://x/index.php?id=22&artnr=AB-12'))).toBe('AB-12');
    expect(oldLinkArticle(new URL('http://x/index.php?id=20&pg=3'))).toBeNull();
  });
  it('id=1391 → promotions', () => expect(to('/index.php?id=1391', {}, c)).toBe('/at/de/aktionen/'));
  it('/a/… → product detail', () => expect(go('/a/123456-zahn-a1', {}, c)).toEqual({ status: 301, location: '/at/de/shop/artikel/123456-zahn-a1/details/' }));
  it('campaign routes leave to their external sites', () => {
    const [path, target] = Object.entries(CAMPAIGN_REDIRECTS)[0]!;
    expect(go(path)).toEqual({ status: 302, location: target });
  });
});

describe('parseCookies', () => {
  it('reads the cookie header', () => {
    expect(parseCookies('a=1; shop_locale=ch-fr; sid=x%3Dy')).toEqual({ a: '1', shop_locale: 'ch-fr', sid: 'x=y' });
    expect(parseCookies(undefined)).toEqual({});
  });
});
