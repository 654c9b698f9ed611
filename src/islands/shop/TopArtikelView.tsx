// meinlabor/topartikel/{pg?}: the customer's most ordered articles, filterable by product group.
import { useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $customer } from '../../stores/customer.ts';
import { request } from '../../lib/api.ts';
import type { ResultOf } from '../../api/contract.ts';
import type * as catalog from '../../api/catalog.ts';
import { useT, type Messages } from './lib/i18n.ts';
import { requireLogin } from './lib/session.ts';
import { useSessionLoad } from './lib/useSessionLoad.ts';
import { errorMessage, failureKey } from './lib/errors.ts';
import { orderGroups } from './lib/catalog.ts';
import type { Ctx } from './lib/article.ts';
import { routes } from './lib/routes.ts';
import { ArticleGrid } from './ui/ArticleCard.tsx';
import { ArticleRow, ArticleRowSkeleton } from './ui/ArticleRow.tsx';
import { Count } from './ui/Count.tsx';
import './shop.css';

type Answer = ResultOf<typeof catalog.topArticles>;

export default function TopArtikelView({ pg, country, lang, messages, limit = 50, embedded, title }: {
  pg?: number | null; country: string; lang: string; messages?: Messages; limit?: number; embedded?: boolean;
  /** the heading when the embedding page names the section otherwise (konto: as its sub-navigation does) */
  title?: string;
}) {
  const t = useT(lang, messages);
  const heading = title ?? t('meinlabor.top_articles');
  const customer = useStore($customer);
  const ctx: Ctx = useMemo(() => ({ country, lang, currency: customer.currency }), [country, lang, customer.currency]);
  const [data, setData] = useState<Answer | null>(null);
  const [error, setError] = useState('');
  const r = routes(country, lang);
  useSessionLoad((c) => {
    // embedded in konto and meinlabor, whose page asks for the login itself
    if (!c.kundennummer) { if (!embedded) requireLogin(); return; }
    request('GET /api/meinlabor/topartikel', { query: { limit, lang, country, pg } }).then(setData).catch((e) => setError(errorMessage(t, failureKey(e))));
  }, [pg, lang, country, limit]);
  const H = embedded ? 'h2' : 'h1';
  return (
    <div className="sh-top" data-testid="top-articles">
      <H>{heading}</H>
      {data && data.groups.length > 0 && !embedded && (
        <nav className="sh-subcats" aria-label={t('nav.categories')}>
          <a className={`sh-chip sh-chip--link${pg === undefined || pg === null ? ' is-active' : ''}`} href={r.topartikel()}>{t('suggestion.all')}</a>
          {orderGroups(data.groups).map((g) => (
            <a key={g.pg} className={`sh-chip sh-chip--link${g.pg === pg ? ' is-active' : ''}`} href={r.topartikel(g.pg)} aria-current={g.pg === pg ? 'page' : undefined}>
              {g.bez} <Count n={g.count} lang={lang} />
            </a>
          ))}
        </nav>
      )}
      {error && <p className="sh-error" role="alert">{error}</p>}
      {/* embedded (konto, meinlabor): one row that scrolls sideways, as tall loading as loaded, not a page of cards */}
      {!data && !error && (embedded ? <ArticleRowSkeleton bought /> : <div className="sh-skeleton-grid">{Array.from({ length: 4 }, (_, i) => <div key={i} className="sh-skeleton" />)}</div>)}
      {data && data.items.length === 0 && <p className="sh-empty">{t('order.none')}</p>}
      {data && data.items.length > 0 && (embedded
        ? <ArticleRow items={data.items} ctx={ctx} t={t} label={heading} showAllHref={r.topartikel()} bought />
        : <ArticleGrid items={data.items} ctx={ctx} t={t} />)}
      {embedded && <a className="sh-link" href={r.topartikel()}>{t('app.show_all')}</a>}
    </div>
  );
}
