// Buy box of the product detail page: availability (refreshed by the availability call), variants
// of a reference article, quantity stepper 0–999, add to cart, add to an order list, last purchase.
import { useEffect, useMemo, useState } from 'react';
import { request } from '../../lib/api.ts';
import { useT, type Messages } from './lib/i18n.ts';
import { canOrder, firstChoice, lastPurchaseLabel, priceView, productPath, type ArticleItem, type Ctx } from './lib/article.ts';
import { packSize } from '#rules/packSize.ts';
import { addToCart, addToList, loadLists, type BuyBoxFirst, type OrderListInfo } from './lib/cart.ts';
import { useSessionLoad } from './lib/useSessionLoad.ts';
import { Availability } from './ui/ArticleCard.tsx';
import { Price } from './ui/Price.tsx';
import { QtyStepper } from './ui/QtyStepper.tsx';
import './shop.css';


/** `first`: what the island would load on mount, rendered with the page for the session's customer (it then hydrates on interaction). */
export default function ProductActions({ article, variants = [], country, lang, first, messages }: {
  article: ArticleItem; variants?: ArticleItem[]; country: string; lang: string; first?: BuyBoxFirst; messages?: Messages;
}) {
  const t = useT(lang, messages);
  const ctx: Ctx = useMemo(() => ({ country, lang }), [country, lang]);
  const [chosen, setChosen] = useState<ArticleItem>(() => firstChoice(article, variants));
  const [qty, setQty] = useState(1);
  const [vkz, setVkz] = useState<Record<string, string>>(first?.vkz ?? {});
  const [lists, setLists] = useState<OrderListInfo[] | null>(first?.lists ?? null);
  const [listId, setListId] = useState(0);
  const [mine, setMine] = useState<Pick<ArticleItem, 'LetzterKaufMonat' | 'LetzterKaufJahr'> | null>(first?.lastPurchase ?? null);
  const [busy, setBusy] = useState(false);

  // availability call of section 7 for the chosen article
  useEffect(() => {
    const nr = chosen.Artikelnummer;
    if (vkz[nr] !== undefined) return;
    request('GET /api/artikel/:artnr/verfuegbar/:country', { params: { artnr: nr, country } }).then((r) => setVkz((m) => ({ ...m, [nr]: String(r.vkz) }))).catch(() => {});
  }, [chosen.Artikelnummer, country, vkz]);

  // order lists load only for non-guests; the customer's purchase facts come with their session
  useSessionLoad((c) => {
    if (!c.kundennummer || (first && first.kdnr === c.kundennummer)) return;
    loadLists().then(setLists).catch(() => setLists([]));
    request('GET /api/artikel/:artnr/:country/:language', { params: { artnr: article.Artikelnummer, country, language: lang } }).then(setMine).catch(() => {});
  }, [article.Artikelnummer, country, lang]);

  const target = chosen;
  const orderable = canOrder(target);
  const last = mine ? lastPurchaseLabel(mine, t) : '';
  const avail = { vkz: vkz[target.Artikelnummer] ?? target.vkz, Lieferstatus: target.Lieferstatus };

  const add = async () => {
    setBusy(true);
    try { await addToCart(target.Artikelnummer, qty); } finally { setBusy(false); }
  };

  return (
    <div className="sh-pd-actions" data-testid="product-actions">
      {variants.length > 0 && (
        <fieldset className="sh-variants">
          <legend>{t('shop.choose_variant')}</legend>
          <ul>
            {variants.map((v) => {
              const p = priceView(v, ctx);
              return (
                <li key={v.Artikelnummer}>
                  <label className={`sh-variant${chosen.Artikelnummer === v.Artikelnummer ? ' is-active' : ''}`}>
                    <input type="radio" name="variant" checked={chosen.Artikelnummer === v.Artikelnummer} onChange={() => setChosen(v)} />
                    <span className="sh-variant__name">{v.Bezeichnung}<small>{v.Artikelnummer}{v.Gebinde ? ` · ${packSize(v.Gebinde, lang)}` : ''}</small></span>
                    <span className="sh-variant__price">{p.onRequest ? t('shop.on_request') : p.price}</span>
                  </label>
                  <a className="sh-link sh-variant__link" href={productPath(country, lang, v, v.PG)} aria-label={`${t('shop.details')}${t('app.colon')} ${v.Bezeichnung}`}>{t('shop.details')}</a>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
      {variants.length > 0 && <Price a={target} ctx={ctx} t={t} large />}
      <Availability a={avail} t={t} />
      {last && <p className="sh-card__last" data-testid="last-purchase">{last}</p>}
      {target.AusSortiment ? <p className="sh-note">{t('shop.out_of_range')}</p> : null}
      {target.TempAusSortiment ? <p className="sh-note">{t('shop.temp_out_of_range')}</p> : null}
      {orderable ? (
        <div className="sh-buy sh-buy--large">
          <label className="sh-sr" htmlFor="sh-pd-qty">{t('shop.quantity')}</label>
          <QtyStepper id="sh-pd-qty" value={qty} onChange={setQty} t={t} />
          <button type="button" className="sh-btn sh-btn--primary sh-btn--big" onClick={add} disabled={busy} data-testid="add-to-cart">
            {t('shop.add_to_cart')}
          </button>
        </div>
      ) : priceView(target, ctx).onRequest ? (
        <p className="sh-note">{t('shop.on_request')}</p>
      ) : null}
      <div className="sh-pd-list">
        {lists && lists.length > 1 && (
          <label className="sh-field sh-field--inline">
            <span className="sh-field__label">{t('shop.choose_list')}</span>
            <select value={listId} onChange={(e) => setListId(Number(e.target.value))}>
              {lists.map((l) => <option key={l.id} value={l.id}>{l.id === 0 ? t('account.favorites') : l.name}</option>)}
            </select>
          </label>
        )}
        <button type="button" className="sh-btn" data-testid="add-to-list"
          onClick={() => void addToList(listId, target.Artikelnummer, qty > 0 ? qty : undefined)}>
          ♡ {t('shop.add_to_list')}
        </button>
      </div>
    </div>
  );
}
