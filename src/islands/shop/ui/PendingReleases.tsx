// Orders placed by a sub-user without release right over the account threshold or the buyer's monthly
// budget wait here, with the reason, until the main user or a K07 manager releases them (spec section 6). Others see the list with the reason instead of
// the release buttons (the API refuses their release anyway).
import { useEffect, useState } from 'react';
import { showToast } from '#stores/ui.ts';
import type { T } from '../lib/i18n.ts';
import { errorMessage, failureKey } from '../lib/errors.ts';
import { loadPending, releaseOrder, type OrderSummary } from '../lib/orders.ts';
import { money, type Ctx } from '../lib/article.ts';
import { formatDate } from './Orders.tsx';
import { releaseReasonText } from '../lib/release-reason.ts';

export function PendingReleases({ t, ctx, onReleased, mayRelease }: { t: T; ctx: Ctx; onReleased?: () => void; mayRelease: boolean }) {
  const [orders, setOrders] = useState<OrderSummary[]>([]);
  const [busy, setBusy] = useState<number | null>(null);
  useEffect(() => { loadPending().then(setOrders).catch(() => setOrders([])); }, []);
  if (!orders.length) return null;
  const release = async (auftrag: number) => {
    setBusy(auftrag);
    try {
      await releaseOrder(auftrag);
      setOrders((os) => os.filter((o) => o.auftrag !== auftrag));
      showToast(t('order.released', { number: auftrag }), 'success');
      onReleased?.();
    } catch (e) {
      showToast(errorMessage(t, failureKey(e)), 'error');
    } finally { setBusy(null); }
  };
  return (
    <div className="sh-box sh-pending" data-testid="pending-releases">
      <h3>{t('order.pending_title')}</h3>
      <table className="sh-table sh-orders">
        <thead><tr><th scope="col">{t('order.number')}</th><th scope="col">{t('order.date')}</th><th scope="col" className="sh-num">{t('cart.total_price')}</th><th scope="col">{t('release.reason')}</th><th scope="col"><span className="sh-sr">{t('order.release')}</span></th></tr></thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.auftrag} data-auftrag={o.auftrag}>
              <td className="sh-orders__nr">{o.auftrag}</td><td className="sh-orders__date">{formatDate(o.datum, ctx)}</td>
              <td className="sh-num sh-orders__total">{money(o.total, ctx, o.currency)}</td>
              <td className="sh-orders__reason" data-reason={o.releaseReason?.reason ?? 'threshold'}>{releaseReasonText(t, o.releaseReason, ctx)}</td>
              <td className="sh-orders__act">{mayRelease && <button type="button" className="sh-btn sh-btn--small sh-btn--primary" disabled={busy !== null} onClick={() => void release(o.auftrag)}>{t('order.release')}</button>}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {!mayRelease && <p className="sh-note" role="note" data-testid="no-release-right">{t('order.no_release_right')}</p>}
    </div>
  );
}
