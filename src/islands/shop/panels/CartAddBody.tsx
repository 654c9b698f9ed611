import { useEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { $cartPanelOpen } from '#stores/basket.ts';
import { showToast } from '#stores/ui.ts';
import { request } from '#lib/api.ts';
import { CART_PANEL_CLOSE_MS, QTY_DEBOUNCE_MS, RECOMMENDATION_ADD_QTY, CART_PANEL_MIN_QTY } from '#rules/constants.ts';
import { clampCartPanelQty } from '#rules/validate.ts';
import { packSize } from '#rules/packSize.ts';
import type { T } from '../lib/i18n.ts';
import { priceView, productPath, canOrder, type ArticleItem } from '../lib/article.ts';
import { addToCart, loadCartLine, setQty } from '../lib/cart.ts';
import { debounce } from '../lib/search.ts';
import { routes } from '../lib/routes.ts';
import { Img } from '../ui/Img.tsx';
import { QtyStepper } from '../ui/QtyStepper.tsx';

const SCROLL_KEYS = new Set(['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp', 'Home', 'End', ' ']);

export default function CartAddBody({ artnr, country, lang, t }: { artnr: string; country: string; lang: string; t: T }) {
  const [product, setProduct] = useState<ArticleItem | null>(null);
  const [recs, setRecs] = useState<ArticleItem[]>([]);
  const [qty, setQ] = useState(1);
  const [loading, setLoading] = useState(true);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const panel = useRef<HTMLDivElement>(null);
  const ctx = { country, lang };

  // scrolling inside stops the auto-close for good; using the quantity control restarts it
  const scrolled = useRef(false);
  const close = () => { clearTimeout(timer.current); $cartPanelOpen.set(false); };
  const arm = () => {
    clearTimeout(timer.current);
    if (!scrolled.current) timer.current = setTimeout(() => $cartPanelOpen.set(false), CART_PANEL_CLOSE_MS);
  };
  // only scrolling by the user counts: focus() and scrollIntoView also fire scroll events
  const userScrolled = () => { scrolled.current = true; clearTimeout(timer.current); };
  const pointerDown = useRef(false); // a scroll while pressed is a scrollbar drag
  const onScroll = () => { if (pointerDown.current) userScrolled(); };
  const onKeyScroll = (e: ReactKeyboardEvent) => { if (e.target === e.currentTarget && SCROLL_KEYS.has(e.key)) userScrolled(); };

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per article; lang/country/close of the open panel do not change while it shows
  useEffect(() => {
    // closes itself after 10 s unless the user scrolls inside (userScrolled stops the timer)
    arm();
    panel.current?.focus();
    let alive = true;
    Promise.all([
      loadCartLine(lang, artnr).catch(() => []),
      request('GET /api/guest/recommend/:artnr/:country/:language', { params: { artnr, country, language: lang } }).catch(() => null),
    ]).then(([line, rec]) => {
      if (!alive) return;
      if (line[0]) setQ(line[0].Menge);
      setProduct(rec?.product ?? (line[0] as unknown as ArticleItem) ?? null);
      setRecs((rec?.recommendations ?? []).filter(canOrder));
      setLoading(false);
    });
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') close(); };
    window.addEventListener('keydown', onKey);
    return () => { alive = false; clearTimeout(timer.current); window.removeEventListener('keydown', onKey); };
  }, [artnr]);

  const save = useMemo(() => debounce(async (n: number) => {
    const r = await setQty(artnr, n);
    if (r) showToast(t('menge_change'), 'success');
  }, QTY_DEBOUNCE_MS), [artnr, t]);
  useEffect(() => () => save.flush(), [save]);

  const onQty = (n: number) => { const v = clampCartPanelQty(n); setQ(v); save(v); arm(); };

  const addRec = (a: ArticleItem) => {
    save.flush();
    close();
    void addToCart(a.Artikelnummer, RECOMMENDATION_ADD_QTY);
  };

  const r = routes(country, lang);
  return (
    <div className="sh-overlay sh-overlay--light" onClick={(e) => { if (e.target === e.currentTarget) close(); }}>
      <aside className="sh-side sh-cartpanel" role="dialog" aria-modal="true" aria-labelledby="sh-cp-title" tabIndex={-1} ref={panel}
        onScroll={onScroll} onWheel={userScrolled} onTouchMove={userScrolled} onKeyDown={onKeyScroll}
        onPointerDown={() => { pointerDown.current = true; }} onPointerUp={() => { pointerDown.current = false; }}
        onPointerCancel={() => { pointerDown.current = false; }} data-testid="cart-panel">
        <div className="sh-side__head">
          <h2 id="sh-cp-title" className="sh-cartpanel__title">
            <span className="sh-ok" aria-hidden="true">✓</span> {t('success_add_to_wk')}
          </h2>
          <button type="button" className="sh-iconbtn" aria-label={t('dialog.close')} onClick={close}>×</button>
        </div>
        <div className="sh-cartpanel__product">
          {product ? (
            <>
              <Img a={product} sizes="96px" alt="" />
              <div>
                <a href={productPath(country, lang, product, product.PG)} className="sh-cartpanel__name">{product.Bezeichnung}</a>
                <div className="sh-card__meta"><span>{product.Artikelnummer}</span>{product.Gebinde && <span>{packSize(product.Gebinde, lang)}</span>}</div>
                {!priceView(product, ctx).onRequest && <div className="sh-cartpanel__price">{priceView(product, ctx).price}</div>}
              </div>
            </>
          ) : <p>{loading ? t('app.loading') : artnr}</p>}
        </div>
        <div className="sh-cartpanel__qty">
          <span>{t('shop.quantity')}</span>
          <QtyStepper value={qty} onChange={onQty} t={t} min={CART_PANEL_MIN_QTY} disabled={loading} />
        </div>
        <div className="sh-cartpanel__actions">
          <button type="button" className="sh-btn" onClick={close}>{t('continue_shopping')}</button>
          <a className="sh-btn sh-btn--primary" href={r.wk} onClick={() => save.flush()} data-testid="to-cart">{t('to_cart')}</a>
        </div>
        {(loading || recs.length > 0) && (
          <section className="sh-cartpanel__recs" aria-busy={loading}>
            <h3>{t('bought_together')}</h3>
            {loading && <p>{t('app.loading')}</p>}
            <ul>
              {recs.map((a) => {
                const p = priceView(a, ctx);
                return (
                  <li key={a.Artikelnummer} className="sh-rec">
                    <Img a={a} sizes="96px" alt="" />
                    <a href={productPath(country, lang, a, a.PG)} className="sh-rec__name">{a.Bezeichnung}<small>{a.Artikelnummer}</small></a>
                    <span className="sh-rec__price">{p.price}</span>
                    <button type="button" className="sh-iconbtn sh-rec__add" onClick={() => addRec(a)}
                      aria-label={`${t('shop.add_to_cart')}${t('app.colon')} ${a.Bezeichnung}`} title={t('shop.add_to_cart')}>+</button>
                  </li>
                );
              })}
            </ul>
          </section>
        )}
      </aside>
    </div>
  );
}
