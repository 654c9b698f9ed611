// Category page body (island): article grid with filters, sorting and pagination; kept alive
// (back navigation restores filters, page and scroll position).
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $customer } from '../../stores/customer.ts';
import { request } from '../../lib/api.ts';
import { useT, type Messages } from './lib/i18n.ts';
import { addFilter, applyFacets, changeFilterPage, filterQuery, removeFilter, resetFilters, setBereitsGekauft, setPrice, toggleBrand, type FilterState } from './lib/filters.ts';
import {
  categoryPath, LISTING_PAGE_SIZE, listingFromSearch, listingToSearch, orderGroups, SORT_LABEL, SORTS,
  type Listing, type ListingFirst, type NavElement, type SortKey,
} from './lib/catalog.ts';
import { currentKey, isBackNavigation, loadKept, restoreScroll, saveKept } from './lib/keepalive.ts';
import { ensureCustomer } from './lib/session.ts';
import { errorMessage, failureKey } from './lib/errors.ts';
import type { Ctx } from './lib/article.ts';
import { ArticleGrid } from './ui/ArticleCard.tsx';
import { ActiveFilters, FilterPanel } from './ui/FilterPanel.tsx';
import { Pagination } from './ui/Pagination.tsx';
import './shop.css';
import { Count } from './ui/Count.tsx';

export interface CategoryProps {
  country: string;
  lang: string;
  pg?: number | null;
  katId?: number | null;
  page?: number;
  title?: string;
  /** inside the content page's category shell: its heading and subcategories are already there */
  embedded?: boolean;
  messages?: Messages;
  /** the first answer, rendered with the page for `viewer` (the session's customer) */
  first?: ListingFirst | null;
  viewer?: { kdnr: number; currency: string };
}

interface KeptData { listing: Listing; filters: FilterState; sort: SortKey; page: number; pg: number | null; katId: number | null }

let navCache: Promise<NavElement[]> | null = null;
function loadNav(c: string, l: string): Promise<NavElement[]> {
  navCache ??= request('POST /api/navigation/:country/:language', { params: { country: c, language: l } }).then((r) => r.elements).catch(() => { navCache = null; return []; });
  return navCache;
}

function pageFromUrl(isCategoryPath: boolean, propsPage?: number): number {
  if (typeof location === 'undefined') return propsPage ?? 1;
  const q = Number(new URLSearchParams(location.search).get('page'));
  if (!isCategoryPath && Number.isInteger(q) && q > 0) return q;
  if (isCategoryPath) {
    const m = /\/shop\/category(?:\/(\d+))?(?:\/(\d+))?(?:\/(\d+))?\/?$/.exec(location.pathname);
    const p = Number(m?.[3]);
    if (Number.isInteger(p) && p > 0) return p;
    if (m && !m[3]) return 1;
  }
  return propsPage ?? 1;
}

export default function CategoryView(props: CategoryProps) {
  const { country, lang, first, viewer } = props;
  const t = useT(lang, props.messages);
  const customer = useStore($customer);
  // until the session check has answered, the customer is the one the server rendered for
  const shown = customer.checked || !viewer ? { kdnr: customer.kundennummer, currency: customer.currency } : viewer;
  const ctx: Ctx = useMemo(() => ({ country, lang, currency: shown.currency }), [country, lang, shown.currency]);
  const isCategoryPath = typeof location === 'undefined' ? true : /\/shop\/category(\/|$)/.test(location.pathname);

  const [pg, setPg] = useState<number | null>(props.pg ?? null);
  const [katId, setKatId] = useState<number | null>(props.katId ?? null);
  const [sort, setSort] = useState<SortKey>(() => (first ? listingFromSearch(first.search).sort : 'relevance'));
  const [filters, setFilters] = useState<FilterState>(() => (first ? applyFacets(listingFromSearch(first.search).filters, first.listing.filters) : changeFilterPage()));
  const [page, setPage] = useState(props.page ?? 1);
  const [listing, setListing] = useState<Listing | null>(first?.listing ?? null);
  const [loading, setLoading] = useState(!first);
  const [error, setError] = useState('');
  const [nav, setNav] = useState<NavElement[]>(first?.nav ?? []);
  const [drawer, setDrawer] = useState(false);
  const [ready, setReady] = useState(false);
  const reqId = useRef(0);
  const top = useRef<HTMLDivElement>(null);
  // the server's first answer stands for the address the page was rendered for: no reload on mount
  const state = useRef<KeptData | null>(first ? { listing: first.listing, filters, sort, page, pg, katId } : null);

  // ---- first render in the browser: URL state, kept answer on back navigation ----
  // biome-ignore lint/correctness/useExhaustiveDependencies: mount only: restores the kept listing or reads the URL once
  useEffect(() => {
    const fromUrl = listingFromSearch(location.search);
    const p = pageFromUrl(isCategoryPath, props.page);
    const kept = isBackNavigation() ? loadKept<KeptData>(currentKey()) : null;
    if (kept) {
      setPg(kept.data.pg); setKatId(kept.data.katId); setSort(kept.data.sort); setFilters(kept.data.filters);
      setPage(kept.data.page); setListing(kept.data.listing); setLoading(false);
      restoreScroll(kept.scrollY);
      state.current = kept.data;
    } else if (!first) {
      setSort(fromUrl.sort); setFilters(fromUrl.filters); setPage(p);
    }
    setReady(true);
    void ensureCustomer();
    if (!first) void loadNav(country, lang).then(setNav);
  }, []);

  const pageHref = useCallback((p: number) => {
    if (typeof location === 'undefined') return first ? categoryPath(country, lang, pg, katId, p) + first.search : '';
    if (isCategoryPath) return categoryPath(country, lang, pg, katId, p) + location.search;
    const q = new URLSearchParams(location.search);
    if (p > 1) q.set('page', String(p)); else q.delete('page');
    const s = q.toString();
    return location.pathname + (s ? `?${s}` : '');
  }, [isCategoryPath, country, lang, pg, katId, first]);

  // ---- load the listing whenever its inputs change ----
  const filterKey = JSON.stringify(filterQuery(filters));
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey stands for filters (a stable string key); t is only read when an error is shown; it changes when the full message set arrives, which must not refetch
  useEffect(() => {
    if (!ready) return;
    const kept = state.current;
    if (kept && kept.page === page && kept.sort === sort && JSON.stringify(filterQuery(kept.filters)) === filterKey && kept.pg === pg && kept.katId === katId) {
      state.current = null; // restored answer: no reload
      return;
    }
    state.current = null;
    const id = ++reqId.current;
    setLoading(true); setError('');
    const query = { ...(JSON.parse(filterKey) as Record<string, string>), page, pageSize: LISTING_PAGE_SIZE, sort, country, lang, pg, katId: katId !== null && katId > 0 ? katId : null };
    request('GET /api/shop/category', { query }).then((r) => {
      if (id !== reqId.current) return;
      // a transition renders the product cards in slices that yield to the browser: no long task
      startTransition(() => {
        setListing(r);
        setFilters((f) => applyFacets(f, r.filters));
        if (r.pages > 0 && page > r.pages) setPage(r.pages);
        setLoading(false);
      });
    }).catch((e) => {
      if (id !== reqId.current) return;
      setError(errorMessage(t, failureKey(e)));
      setListing(null);
      setLoading(false);
    });
  }, [ready, pg, katId, page, sort, filterKey, country, lang]);

  // ---- URL follows the state (filters replace, pages push) ----
  const lastPage = useRef(page);
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey stands for filters; isCategoryPath and the locale are fixed for the page
  useEffect(() => {
    if (!ready) return;
    const search = listingToSearch(sort, filters, new URLSearchParams(location.search));
    let url: string;
    if (isCategoryPath) url = categoryPath(country, lang, pg, katId, page) + search;
    else {
      const q = new URLSearchParams(search);
      if (page > 1) q.set('page', String(page)); else q.delete('page');
      const s = q.toString();
      url = location.pathname + (s ? `?${s}` : '');
    }
    if (url !== location.pathname + location.search) {
      if (lastPage.current !== page) history.pushState({ shKeep: true }, '', url);
      else history.replaceState({ ...(history.state ?? {}), shKeep: true }, '', url);
    }
    lastPage.current = page;
  }, [ready, sort, filterKey, page, pg, katId]);

  // back/forward between pages of this listing
  useEffect(() => {
    const onPop = () => {
      const u = listingFromSearch(location.search);
      setSort(u.sort);
      setFilters((f) => ({ ...f, brands: u.filters.brands, active: u.filters.active, firstProp: u.filters.firstProp, bereitsGekauft: u.filters.bereitsGekauft, price: { ...f.price, chosenMin: u.filters.price.chosenMin, chosenMax: u.filters.price.chosenMax } }));
      lastPage.current = pageFromUrl(isCategoryPath, 1);
      setPage(lastPage.current);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [isCategoryPath]);

  // ---- keep alive: remember the answer and the scroll position when leaving ----
  const keep = useCallback(() => {
    if (!listing) return;
    saveKept<KeptData>(currentKey(), { listing, filters, sort, page, pg, katId }, window.scrollY);
  }, [listing, filters, sort, page, pg, katId]);
  useEffect(() => {
    window.addEventListener('pagehide', keep);
    return () => window.removeEventListener('pagehide', keep);
  }, [keep]);

  const change = (fn: (f: FilterState) => FilterState) => { setFilters(fn); setPage(1); };
  const onProp = (prop: string, value: string) => change((f) => (f.active[prop]?.includes(value) ? removeFilter(f, prop, value) : addFilter(f, prop, value)));
  const onBrand = (id: number) => change((f) => toggleBrand(f, id));
  const onPrice = (min: number | null, max: number | null) => change((f) => setPrice(f, min, max));
  const onBought = (on: boolean) => change((f) => setBereitsGekauft(f, on));
  const onReset = () => change((f) => resetFilters(f));
  const goPage = (p: number) => {
    setPage(p);
    top.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const groups = orderGroups(nav);
  const current = groups.find((g) => g.pg === pg);
  const sub = current?.children.find((c) => c.katId === katId);
  const title = props.title || sub?.name || current?.name || t('nav.all_categories');
  const children = current && (katId === null || katId === current.katId) ? current.children : [];
  const loggedIn = shown.kdnr > 0;

  const panelProps = { f: filters, t, ctx, onBrand, onProp, onPrice, onBought, onReset };
  return (
    <div className="sh-listing" ref={top}>
      <div className="sh-listing__head">
        {props.embedded ? <h2 className="sh-sr">{title}</h2> : <h1 className="sh-listing__title">{title}</h1>}
        {/* the count's line is kept while the list loads: the filters and tiles below must not jump */}
        {listing
          ? <span className="sh-listing__count" aria-live="polite">{t('shop.articles_count', { count: listing.total })}</span>
          : <span className="sh-placeholder" aria-hidden="true">{t('shop.articles_count', { count: 0 })}</span>}
      </div>
      {!props.embedded && pg === null && katId === null && groups.length > 0 && (
        <nav className="sh-tiles" aria-label={t('nav.categories')}>
          {groups.map((g) => <a key={g.id} className="sh-tile" href={categoryPath(country, lang, g.pg)}>{g.name}</a>)}
        </nav>
      )}
      {!props.embedded && children.length > 0 && (
        <nav className="sh-subcats" aria-label={t('shop.subcategories')}>
          {children.map((c) => (
            <a key={c.katId} className="sh-chip sh-chip--link" href={categoryPath(country, lang, pg, c.katId)}>
              {c.name} <Count n={c.count} lang={lang} />
            </a>
          ))}
        </nav>
      )}
      <div className="sh-listing__tools">
        <button type="button" className="sh-btn sh-btn--ghost sh-listing__filterbtn" aria-expanded={drawer} aria-controls="sh-filters"
          onClick={() => setDrawer(!drawer)}>{t('filter.title')}</button>
        <label className="sh-sort">
          <span>{t('sort.label')}</span>
          <select value={sort} onChange={(e) => { setSort(e.target.value as SortKey); setPage(1); }}>
            {SORTS.map((s) => <option key={s} value={s}>{t(SORT_LABEL[s])}</option>)}
          </select>
        </label>
      </div>
      <ActiveFilters {...panelProps} />
      <div className="sh-listing__body">
        <aside id="sh-filters" className={`sh-listing__filters${drawer ? ' is-open' : ''}`} aria-label={t('filter.title')}>
          {/* the facets come with the first listing: the panel appears whole then, instead of its price
              group and reset button being pushed down by brand and property groups arriving above them */}
          {listing || error ? <FilterPanel {...panelProps} loggedIn={loggedIn} /> : <div className="sh-skeleton sh-skeleton--filters" aria-hidden="true" />}
          <button type="button" className="sh-btn sh-btn--primary sh-listing__close" onClick={() => setDrawer(false)}>{t('dialog.close')}</button>
        </aside>
        <section className="sh-listing__main" aria-busy={loading}>
          {error && <p className="sh-error" role="alert">{error}</p>}
          {loading && !listing && <div className="sh-skeleton-grid" aria-label={t('app.loading')}>{Array.from({ length: 8 }, (_, i) => <div key={i} className="sh-skeleton" />)}</div>}
          {listing && listing.items.length === 0 && !loading && <p className="sh-empty">{t('search.no_results_hint')}</p>}
          {listing && <div className={loading ? 'sh-dim' : ''}><ArticleGrid items={listing.items} ctx={ctx} t={t} pg={pg} onOpen={keep} /></div>}
          {listing && <Pagination page={page} pages={listing.pages} href={pageHref} onGo={goPage} t={t} />}
        </section>
      </div>
    </div>
  );
}
