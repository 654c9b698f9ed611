// Cart page (wk): lines with article number, designation, quantity, unit price, total, availability;
// quantity changes are sent 500 ms after the last click, then the toast 'menge_change'.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $customer } from '../../stores/customer.ts';
import { $wkCounter } from '../../stores/basket.ts';
import { openDialog, showToast } from '../../stores/ui.ts';
import { QTY_DEBOUNCE_MS, CART_PANEL_MIN_QTY } from '../../lib/rules/constants.ts';
import { useT, type Messages } from './lib/i18n.ts';
import { deleteLine, emptyCart, loadCart, setQty, type CartLine } from './lib/cart.ts';
import { money, productPath, type Ctx } from './lib/article.ts';
import { packSize } from '#rules/packSize.ts';
import { cartSum, lineTotal, type CartFirst } from './lib/cartView.ts';
import { requireLogin } from './lib/session.ts';
import { useSessionLoad } from './lib/useSessionLoad.ts';
import { errorMessage, failureKey } from './lib/errors.ts';
import { routes } from './lib/routes.ts';
import { checkoutApi, type MoneySummary } from './lib/checkout.ts';
import { discountLabel } from './ui/MoneySummary.tsx';
import { activeUserMay } from '../../lib/rules/permissions.ts';
import { Availability } from './ui/ArticleCard.tsx';
import { Img } from './ui/Img.tsx';
import { QtyStepper } from './ui/QtyStepper.tsx';
import { TrashIcon } from './ui/Icons.tsx';
import './shop.css';

/**
 * `first`: the cart as rendered with the page for the session's customer (lines, pricing, the right to
 * order); the island then asks the API only when that customer changes or the cart changes elsewhere.
 */
export default function CartView({ country, lang, first, messages }: { country: string; lang: string; first?: CartFirst; messages?: Messages }) {
  const t = useT(lang, messages);
  const customer = useStore($customer);
  const counter = useStore($wkCounter);
  const [lines, setLines] = useState<CartLine[] | null>(first?.lines ?? null);
  const [error, setError] = useState('');
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  // until the session check has answered, the customer is the one the server rendered for
  const rendered = !customer.checked && first;
  const currency = rendered ? first.currency : customer.currency;
  const mayOrder = rendered ? first.mayOrder : activeUserMay(customer.activeUser, 'order');
  const ctx: Ctx = useMemo(() => ({ country, lang, currency }), [country, lang, currency]);
  const r = routes(country, lang);

  // the promotions' automatic discounts come from the server's pricing (the same as checkout shows)
  const [priced, setPriced] = useState<MoneySummary | null>(first?.summary ?? null);
  const reprice = () => { checkoutApi({ lang, country }).load().then((i) => setPriced(i.summary)).catch(() => setPriced(null)); };
  const load = () => {
    loadCart(lang).then((l) => { setLines(l); setError(''); if (l.length) reprice(); }).catch((e) => { setError(errorMessage(t, failureKey(e))); setLines([]); });
  };
  // what came with the page stands for its customer (once: another customer logging in loads again)
  const renderedFor = useRef(first?.kdnr ?? null);
  useSessionLoad((c) => {
    const same = renderedFor.current === c.kundennummer;
    renderedFor.current = null;
    if (!c.kundennummer) { requireLogin(); setLines([]); } else if (!same) load();
  });
  useEffect(() => {
    const ts = timers.current;
    return () => { for (const x of ts.values()) clearTimeout(x); };
  }, []);
  // a change elsewhere (cart panel, other tab) shows up here
  const seen = useRef(counter);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the cart counter only; lines and load are read as they are at that moment
  useEffect(() => { if (lines && counter !== seen.current && counter !== lines.length) load(); seen.current = counter; }, [counter]);

  const changeQty = (artnr: string, n: number) => {
    setLines((ls) => ls && ls.map((l) => (l.Artikelnummer === artnr ? { ...l, Menge: n, Gesamtpreis: lineTotal({ Einzelpreis: l.Einzelpreis, Menge: n }) } : l)));
    clearTimeout(timers.current.get(artnr));
    timers.current.set(artnr, setTimeout(async () => {
      timers.current.delete(artnr);
      const res = await setQty(artnr, n);
      if (res) { showToast(t('menge_change'), 'success'); reprice(); } else load();
    }, QTY_DEBOUNCE_MS));
  };

  const remove = async (artnr: string) => {
    clearTimeout(timers.current.get(artnr));
    if (await deleteLine(artnr)) { setLines((ls) => ls && ls.filter((l) => l.Artikelnummer !== artnr)); reprice(); }
  };

  const clear = () => {
    openDialog({
      title: t('cart.clear'), text: t('cart.clear_confirm'), showCancel: true,
      onConfirm: async () => { if (await emptyCart()) setLines([]); },
    });
  };

  if (!customer.checked && lines === null) return <p className="sh-loading">{t('app.loading')}</p>;
  return (
    <div className="sh-cart" data-testid="cart">
      <h1>{t('cart.title')}</h1>
      {error && <p className="sh-error" role="alert">{error}</p>}
      {lines === null && <p className="sh-loading">{t('app.loading')}</p>}
      {lines && lines.length === 0 && !error && (
        <div className="sh-empty"><p>{t('cart.empty')}</p><a className="sh-btn" href={r.home}>{t('continue_shopping')}</a></div>
      )}
      {lines && lines.length > 0 && (
        <>
          <table className="sh-table sh-cart__table">
            <thead>
              <tr>
                <th scope="col"><span className="sh-sr">{t('shop.product_image', { name: '' })}</span></th>
                <th scope="col">{t('shop.article_number')}</th>
                <th scope="col">{t('shop.description')}</th>
                <th scope="col">{t('shop.quantity')}</th>
                <th scope="col" className="sh-num">{t('cart.unit_price')}</th>
                <th scope="col" className="sh-num">{t('cart.total_price')}</th>
                <th scope="col"><span className="sh-sr">{t('cart.remove')}</span></th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l) => (
                <tr key={l.Artikelnummer} data-artnr={l.Artikelnummer} className="sh-cart__line">
                  <td className="sh-cart__img"><Img a={l} sizes="72px" alt="" /></td>
                  <td className="sh-cart__artnr" data-label={t('shop.article_number')}>{l.Artikelnummer}</td>
                  <td className="sh-cart__name">
                    <a href={productPath(country, lang, l)}>{l.Bezeichnung}</a>
                    {l.Gebinde && <small className="sh-muted"> · {packSize(l.Gebinde, lang)}</small>}
                    <div><Availability a={l} t={t} /></div>
                  </td>
                  <td className="sh-cart__qty" data-label={t('shop.quantity')}>
                    <QtyStepper value={l.Menge} onChange={(n) => changeQty(l.Artikelnummer, n)} t={t} min={CART_PANEL_MIN_QTY} />
                  </td>
                  <td className="sh-num sh-cart__unit" data-label={t('cart.unit_price')}>{money(l.Einzelpreis, ctx, l.Waehrung)}</td>
                  <td className="sh-num sh-cart__total" data-label={t('cart.total_price')}>{money(lineTotal(l), ctx, l.Waehrung)}</td>
                  <td className="sh-cart__del">
                    <button type="button" className="sh-iconbtn" onClick={() => void remove(l.Artikelnummer)}
                      aria-label={`${t('cart.remove')}${t('app.colon')} ${l.Bezeichnung}`} title={t('cart.remove')} data-testid="cart-remove"><TrashIcon /></button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="sh-cart__foot">
            <button type="button" className="sh-btn sh-btn--ghost" onClick={clear}>{t('cart.clear')}</button>
            <div className="sh-cart__sum">
              <span>{t('checkout.subtotal')}</span>
              <strong data-testid="cart-sum">{money(cartSum(lines), ctx, lines[0]?.Waehrung)}</strong>
              {priced?.discounts.filter((d) => d.kind === 'promotion').map((d) => (
                <span key={d.label} className="sh-cart__promo" data-testid="cart-promotion">{discountLabel(t, d, lang)}{t('app.colon')} −{money(d.amount, ctx, priced.currency)}</span>
              ))}
              <small className="sh-muted">{t('shop.excl_vat')}</small>
            </div>
            {mayOrder
              ? <a className="sh-btn sh-btn--primary sh-btn--big" href={r.kasse} data-testid="to-checkout">{t('cart.to_checkout')}</a>
              : <p className="sh-note sh-cart__noright" role="note" data-testid="no-order-right">{t('cart.no_order_right')}</p>}
          </div>
        </>
      )}
    </div>
  );
}
