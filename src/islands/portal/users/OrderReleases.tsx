// Orders waiting for a release (section 6: a K07 manager also releases orders placed by others).
// Orders of a buyer (K09) over the account's threshold or the buyer's monthly budget (BudgetRules.tsx)
// wait until the main user or a K07 releases them here; each row says why it waits.
// The release button shows only for those users; the API refuses everyone else (403 forbidden_function).
import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $customer } from '#stores/customer.ts';
import { showToast } from '#stores/ui.ts';
import { request, type ApiResult } from '#lib/api.ts';
import { loadPending, releaseOrder, type OrderSummary } from '../../shop/lib/orders.ts';
import { releaseReasonText } from '../../shop/lib/release-reason.ts';
import { useT, type Messages } from '../../shop/lib/i18n.ts';
import { ensureCustomer } from '../../shop/lib/session.ts';
import { failureKey } from '../../shop/lib/errors.ts';
import { money, type Ctx } from '../../shop/lib/article.ts';
import { formatDate } from '../../shop/ui/Orders.tsx';
import { portalError } from '../lib/errors.ts';
import { allows } from '#rules/permissions.ts';
import '../portal.css';
import { ScrollRegion } from '../../shop/ui/ScrollRegion.tsx';

type Pending = OrderSummary & { created_at?: string; placedBySubUser?: number | null };
type User = ApiResult<'GET /api/user/subusers'>[number];

/** The shared rule (src/lib/rules/permissions.ts 'release'): the main user or a K07 sub-user. */
const mayRelease = (u: User | undefined) => !!u && allows(u.role === 'general' ? null : u.funktionen, 'release');

export default function OrderReleases({ country, lang, messages }: { country: string; lang: string; messages?: Messages }) {
  const t = useT(lang, messages);
  const customer = useStore($customer);
  const ctx: Ctx = useMemo(() => ({ country, lang, currency: customer.currency }), [country, lang, customer.currency]);
  const [orders, setOrders] = useState<Pending[] | null>(null);
  const [users, setUsers] = useState<User[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<number | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: mount only; t is only read when an error is shown; it changes when the full message set arrives, which must not refetch
  useEffect(() => {
    void ensureCustomer().then((c) => {
      if (!c.kundennummer) return; // the user list beside this asks for the login
      Promise.all([loadPending(), request('GET /api/user/subusers')])
        .then(([p, us]) => { setOrders(p as Pending[]); setUsers(us); })
        .catch((e) => { setOrders([]); setError(portalError(t, failureKey(e))); });
    });
  }, []);

  const active = users.find((u) => u.active);
  const canRelease = mayRelease(active);
  const nameOf = (id: number | null | undefined) => {
    const u = users.find((x) => x.id === (id ?? 0));
    return u ? `${u.vorname} ${u.nachname}`.trim() : '—';
  };

  const release = async (o: Pending) => {
    setBusy(o.auftrag); setError('');
    try {
      await releaseOrder(o.auftrag);
      setOrders((xs) => (xs ?? []).filter((x) => x.auftrag !== o.auftrag));
      showToast(t('logbuch_user.released', { auftrag: o.auftrag }), 'success');
    } catch (e) {
      const key = failureKey(e);
      setError(key === 'forbidden_function' ? t('logbuch_user.no_release_right') : portalError(t, key));
    } finally { setBusy(null); }
  };

  return (
    <section className="pt-releases" aria-labelledby="pt-releases-title" data-testid="order-releases">
      <h2 id="pt-releases-title" className="sh-section__title">{t('logbuch_user.releases')}</h2>
      <p className="sh-muted">{t('logbuch_user.releases_intro')}</p>
      {orders && orders.length > 0 && !canRelease && <p className="sh-note">{t('logbuch_user.no_release_right')}</p>}
      {error && <p className="sh-error" role="alert" data-testid="release-error">{error}</p>}
      {orders === null && <p aria-busy="true">{t('app.loading')}</p>}
      {orders?.length === 0 && !error && <p className="sh-empty" data-testid="no-releases">{t('logbuch_user.releases_empty')}</p>}
      {orders && orders.length > 0 && (
        <ScrollRegion labelledBy="pt-releases-title">
          <table className="sh-table pt-doctable">
            <thead>
              <tr>
                <th scope="col">{t('logbuch_user.order')}</th><th scope="col">{t('logbuch_user.date')}</th>
                <th scope="col">{t('logbuch_user.placed_by')}</th><th scope="col" className="sh-num">{t('logbuch_user.total')}</th>
                <th scope="col">{t('release.reason')}</th><th scope="col"><span className="sh-sr">{t('app.column_actions')}</span></th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.auftrag} data-auftrag={o.auftrag}>
                  <td data-label={t('logbuch_user.order')}>{o.auftrag}</td>
                  <td data-label={t('logbuch_user.date')}>{formatDate(o.created_at ?? o.datum, ctx)}</td>
                  <td data-label={t('logbuch_user.placed_by')}>{nameOf(o.placedBySubUser)}</td>
                  <td className="sh-num" data-label={t('logbuch_user.total')}>{money(o.total, ctx, o.currency)}</td>
                  <td className="pt-reason" data-label={t('release.reason')} data-testid={`release-reason-${o.auftrag}`}
                    data-reason={o.releaseReason?.reason ?? 'threshold'}>{releaseReasonText(t, o.releaseReason, ctx)}</td>
                  <td>
                    {canRelease && (
                      <button type="button" className="sh-btn sh-btn--small sh-btn--primary" disabled={busy !== null} aria-busy={busy === o.auftrag}
                        aria-label={t('logbuch_user.release_order', { auftrag: o.auftrag })} onClick={() => void release(o)}>
                        {t('logbuch_user.release')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
