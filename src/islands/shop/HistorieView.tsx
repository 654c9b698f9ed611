// meinlabor/historie/auftrag/{year}/{month}/{day}/{auftrag}: one past order with its lines; reorder
// the whole order or single lines.
import { useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $customer } from '../../stores/customer.ts';
import { ApiFailure } from '../../lib/api.ts';
import { useT, type Messages } from './lib/i18n.ts';
import { requireLogin } from './lib/session.ts';
import { useSessionLoad } from './lib/useSessionLoad.ts';
import { errorMessage, failureKey } from './lib/errors.ts';
import { loadOrder, type OrderDetail } from './lib/orders.ts';
import { money, productPath, type Ctx } from './lib/article.ts';
import { routes } from './lib/routes.ts';
import { formatDate, reorderAll, statusLabel } from './ui/Orders.tsx';
import { QtyStepper } from './ui/QtyStepper.tsx';
import { MoneySummaryBox } from './ui/MoneySummary.tsx';
import './shop.css';

export default function HistorieView({ auftrag, country, lang, messages }: {
  year: number; month: number; day: number; auftrag: string; country: string; lang: string; messages?: Messages;
}) {
  const t = useT(lang, messages);
  const customer = useStore($customer);
  const ctx: Ctx = useMemo(() => ({ country, lang, currency: customer.currency }), [country, lang, customer.currency]);
  const [order, setOrder] = useState<OrderDetail | null>(null);
  const [qty, setQty] = useState<Record<string, number>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useSessionLoad((c) => {
    if (!c.kundennummer) { requireLogin(); return; }
    loadOrder(auftrag, lang).then((o) => {
      setOrder(o);
      setQty(Object.fromEntries(o.lines.map((l) => [l.artnr, Math.max(1, l.menge)])));
    }).catch((e) => setError(e instanceof ApiFailure && e.status === 404 ? t('not_found') : errorMessage(t, failureKey(e))));
  }, [auftrag]);

  const r = routes(country, lang);
  if (error) return <div className="sh-history"><p className="sh-error" role="alert">{error}</p><a className="sh-link" href={r.konto + '#meine_bestellungen'}>{t('app.back')}</a></div>;
  if (!order) return <p className="sh-loading">{t('app.loading')}</p>;
  const all = async () => { setBusy(true); await reorderAll(t, order.auftrag); setBusy(false); };
  return (
    <div className="sh-history" data-testid="order-detail">
      <h1>{t('order.details')} {order.auftrag}</h1>
      <dl className="sh-pd__facts">
        <div><dt>{t('order.number')}</dt><dd>{order.auftrag}</dd></div>
        {order.vorgang ? <div><dt>{t('order.process')}</dt><dd>{order.vorgang}</dd></div> : null}
        {order.rechnung ? <div><dt>{t('order.invoice')}</dt><dd>{order.rechnung}</dd></div> : null}
        <div><dt>{t('order.date')}</dt><dd>{formatDate(order.datum, ctx)}</dd></div>
        <div><dt>{t('order.status')}</dt><dd>{statusLabel(t, order.status)}</dd></div>
        <div><dt>{t('checkout.total_net')}</dt><dd>{money(order.total, ctx, order.currency)}</dd></div>
      </dl>
      <table className="sh-table sh-hist">
        <thead>
          <tr>
            <th scope="col">{t('cart.position')}</th><th scope="col">{t('shop.article_number')}</th><th scope="col">{t('shop.description')}</th>
            <th scope="col">{t('shop.quantity')}</th><th scope="col" className="sh-num">{t('cart.unit_price')}</th><th scope="col"><span className="sh-sr">{t('order.reorder')}</span></th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((l) => (
            <tr key={`${l.pos}-${l.artnr}`} data-artnr={l.artnr}>
              <td className="sh-hist__pos">{l.pos}</td>
              <td className="sh-hist__artnr" data-label={t('shop.article_number')}>{l.artnr}</td>
              <td className="sh-hist__name"><a href={productPath(country, lang, { Artikelnummer: l.artnr, Bezeichnung: l.bezeichnung })}>{l.bezeichnung}</a>
                {l.status === 'backorder' ? <small className="sh-muted"> · {t('order.backorder')}</small> : null}</td>
              <td className="sh-hist__qty" data-label={t('shop.quantity')}>{l.menge}</td>
              <td className="sh-num sh-hist__price" data-label={t('cart.unit_price')}>{money(l.preis, ctx, order.currency)}</td>
              <td className="sh-history__re">
                {l.orderable !== false && (
                  <>
                    <QtyStepper value={qty[l.artnr] ?? 1} onChange={(n) => setQty((q) => ({ ...q, [l.artnr]: n }))} t={t} min={1} />
                    <button type="button" className="sh-btn sh-btn--small" onClick={() => void reorderAll(t, order.auftrag, [{ pos: l.pos, menge: qty[l.artnr] ?? 1 }])}>
                      {t('shop.add_to_cart')}
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="sh-history__money"><MoneySummaryBox s={order.summary} t={t} ctx={ctx} showLines={false} /></div>
      <div className="sh-actions">
        <a className="sh-btn sh-btn--ghost" href={r.konto + '#meine_bestellungen'}>{t('order.history')}</a>
        <button type="button" className="sh-btn sh-btn--primary" onClick={() => void all()} disabled={busy} data-testid="reorder-all">{t('order.reorder')}</button>
      </div>
    </div>
  );
}
