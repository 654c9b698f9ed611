// Search results page (shop/suche/{page?}?q=…&topArt=1), kept alive like the category page.
// topArt=1 shows the customer's already-bought articles matching the term (limit 24).
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $customer } from '../../stores/customer.ts';
import { request } from '../../lib/api.ts';
import { ALREADY_BOUGHT_LIMIT } from '../../lib/rules/constants.ts';
import { useT, type Messages } from './lib/i18n.ts';
import { categoryPath, SORT_LABEL, SORTS, sortOf, type SortKey } from './lib/catalog.ts';
import { currentKey, isBackNavigation, loadKept, restoreScroll, saveKept } from './lib/keepalive.ts';
import { ensureCustomer } from './lib/session.ts';
import { errorMessage, failureKey } from './lib/errors.ts';
import type { Ctx } from './lib/article.ts';
import { SEARCH_PAGE_SIZE, searchPath, type SearchFirst } from './lib/search.ts';
import { ArticleGrid } from './ui/ArticleCard.tsx';
import { Pagination } from './ui/Pagination.tsx';
import './shop.css';
import { Count } from './ui/Count.tsx';
import { formatCount } from '#rules/locale.ts';

/** The search's answer, or the already-bought one (no chips, no correction). */
type Result = SearchFirst['result'];
interface KeptData { result: Result; bought: Result | null; q: string; page: number; sort: SortKey; topArt: boolean }

function readUrl(propsPage?: number) {
  const sp = new URLSearchParams(location.search);
  const m = /\/shop\/suche\/(\d+)\/?$/.exec(location.pathname);
  const sort = sortOf(sp.get('sort'));
  return { q: (sp.get('q') ?? '').trim(), topArt: sp.get('topArt') === '1', page: m ? Math.max(1, Number(m[1])) : propsPage ?? 1, sort };
}

/**
 * `query`/`topArt`: the request's own (the page renders on demand), so the server-rendered heading is already the final one.
 * `first`: the first answer, rendered with the page for `viewer` (the session's customer); the island then only asks
 * the API when the customer sorts or pages.
 */
export default function SearchView({ country, lang, page: propsPage, query = '', topArt: propsTopArt = false, first, viewer, messages }: {
  country: string; lang: string; page?: number; query?: string; topArt?: boolean; messages?: Messages;
  first?: SearchFirst | null; viewer?: { kdnr: number; currency: string };
}) {
  const t = useT(lang, messages);
  const customer = useStore($customer);
  // until the session check has answered, the customer is the one the server rendered for
  const shown = customer.checked || !viewer ? { kdnr: customer.kundennummer, currency: customer.currency } : viewer;
  const ctx: Ctx = useMemo(() => ({ country, lang, currency: shown.currency }), [country, lang, shown.currency]);
  const [q, setQ] = useState(query.trim());
  const [topArt, setTopArt] = useState(propsTopArt);
  const [page, setPage] = useState(propsPage ?? 1);
  const [sort, setSort] = useState<SortKey>(first?.sort ?? 'relevance');
  const [result, setResult] = useState<Result | null>(first?.result ?? null);
  const [bought, setBought] = useState<Result | null>(first?.bought ?? null);
  const [loading, setLoading] = useState(!first);
  const [error, setError] = useState('');
  const [ready, setReady] = useState(false);
  // the server's first answer stands for the URL the page was rendered for
  const skip = useRef(!!first);
  const seq = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: mount only: reads the URL (and a kept result on back navigation) once and listens for popstate
  useEffect(() => {
    const u = readUrl(propsPage);
    setQ(u.q); setTopArt(u.topArt); setPage(u.page); setSort(u.sort);
    const kept = isBackNavigation() ? loadKept<KeptData>(currentKey()) : null;
    if (kept && kept.data.q === u.q && kept.data.page === u.page) {
      setResult(kept.data.result); setBought(kept.data.bought); setLoading(false); skip.current = true;
      restoreScroll(kept.scrollY);
    }
    setReady(true);
    const onPop = () => { const v = readUrl(1); setQ(v.q); setTopArt(v.topArt); setPage(v.page); setSort(v.sort); };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refetches on the query inputs only; t is only read when an error is shown; it changes when the full message set arrives, which must not refetch
  useEffect(() => {
    if (!ready) return;
    if (skip.current) { skip.current = false; return; }
    if (!q) { setResult({ items: [], total: 0, page: 1, pages: 0 }); setLoading(false); return; }
    const id = ++seq.current;
    setLoading(true); setError('');
    void (async () => {
      const c = await ensureCustomer();
      try {
        const boughtCall = c.kundennummer
          ? request('POST /api/sw/gekaufteArtikel/0/:language/1', { params: { language: lang }, body: { search: q, limit: ALREADY_BOUGHT_LIMIT, p: topArt ? page : 1 } }).catch(() => null)
          : Promise.resolve(null);
        const mainCall = topArt && c.kundennummer ? Promise.resolve(null)
          : request('POST /api/shopware/search/:country/:language/1', { params: { country, language: lang }, body: { search: q, page, limit: SEARCH_PAGE_SIZE, filters: sort === 'relevance' ? undefined : { sort } } });
        const [b, r] = await Promise.all([boughtCall, mainCall]);
        if (id !== seq.current) return;
        // a transition renders the result cards in slices that yield to the browser: no long task
        startTransition(() => { setBought(b); setResult(r ?? b); setLoading(false); });
      } catch (e) {
        if (id !== seq.current) return;
        setError(errorMessage(t, failureKey(e)));
        setLoading(false);
      }
    })();
  }, [ready, q, page, sort, topArt, country, lang]);

  const href = useCallback((p: number) => {
    const base = searchPath(country, lang, q, p, topArt);
    return sort === 'relevance' ? base : `${base}&sort=${sort}`;
  }, [country, lang, q, topArt, sort]);

  const keep = useCallback(() => {
    if (result) saveKept<KeptData>(currentKey(), { result, bought, q, page, sort, topArt }, window.scrollY);
  }, [result, bought, q, page, sort, topArt]);
  useEffect(() => { window.addEventListener('pagehide', keep); return () => window.removeEventListener('pagehide', keep); }, [keep]);

  const go = (p: number, s: SortKey = sort) => {
    setPage(p); setSort(s);
    const base = searchPath(country, lang, q, p, topArt);
    history.pushState({ shKeep: true }, '', s === 'relevance' ? base : `${base}&sort=${s}`);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const showBought = !topArt && bought && bought.items.length > 0;
  return (
    <div className="sh-listing sh-search-page">
      <div className="sh-listing__head">
        <h1 className="sh-listing__title">{q ? t('search.results_for', { q }) : t('nav.search')}</h1>
        {q && (result
          ? <span className="sh-listing__count" aria-live="polite">{t('shop.articles_count', { count: result.total })}</span>
          : <span className="sh-placeholder" aria-hidden="true">{t('shop.articles_count', { count: 0 })}</span>)}
      </div>
      {/* until the first answer, one skeleton stands for everything that comes with it (correction note,
          tabs, category chips, already bought, sort bar, grid): they then appear together in its place
          instead of pushing each other down one by one as the calls come in */}
      {!result && !error ? (
        <div className="sh-skeleton-grid" aria-busy="true" aria-label={t('app.loading')}>{Array.from({ length: 8 }, (_, i) => <div key={i} className="sh-skeleton" />)}</div>
      ) : <>
        {result?.corrected && <p className="sh-note">{t('search.results_for', { q: result.corrected })}</p>}
        {shown.kdnr > 0 && q && (
          <div className="sh-tabs" role="tablist">
            <a role="tab" aria-selected={!topArt} className={`sh-tab${!topArt ? ' is-active' : ''}`} href={searchPath(country, lang, q)}>{t('search.top_articles')}</a>
            <a role="tab" aria-selected={topArt} className={`sh-tab${topArt ? ' is-active' : ''}`} href={searchPath(country, lang, q, 1, true)}>{t('shop.already_bought')}</a>
          </div>
        )}
        {result?.categories && result.categories.length > 0 && (
          <nav className="sh-subcats" aria-label={t('search.categories')}>
            {result.categories.map((c) => <a key={c.katId} className="sh-chip sh-chip--link" href={categoryPath(country, lang, c.pg, c.katId)}>{c.name} <Count n={c.count} lang={lang} /></a>)}
          </nav>
        )}
        {showBought && (
          <section className="sh-section" aria-label={t('shop.already_bought')}>
            <h2 className="sh-section__title">{t('shop.already_bought')}</h2>
            <ArticleGrid items={bought.items.slice(0, 4)} ctx={ctx} t={t} onOpen={keep} />
            {bought.total > 4 && <a className="sh-link" href={searchPath(country, lang, q, 1, true)}>{t('app.show_all')} ({formatCount(bought.total, lang)})</a>}
          </section>
        )}
        {!topArt && (
          <div className="sh-listing__tools">
            <label className="sh-sort">
              <span>{t('sort.label')}</span>
              <select value={sort} onChange={(e) => go(1, e.target.value as SortKey)}>
                {SORTS.map((s) => <option key={s} value={s}>{t(SORT_LABEL[s])}</option>)}
              </select>
            </label>
          </div>
        )}
        <section className="sh-listing__main" aria-busy={loading}>
          {error && <p className="sh-error" role="alert">{error}</p>}
          {!loading && result && result.items.length === 0 && (
            <div className="sh-empty"><p><strong>{q ? t('search.no_results', { q }) : t('search.min_chars')}</strong></p><p>{t('search.no_results_hint')}</p></div>
          )}
          {result && result.items.length > 0 && <div className={loading ? 'sh-dim' : ''}><ArticleGrid items={result.items} ctx={ctx} t={t} onOpen={keep} /></div>}
          {result && <Pagination page={page} pages={result.pages} href={href} onGo={(p) => go(p)} t={t} />}
        </section>
      </>}
    </div>
  );
}
