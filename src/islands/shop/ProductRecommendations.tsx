// 'bought_together' recommendations of the product detail page (guest call; loads when visible).
import { useEffect, useMemo, useState } from 'react';
import { request } from '../../lib/api.ts';
import { useT, type Messages } from './lib/i18n.ts';
import type { ArticleItem, Ctx } from './lib/article.ts';
import { ArticleGrid } from './ui/ArticleCard.tsx';
import './shop.css';

export default function ProductRecommendations({ artnr, country, lang, messages }: { artnr: string; country: string; lang: string; messages?: Messages }) {
  const t = useT(lang, messages);
  const ctx: Ctx = useMemo(() => ({ country, lang }), [country, lang]);
  const [items, setItems] = useState<ArticleItem[] | null>(null);
  useEffect(() => {
    request('GET /api/guest/recommend/:artnr/:country/:language', { params: { artnr, country, language: lang } })
      .then((r) => setItems(r.recommendations.slice(0, 8))).catch(() => setItems([]));
  }, [artnr, country, lang]);
  if (items !== null && items.length === 0) return null;
  return (
    <section className="sh-section sh-recs" aria-labelledby="sh-bt-title" aria-busy={items === null}>
      <h2 id="sh-bt-title" className="sh-section__title">{t('bought_together')}</h2>
      {items === null ? <div className="sh-skeleton-grid">{Array.from({ length: 4 }, (_, i) => <div key={i} className="sh-skeleton" />)}</div>
        : <ArticleGrid items={items} ctx={ctx} t={t} />}
    </section>
  );
}
