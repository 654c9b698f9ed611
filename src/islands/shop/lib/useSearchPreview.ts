// The top-bar search preview's data and keyboard model: opens on typing, 300 ms debounce, from 3
// characters, up to 10 top articles, 4 category chips and word suggestions; Enter runs the quick
// suggestion by article number (status 0 opens the product) or the full search.
import { useEffect, useMemo, useRef, useState } from 'react';
import { request } from '#lib/api.ts';
import type { ResultOf } from '#api/contract.ts';
import type * as search from '#api/search.ts';
import type { Suggestion } from '#api/search.ts';
import { SEARCH_DEBOUNCE_MS, SEARCH_PREVIEW_ARTICLES, SEARCH_PREVIEW_CATEGORIES } from '#rules/constants.ts';
import { rememberSeen } from '#stores/settings.ts';
import { debounce, previewTerm, quickSuggestTerm, searchPath } from './search.ts';
import { categoryPath } from './catalog.ts';
import { productPath } from './article.ts';

export type { Suggestion } from '#api/search.ts';
export type Preview = ResultOf<typeof search.preview>;
export interface Row { key: string; href: string }


export function useSearchPreview(country: string, lang: string) {
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [sugg, setSugg] = useState<Suggestion[]>([]);
  const [active, setActive] = useState(-1);
  const seq = useRef(0);

  const run = useMemo(() => debounce((term: string) => {
    const id = ++seq.current;
    setLoading(true);
    const query = { q: term, top: '1', nocustomprice: '1', offset: 0, limit: SEARCH_PREVIEW_ARTICLES, lang };
    const pv = request('GET /api/suche/:country', { params: { country }, query }).catch(() => null);
    const ac = request('GET /api/suche/autocomplete/:term/:language', { params: { term, language: lang } }).catch(() => null);
    void Promise.all([pv, ac]).then(([p, a]) => {
      if (id !== seq.current) return;
      setPreview(p);
      setSugg((a?.suggestions ?? []).filter((s) => s.type === 'word').slice(0, 5));
      setActive(-1);
      setLoading(false);
    });
  }, SEARCH_DEBOUNCE_MS), [country, lang]);
  useEffect(() => () => run.cancel(), [run]);

  /** typing: the preview opens, refreshes after the pause, needs 3 characters */
  const onInput = (v: string) => {
    setQ(v);
    const term = previewTerm(v);
    if (!term) { run.cancel(); seq.current++; setPreview(null); setSugg([]); setLoading(false); setOpen(v.trim().length > 0); return; }
    setOpen(true);
    run(term);
  };

  const rows: Row[] = [];
  sugg.forEach((s) => rows.push({ key: `s:${s.text}`, href: searchPath(country, lang, s.text) }));
  preview?.items.slice(0, SEARCH_PREVIEW_ARTICLES).forEach((a) => rows.push({ key: `a:${a.Artikelnummer}`, href: productPath(country, lang, a, a.PG) }));
  preview?.categories.slice(0, SEARCH_PREVIEW_CATEGORIES).forEach((c) => rows.push({ key: `c:${c.katId}`, href: categoryPath(country, lang, c.pg, c.katId) }));

  const go = (url: string) => { setOpen(false); location.assign(url); };

  /** Enter without a chosen row: quick suggestion by article number, else the search page. */
  const submit = async (term: string) => {
    const s = term.trim();
    if (!s) return;
    run.cancel();
    rememberSeen('suchbegriff', s);
    const quick = quickSuggestTerm(s);
    if (quick) {
      try {
        const r = await request('GET /api/shopware/artikel/suggest/:term/:country/:language', { params: { term: quick, country, language: lang } });
        if (r.status === 0 && r.productNumber) {
          const hit = preview?.items.find((i) => i.Artikelnummer === r.productNumber);
          go(productPath(country, lang, { Artikelnummer: r.productNumber, Bezeichnung: hit?.Bezeichnung ?? '' }));
          return;
        }
      } catch { /* not an article number: the normal search */ }
    }
    go(searchPath(country, lang, s));
  };

  const onKey = (e: { key: string; preventDefault(): void }) => {
    if (e.key === 'ArrowDown' && rows.length) { e.preventDefault(); setOpen(true); setActive((a) => (a + 1) % rows.length); }
    else if (e.key === 'ArrowUp' && rows.length) { e.preventDefault(); setActive((a) => (a <= 0 ? rows.length - 1 : a - 1)); }
    else if (e.key === 'Escape') { setOpen(false); setActive(-1); }
    else if (e.key === 'Enter') {
      e.preventDefault();
      const row = active >= 0 ? rows[active] : undefined;
      if (row) go(row.href); else void submit(q);
    }
  };

  return { q, setQ, open, setOpen, loading, preview, sugg, active, rows, onInput, onKey, submit, activeKey: active >= 0 ? rows[active]?.key : undefined };
}
