// The preview dropdown: word suggestions, up to 10 top articles, up to 4 category chips, "show all".
import { SEARCH_PREVIEW_ARTICLES, SEARCH_PREVIEW_CATEGORIES } from '#rules/constants.ts';
import type { T } from '../lib/i18n.ts';
import { priceView, productPath } from '../lib/article.ts';
import { categoryPath } from '../lib/catalog.ts';
import { previewTerm, searchPath } from '../lib/search.ts';
import type { Preview, Suggestion } from '../lib/useSearchPreview.ts';
import { Img } from './Img.tsx';
import { Count } from './Count.tsx';
import { formatCount } from '#rules/locale.ts';

export function optionId(listId: string, key: string): string { return `${listId}-${key.replace(/[^\w-]/g, '_')}`; }

export function SearchPreviewList({ listId, q, loading, preview, sugg, activeKey, country, lang, t }: {
  listId: string; q: string; loading: boolean; preview: Preview | null; sugg: Suggestion[]; activeKey?: string;
  country: string; lang: string; t: T;
}) {
  const term = previewTerm(q);
  const ctx = { country, lang };
  const rowProps = (k: string) => ({
    id: optionId(listId, k), role: 'option', 'aria-selected': activeKey === k,
    className: `sh-sp__row${activeKey === k ? ' is-active' : ''}`,
    // keep the focus in the field so the click is not lost to the blur
    onMouseDown: (e: React.MouseEvent) => e.preventDefault(),
  });
  return (
    <div className="sh-sp" id={listId} role="listbox" aria-label={t('search.suggestions')} data-testid="search-preview">
      {!term && <p className="sh-sp__hint">{t('search.min_chars')}</p>}
      {term && loading && !preview && <p className="sh-sp__hint">{t('app.loading')}</p>}
      {term && preview && preview.items.length === 0 && !loading && <p className="sh-sp__hint">{t('search.no_results', { q: term })}</p>}
      {sugg.length > 0 && (
        <div className="sh-sp__sect">
          <div className="sh-sp__head">{t('search.suggestions')}</div>
          {sugg.map((s) => <a key={s.text} href={searchPath(country, lang, s.text)} {...rowProps(`s:${s.text}`)}>{s.text}</a>)}
        </div>
      )}
      {preview && preview.items.length > 0 && (
        <div className="sh-sp__sect">
          <div className="sh-sp__head">{t('search.top_articles')}</div>
          {preview.items.slice(0, SEARCH_PREVIEW_ARTICLES).map((a) => {
            const p = priceView(a, ctx);
            return (
              <a key={a.Artikelnummer} href={productPath(country, lang, a, a.PG)} {...rowProps(`a:${a.Artikelnummer}`)}>
                <Img className="sh-sp__img" a={a} sizes="40px" alt="" />
                <span className="sh-sp__name">{a.Bezeichnung}<small>{a.Artikelnummer}</small></span>
                <span className="sh-sp__price">{p.onRequest ? t('shop.on_request') : p.price}</span>
              </a>
            );
          })}
        </div>
      )}
      {preview && preview.categories.length > 0 && (
        <div className="sh-sp__sect sh-sp__chips">
          <div className="sh-sp__head">{t('search.categories')}</div>
          {preview.categories.slice(0, SEARCH_PREVIEW_CATEGORIES).map((c) => (
            <a key={c.katId} href={categoryPath(country, lang, c.pg, c.katId)} {...rowProps(`c:${c.katId}`)}>
              <span className="sh-chip">{c.name} <Count n={c.count} lang={lang} /></span>
            </a>
          ))}
        </div>
      )}
      {term && preview && preview.total > 0 && (
        <a className="sh-sp__all" href={searchPath(country, lang, term)} onMouseDown={(e) => e.preventDefault()}>{t('search.show_all')} ({formatCount(preview.total, lang)})</a>
      )}
    </div>
  );
}
