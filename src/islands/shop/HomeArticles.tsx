// Home page sections "Neuheiten" (group 91) and "Top-Deals" (group 90): the first articles of the
// group with the customer's prices in a horizontal article grid; a group without articles removes
// its section (no empty heading).
import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $customer } from '../../stores/customer.ts';
import { request } from '../../lib/api.ts';
import { useT, type Messages } from './lib/i18n.ts';
import { useSessionLoad } from './lib/useSessionLoad.ts';
import type { ArticleItem, Ctx } from './lib/article.ts';
import { ArticleRow, ArticleRowSkeleton } from './ui/ArticleRow.tsx';
import { categoryPath } from './lib/catalog.ts';
import './shop.css';

export default function HomeArticles({ country, lang, pg, sort, label, limit = 12, messages }: {
  country: string; lang: string; pg: number; sort: 'newest' | 'relevance'; label: string; limit?: number; messages?: Messages;
}) {
  const t = useT(lang, messages);
  const customer = useStore($customer);
  const ctx: Ctx = useMemo(() => ({ country, lang, currency: customer.currency }), [country, lang, customer.currency]);
  const [items, setItems] = useState<ArticleItem[] | null>(null);
  const root = useRef<HTMLDivElement>(null);
  // after the session is known: a logged-in customer sees own prices and "already bought"
  useSessionLoad(() => {
    request('GET /api/shop/category', { query: { pg, sort, page: 1, pageSize: limit, country, lang } })
      .then((r) => setItems(r.items)).catch(() => setItems([]));
  }, [pg, sort, limit, country, lang]);
  useEffect(() => {
    const section = root.current?.closest('section');
    if (section) section.hidden = items !== null && items.length === 0;
  }, [items]);
  return (
    <div ref={root} className="sh-home-articles" data-testid={`home-articles-${pg}`}>
      {items === null
        ? <ArticleRowSkeleton />
        : <ArticleRow items={items} ctx={ctx} t={t} label={label} showAllHref={categoryPath(country, lang, pg, null, 1)} />}
    </div>
  );
}
