// meinlabor: my lab — top articles, order suggestions, order lists and the latest orders.
import { useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $customer } from '../../stores/customer.ts';
import { request } from '../../lib/api.ts';
import { useT, type Messages } from './lib/i18n.ts';
import { requireLogin } from './lib/session.ts';
import { useSessionLoad } from './lib/useSessionLoad.ts';
import { loadLists, type OrderListInfo } from './lib/cart.ts';
import { loadOrders, type OrderSummary } from './lib/orders.ts';
import { routes } from './lib/routes.ts';
import type { ArticleItem, Ctx } from './lib/article.ts';
import { ArticleGrid, ArticleGridSkeleton } from './ui/ArticleCard.tsx';
import { OrdersTable } from './ui/Orders.tsx';
import TopArtikelView from './TopArtikelView.tsx';
import './shop.css';

export default function MeinLaborView({ country, lang, messages }: { country: string; lang: string; messages?: Messages }) {
  const t = useT(lang, messages);
  const customer = useStore($customer);
  const ctx: Ctx = useMemo(() => ({ country, lang, currency: customer.currency }), [country, lang, customer.currency]);
  const r = routes(country, lang);
  const [sugg, setSugg] = useState<ArticleItem[] | null>(null);
  const [lists, setLists] = useState<OrderListInfo[] | null>(null);
  const [orders, setOrders] = useState<OrderSummary[] | null>(null);
  useSessionLoad((c) => {
    if (!c.kundennummer) { requireLogin(); return; }
    request('GET /api/meinlabor/vorschlag', { query: { filter: 'all', lang, country } }).then((x) => setSugg(x.items.slice(0, 4))).catch(() => setSugg([]));
    loadLists().then(setLists).catch(() => setLists([]));
    loadOrders(5).then(setOrders).catch(() => setOrders([]));
  }, [lang, country]);
  return (
    <div className="sh-konto sh-meinlabor" data-testid="meinlabor">
      <h1>{t('meinlabor.title')}</h1>
      <nav className="sh-tiles" aria-label={t('meinlabor.title')}>
        <a className="sh-tile" href={r.topartikel()}>{t('meinlabor.top_articles')}</a>
        <a className="sh-tile" href={r.vorschlag}>{t('account.suggestions')}</a>
        <a className="sh-tile" href={r.bestellliste(0)}>{t('account.favorites')}</a>
        <a className="sh-tile" href={`${r.konto}#meine_bestellungen`}>{t('order.history')}</a>
      </nav>
      <section className="sh-section"><TopArtikelView country={country} lang={lang} limit={8} embedded /></section>
      <section className="sh-section" aria-labelledby="sh-ml-sugg">
        <h2 id="sh-ml-sugg">{t('account.suggestions')}</h2>
        {sugg === null ? <ArticleGridSkeleton n={4} bought /> : sugg.length ? <ArticleGrid items={sugg} ctx={ctx} t={t} /> : <p className="sh-empty">{t('order.none')}</p>}
        <a className="sh-link" href={r.vorschlag}>{t('app.show_all')}</a>
      </section>
      <section className="sh-section" aria-labelledby="sh-ml-lists">
        <h2 id="sh-ml-lists">{t('account.meine_bestelllisten')}</h2>
        <ul className="sh-konto__lists">
          {(lists ?? []).map((l) => <li key={l.id}><a className="sh-tile" href={r.bestellliste(l.id)}>{l.id === 0 ? t('account.favorites') : l.name} <span className="sh-count">{l.count}</span></a></li>)}
        </ul>
      </section>
      <section className="sh-section" aria-labelledby="sh-ml-orders">
        <h2 id="sh-ml-orders">{t('account.meine_bestellungen')}</h2>
        {orders === null ? <p className="sh-loading">{t('app.loading')}</p> : <OrdersTable orders={orders} t={t} ctx={ctx} />}
      </section>
    </div>
  );
}
