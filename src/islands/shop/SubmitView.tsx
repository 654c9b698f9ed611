// Order submission (wk/submit): summary, one submit per checkout attempt (Idempotency-Key: a double
// click or a retry never creates a second order), then the confirmation with the order number and
// the basket reset of section 4.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $customer } from '../../stores/customer.ts';
import { showToast } from '../../stores/ui.ts';
import { useT, type Messages } from './lib/i18n.ts';
import { requireLogin } from './lib/session.ts';
import { useSessionLoad } from './lib/useSessionLoad.ts';
import { activeUserMay } from '../../lib/rules/permissions.ts';
import { addressLines } from '../../lib/rules/address.ts';
import { formatDate } from './ui/Orders.tsx';
import { errorMessage, failureKey } from './lib/errors.ts';
import { $checkout, attemptKey, checkoutApi, resetBasket, type CheckoutInfo } from './lib/checkout.ts';
import { money, type Ctx } from './lib/article.ts';
import { routes } from './lib/routes.ts';
import { MoneySummaryBox } from './ui/MoneySummary.tsx';
import './shop.css';

const DONE_KEY = 'shop:lastOrder';
interface Done { auftrag: number; release: boolean }
function storedDone(): Done | null {
  try { const d = sessionStorage.getItem(DONE_KEY); return d ? (JSON.parse(d) as Done) : null; } catch { return null; }
}

export default function SubmitView({ country, lang, messages }: { country: string; lang: string; messages?: Messages }) {
  const t = useT(lang, messages);
  const customer = useStore($customer);
  const st = useStore($checkout);
  const ctx: Ctx = useMemo(() => ({ country, lang, currency: customer.currency }), [country, lang, customer.currency]);
  const r = routes(country, lang);
  const co = useMemo(() => checkoutApi({ lang, country }), [lang, country]);
  const [info, setInfo] = useState<CheckoutInfo | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const inFlight = useRef(false);

  // a submitted order (this tab, e.g. after a reload) shows its confirmation, nothing else is loaded
  useEffect(() => { const d = storedDone(); if (d) setDone(d); }, []);
  useSessionLoad((c) => {
    if (storedDone()) return;
    if (!c.kundennummer) { requireLogin(); return; }
    co.load().then(setInfo).catch((e) => setError(errorMessage(t, failureKey(e))));
  });

  const submit = async () => {
    if (inFlight.current) return; // a double click sends nothing twice
    inFlight.current = true;
    setBusy(true); setError('');
    const key = attemptKey();
    try {
      const res = await co.submit(key, {
        addressId: st.addressId, versandart: st.versandart, versanddatum: st.versanddatum || null, kommentar: st.kommentar,
        zahlungsart: st.zahlungsart, fwt: st.fwt,
      });
      const d: Done = { auftrag: res.auftrag, release: res.release === true || res.status === 'release_pending' };
      try { sessionStorage.setItem(DONE_KEY, JSON.stringify(d)); } catch { /* ignore */ }
      resetBasket();
      setDone(d);
      window.scrollTo({ top: 0 });
    } catch (e) {
      // the key stays: retrying this attempt cannot create a second order
      const k = failureKey(e);
      setError(errorMessage(t, k));
      showToast(errorMessage(t, k), 'error');
    } finally { inFlight.current = false; setBusy(false); }
  };

  if (done) {
    return (
      <div className="sh-checkout sh-confirm" data-testid="order-confirmation">
        <h1>{t('checkout.confirmation_title')}</h1>
        <p className="sh-success">{t('checkout.order_number_confirmation', { number: done.auftrag })}</p>
        {done.release && <p className="sh-note">{t('checkout.release_pending')}</p>}
        <p data-testid="order-number" hidden>{done.auftrag}</p>
        <div className="sh-actions">
          <a className="sh-btn" href={`${r.konto}#meine_bestellungen`} onClick={() => sessionStorage.removeItem(DONE_KEY)}>{t('order.history')}</a>
          <a className="sh-btn sh-btn--primary" href={r.home} onClick={() => sessionStorage.removeItem(DONE_KEY)}>{t('continue_shopping')}</a>
        </div>
      </div>
    );
  }
  if (error && !info) return <div className="sh-checkout"><p className="sh-error" role="alert">{error}</p><a className="sh-btn" href={r.kasse}>{t('app.back')}</a></div>;
  if (!info) return <p className="sh-loading">{t('app.loading')}</p>;
  if (!info.lines.length) return <div className="sh-checkout"><p className="sh-empty">{errorMessage(t, 'cart_no_products')}</p><a className="sh-btn" href={r.home}>{t('continue_shopping')}</a></div>;
  const cur = info.totals.currency;
  const mayOrder = activeUserMay(customer.activeUser, 'order');
  // no address chosen on this visit: the one the order goes to (the view resolves an unset one to the default)
  const addr = info.addresses.find((a) => a.id === (st.addressId ?? info.addressId));
  const ship = info.versandarten.find((v) => v.id === (st.versandart || info.state.versandart));
  const pay = info.zahlungsarten.find((z) => z.id === (st.zahlungsart || info.state.zahlungsart));
  return (
    <div className="sh-checkout" data-testid="submit">
      <h1>{t('checkout.summary')}</h1>
      <div className="sh-checkout__grid">
        <div className="sh-checkout__main">
          <section className="sh-box">
            <h2>{t('checkout.delivery_address')}</h2>
            <p>{addr ? addressLines(addr, lang).join(', ') : '—'}</p>
            <h2>{t('checkout.shipping_method')}</h2>
            <p>{ship ? ship.label ?? t(`checkout.shipping.${ship.id}`) : '—'}{st.versanddatum ? ` · ${t('checkout.desired_date')}${t('app.colon')} ${formatDate(st.versanddatum, ctx)}` : ''}</p>
            <h2>{t('checkout.payment_method')}</h2>
            <p>{pay ? pay.label ?? t(`checkout.payment.${pay.id}`) : '—'}</p>
            {info.benefit && <p>{t('checkout.benefit_code')}{t('app.colon')} <strong>{info.benefit.code}</strong></p>}
            {info.benefit?.freeGift && <p>{t('checkout.free_gift')}{t('app.colon')} {info.benefit.freeGift.bezeichnung}</p>}
            {st.fwt && <p>{t('checkout.fwt')}</p>}
            {st.kommentar && <p>{t('checkout.comment')}{t('app.colon')} {st.kommentar}</p>}
            <a className="sh-link" href={r.kasse}>{t('app.edit')}</a>
          </section>
          <table className="sh-table sh-submit-lines">
            <thead><tr><th scope="col">{t('shop.article_number')}</th><th scope="col">{t('shop.description')}</th><th scope="col">{t('shop.quantity')}</th><th scope="col" className="sh-num">{t('cart.total_price')}</th></tr></thead>
            <tbody>
              {info.summary.lines.map((l) => (
                <tr key={`${l.artnr}${l.gift ? '-gift' : ''}`} data-kind={l.gift ? 'gift' : 'line'}>
                  <td>{l.artnr}</td><td>{l.gift ? `${t('checkout.free_gift')}${t('app.colon')} ` : ''}{l.bezeichnung}<small className="sh-submit-lines__nr">{l.artnr}</small></td><td>{l.menge}</td><td className="sh-num">{money(l.net, ctx, cur)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <aside className="sh-checkout__side sh-box">
          <MoneySummaryBox s={info.summary} t={t} ctx={ctx} showLines={false} />
          {error && <p className="sh-error" role="alert">{error}</p>}
          {!mayOrder && <p className="sh-note" role="note" data-testid="no-order-right">{t('cart.no_order_right')}</p>}
          <button type="button" className="sh-btn sh-btn--primary sh-btn--big sh-btn--block" onClick={() => void submit()} disabled={busy || !mayOrder} aria-busy={busy} data-testid="submit-order">
            {busy ? t('form.sending') : t('checkout.submit_order')}
          </button>
        </aside>
      </div>
    </div>
  );
}
