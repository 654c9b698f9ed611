// meinlabor/vorschlag: order suggestions with the filters all, monthly, weekly, yearly (what is due
// within the coming week/month/year; all = every article bought at a rhythm).
import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $customer } from '../../stores/customer.ts';
import { request } from '../../lib/api.ts';
import { useT, type Messages } from './lib/i18n.ts';
import { requireLogin } from './lib/session.ts';
import { useSessionLoad } from './lib/useSessionLoad.ts';
import { errorMessage, failureKey } from './lib/errors.ts';
import type { ArticleItem, Ctx } from './lib/article.ts';
import { ArticleGrid } from './ui/ArticleCard.tsx';
import './shop.css';

export const SUGGESTION_FILTERS = ['all', 'monthly', 'weekly', 'yearly'] as const;
export type SuggestionFilter = (typeof SUGGESTION_FILTERS)[number];

export default function VorschlagView({ country, lang, messages, initial = 'all' }: { country: string; lang: string; messages?: Messages; initial?: SuggestionFilter }) {
  const t = useT(lang, messages);
  const customer = useStore($customer);
  const ctx: Ctx = useMemo(() => ({ country, lang, currency: customer.currency }), [country, lang, customer.currency]);
  const [filter, setFilter] = useState<SuggestionFilter>(initial);
  const [items, setItems] = useState<ArticleItem[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    const h = new URLSearchParams(location.search).get('filter');
    if (h && (SUGGESTION_FILTERS as readonly string[]).includes(h)) setFilter(h as SuggestionFilter);
  }, []);
  useSessionLoad((c) => {
    setItems(null);
    if (!c.kundennummer) { requireLogin(); return; }
    request('GET /api/meinlabor/vorschlag', { query: { filter, lang, country } })
      .then((r) => setItems(r.items)).catch((e) => { setError(errorMessage(t, failureKey(e))); setItems([]); });
  }, [filter, lang, country]);
  const choose = (f: SuggestionFilter) => {
    setFilter(f);
    const u = new URL(location.href);
    if (f === 'all') u.searchParams.delete('filter'); else u.searchParams.set('filter', f);
    history.replaceState(history.state, '', u.pathname + u.search);
  };
  return (
    <div className="sh-vorschlag" data-testid="suggestions">
      <h1>{t('account.suggestions')}</h1>
      <div className="sh-tabs" role="tablist" aria-label={t('account.suggestions')}>
        {SUGGESTION_FILTERS.map((f) => (
          <button key={f} type="button" role="tab" aria-selected={filter === f} className={`sh-tab${filter === f ? ' is-active' : ''}`} onClick={() => choose(f)}>
            {t(`suggestion.${f}`)}
          </button>
        ))}
      </div>
      {error && <p className="sh-error" role="alert">{error}</p>}
      {items === null && <div className="sh-skeleton-grid">{Array.from({ length: 4 }, (_, i) => <div key={i} className="sh-skeleton" />)}</div>}
      {items && items.length === 0 && !error && <p className="sh-empty">{t('suggestion.none')}</p>}
      {items && items.length > 0 && <ArticleGrid items={items} ctx={ctx} t={t} />}
    </div>
  );
}
