// Order history table: number, date, status, total, link to the order and reorder of the whole order.
import { useState } from 'react';
import { showToast } from '#stores/ui.ts';
import type { T } from '../lib/i18n.ts';
import { money, type Ctx } from '../lib/article.ts';
import { reorder, type OrderSummary } from '../lib/orders.ts';
import { routes } from '../lib/routes.ts';
import { errorMessage, failureKey } from '../lib/errors.ts';

export function statusLabel(t: T, s: string): string {
  const k = `order.status.${s}`;
  const v = t(k);
  return v === k ? s : v;
}

export function formatDate(iso: string, ctx: Ctx): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  // a plain calendar day (e.g. the desired date "2027-01-15") is that day everywhere: read as UTC
  // midnight, it must be shown in UTC too, or a browser west of Greenwich shows the day before
  const dayOnly = /^\d{4}-\d{2}-\d{2}$/.test(iso);
  try {
    return d.toLocaleDateString(`${ctx.lang}-${ctx.country.toUpperCase()}`, { year: 'numeric', month: '2-digit', day: '2-digit', ...(dayOnly ? { timeZone: 'UTC' } : {}) });
  } catch { return iso.slice(0, 10); }
}

export async function reorderAll(t: T, auftrag: number | string, lines?: { pos: number; menge: number }[]): Promise<boolean> {
  try {
    const r = await reorder(auftrag, lines);
    showToast(r.skipped.length ? `${t('success_add_to_wk')} (${r.count})` : t('success_add_to_wk'), 'success');
    return true;
  } catch (e) { showToast(errorMessage(t, failureKey(e)), 'error'); return false; }
}

export function OrdersTable({ orders, t, ctx }: { orders: OrderSummary[]; t: T; ctx: Ctx }) {
  const [busy, setBusy] = useState<number | null>(null);
  const r = routes(ctx.country, ctx.lang);
  if (!orders.length) return <p className="sh-empty">{t('order.none')}</p>;
  return (
    <table className="sh-table sh-orders" data-testid="orders">
      <thead>
        <tr>
          <th scope="col">{t('order.number')}</th>
          <th scope="col">{t('order.date')}</th>
          <th scope="col">{t('order.status')}</th>
          <th scope="col" className="sh-num">{t('order.total')}</th>
          <th scope="col"><span className="sh-sr">{t('order.reorder')}</span></th>
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <tr key={o.auftrag} data-auftrag={o.auftrag}>
            <td className="sh-orders__nr"><a href={r.historie(o.datum, o.auftrag)}>{o.auftrag}</a></td>
            <td className="sh-orders__date">{formatDate(o.datum, ctx)}</td>
            <td className="sh-orders__status">{statusLabel(t, o.status)}</td>
            <td className="sh-num sh-orders__total">{money(o.total, ctx, o.currency)}</td>
            <td className="sh-orders__act">
              <button type="button" className="sh-btn sh-btn--small" disabled={busy === o.auftrag}
                onClick={async () => { setBusy(o.auftrag); await reorderAll(t, o.auftrag); setBusy(null); }}>
                {t('order.reorder')}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
