// The static pages of every country/language/brand: for each page kind its paths and the data it
// renders. Page files call staticPaths(kind) in getStaticPaths; the sitemap enumerates the same
// table. Each path carries a cacheKey (digest of layout + page data) so the incremental build only
// re-renders the pages a content change affects.
import { inMenuOrder, PRODUCT_GROUPS, type ProductGroup } from '../../data/productGroups.ts';
import { MAKERS } from '../../data/reference/makers.ts';
import { content, digest, str, type Entry } from './data.ts';
import { siteLocales, type SiteLocale } from './locales.ts';
import { layoutData } from './page.ts';

export interface PageEntry<P = Record<string, unknown>> {
  /** path below /{country}/{language}/ */
  rest: string;
  /** extra route parameters of the page file */
  params?: Record<string, string>;
  props: P;
}

const today = () => new Date().toISOString().slice(0, 10);
const heroOf = (banners: Entry[], route: string) =>
  banners.filter((b) => b.kind === 'hero' && b.route === route).sort((a, b) => (a.hash ? 1 : 0) - (b.hash ? 1 : 0))[0] ?? null;
const isCurrent = (a: Entry, day: string) => str(a.valid_from) <= day && day <= str(a.valid_to);

/** Brands shown on the home page's "marken" anchor (the seed's manufacturers). */
const BRANDS = MAKERS.map(([key, name]) => ({ key, name }));

type Builder = (loc: SiteLocale) => Promise<PageEntry[]>;

export const PAGE_KINDS = {
  home: async (loc) => {
    const [banners, categoryBanners, solutions] = await Promise.all([
      content('banners', loc), content('categoryBanners', loc), content('solutionsFeatures', loc)]);
    return [{ rest: '', props: { hero: heroOf(banners, 'home'), categoryBanners: inMenuOrder(categoryBanners, (b) => Number(b.Category_Id)), brands: BRANDS, toothAssistant: solutions.find((s) => s.route === 'zahnassistent') ?? null } }];
  },
  service: async (loc) => {
    const [banners, services, nav, kundenservices, faq, team] = await Promise.all([
      content('banners', loc), content('services', loc), content('serviceNavMenus', loc), content('kundenservices', loc),
      content('faq', loc), content('mitarbeiter', loc)]);
    return [{ rest: 'service', props: { hero: heroOf(banners, 'service'), services, nav, kundenservices, faq, team } }];
  },
  company: async (loc) => {
    const [banners, team] = await Promise.all([content('banners', loc), content('mitarbeiter', loc)]);
    return [{ rest: 'company', props: { hero: heroOf(banners, 'company'), management: team.filter((m) => m.abteilung === 'geschaeftsfuehrung') } }];
  },
  loesungen: async (loc) => {
    const [banners, solutions] = await Promise.all([content('banners', loc), content('solutionsFeatures', loc)]);
    return [{ rest: 'loesungen', props: { hero: heroOf(banners, 'loesungen'), solutions } }];
  },
  dokumente: async (loc) => {
    const solutions = await content('solutionsFeatures', loc);
    return [{ rest: 'loesungen/dokumente', props: { feature: solutions.find((s) => s.route === 'loesungen-dokumente') ?? null } }];
  },
  legal: async (loc) => {
    const legal = await content('legal', loc);
    return ['dse', 'agb', 'opensource'].map((kind) => ({
      rest: `legal/${kind}`, params: { kind }, props: { doc: legal.find((d) => d.kind === kind) ?? null },
    }));
  },
  impressum: async (loc) => {
    const legal = await content('legal', loc);
    return [{ rest: 'impressum', props: { doc: legal.find((d) => d.kind === 'impressum') ?? null } }];
  },
  videos: async (loc) => [{ rest: 'videos', props: { videos: await content('videos', loc) } }],
  video: async (loc) => (await content('videos', loc)).map((v) => ({
    rest: `video/${str(v.video_id)}`, params: { id: str(v.video_id) }, props: { video: v },
  })),
  aktionen: async (loc) => {
    const [banners, aktionen] = await Promise.all([content('banners', loc), content('aktionen', loc)]);
    const day = today();
    return [{ rest: 'aktionen', props: { hero: heroOf(banners, 'aktionen'), aktionen: aktionen.map((a) => ({ ...a, current: isCurrent(a, day) })) } }];
  },
  aktionArtikel: async (loc) => {
    const [aktionen, categoryBanners] = await Promise.all([content('aktionen', loc), content('categoryBanners', loc)]);
    const day = today();
    const pgs = [...new Set(aktionen.map((a) => Number(a.pg)))];
    return pgs.map((pg) => ({
      rest: `aktionen/artikel/${pg}`, params: { pg: String(pg) },
      props: {
        pg, aktionen: aktionen.filter((a) => Number(a.pg) === pg).map((a) => ({ ...a, current: isCurrent(a, day) })),
        banner: categoryBanners.find((b) => Number(b.Category_Id) === pg) ?? null,
      },
    }));
  },
  aktionNewsletter: async (loc) => {
    const aktionen = await content('aktionen', loc);
    const day = today();
    const ids = [...new Set(aktionen.map((a) => a.newsletter_id).filter((x) => x !== null && x !== undefined).map(Number))];
    return ids.map((id) => ({
      rest: `aktionen/newsletter/${id}`, params: { id: String(id) },
      props: { id, aktionen: aktionen.filter((a) => Number(a.newsletter_id) === id).map((a) => ({ ...a, current: isCurrent(a, day) })) },
    }));
  },
  kontakt: async (loc) => {
    const services = await content('services', loc);
    return [{ rest: 'kontakt', props: { tile: services.find((s) => s.hash === 'kontakt') ?? null } }];
  },
  notFound: async () => [{ rest: '404', props: {} }],
  categories: async (loc) => [{ rest: 'shop/category', props: { groups: PRODUCT_GROUPS, banners: await content('categoryBanners', loc) } }],
  category: async (loc) => {
    const banners = await content('categoryBanners', loc);
    return PRODUCT_GROUPS.map((g: ProductGroup) => ({
      rest: `shop/category/${g.pg}`, params: { pg: String(g.pg) },
      props: { group: g, banner: banners.find((b) => Number(b.Category_Id) === g.pg) ?? null },
    }));
  },
} satisfies Record<string, Builder>;

export type PageKind = keyof typeof PAGE_KINDS;

/** getStaticPaths of a page kind: every country/language/brand combination with its cacheKey. */
export async function staticPaths(kind: PageKind) {
  const out = [];
  for (const loc of siteLocales()) {
    const [{ key }, entries] = await Promise.all([layoutData(loc), PAGE_KINDS[kind](loc)]);
    for (const e of entries) {
      out.push({
        params: { country: loc.segment, lang: loc.lang, ...((e as PageEntry).params ?? {}) },
        props: { loc, rest: e.rest, ...e.props },
        cacheKey: digest(key, e.props),
      });
    }
  }
  return out;
}

/** Every public static page path of the site (sitemap): native brand variants only. */
export async function allPagePaths(): Promise<{ loc: SiteLocale; rest: string }[]> {
  const out: { loc: SiteLocale; rest: string }[] = [];
  for (const loc of siteLocales()) {
    if (loc.segment !== loc.country) continue;
    for (const kind of Object.keys(PAGE_KINDS) as PageKind[]) {
      if (kind === 'notFound') continue;
      for (const e of await PAGE_KINDS[kind](loc)) out.push({ loc, rest: e.rest });
    }
  }
  return out;
}
