// Article card (grid) and line (list) of section 9: image, badges, price rules, availability,
// last purchase, quantity + cart button (none for request-price articles), favourites.
import { useState } from 'react';
import { packSize } from '#rules/packSize.ts';
import {
  availability, badges, canOrder, lastPurchaseLabel, priceView, productPath, type ArticleItem, type Ctx,
} from '../lib/article.ts';
import type { T } from '../lib/i18n.ts';
import { addToCart, addToList } from '../lib/cart.ts';
import { Img } from './Img.tsx';
import { Price } from './Price.tsx';
import { QtyStepper } from './QtyStepper.tsx';

export function Availability({ a, t }: { a: Pick<ArticleItem, 'vkz' | 'Lieferstatus'>; t: T }) {
  const av = availability(a);
  return <span className={`sh-avail sh-avail--${av}`}><span className="sh-avail__dot" aria-hidden="true" />{t(`shop.avail.${av}`)}</span>;
}

export function Badges({ a, ctx, t }: { a: ArticleItem; ctx: Ctx; t: T }) {
  const b = badges(a);
  const d = priceView(a, ctx).discount;
  if (!b.isNew && !b.isSet && !d) return null;
  return (
    <div className="sh-badges">
      {b.isNew && <span className="sh-badge sh-badge--new">{t('shop.new')}</span>}
      {b.isSet && <span className="sh-badge sh-badge--set">{t('shop.set')}</span>}
      {d > 0 && <span className="sh-badge sh-badge--discount" title={t('shop.discount')}>{t('shop.discount_percent', { percent: d })}</span>}
    </div>
  );
}

export function BuyBox({ a, t, initial = 1, compact }: { a: ArticleItem; t: T; initial?: number; compact?: boolean }) {
  const [qty, setQty] = useState(initial);
  const [busy, setBusy] = useState(false);
  if (!canOrder(a)) return null;
  const add = async () => {
    setBusy(true);
    try { await addToCart(a.Artikelnummer, qty); } finally { setBusy(false); }
  };
  return (
    <div className={`sh-buy${compact ? ' sh-buy--compact' : ''}`}>
      <QtyStepper value={qty} onChange={setQty} t={t} />
      <button type="button" className="sh-btn sh-btn--primary sh-buy__cart" onClick={add} disabled={busy}
        aria-label={`${t('shop.add_to_cart')}${t('app.colon')} ${a.Bezeichnung}`} data-testid="add-to-cart">
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18"><path fill="currentColor" d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM5.2 4l.4 2H21l-2 8H7.4l.4 2H19v2H6.2L3.4 4H1V2h3.6z"/></svg>
        <span className="sh-buy__label">{t('shop.add_to_cart')}</span>
      </button>
    </div>
  );
}

export function FavButton({ a, t }: { a: ArticleItem; t: T }) {
  return (
    <button type="button" className="sh-iconbtn sh-fav" title={t('shop.add_to_list')} aria-label={`${t('shop.add_to_list')}${t('app.colon')} ${a.Bezeichnung}`}
      onClick={() => void addToList(0, a.Artikelnummer)}>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20"><path fill="none" stroke="currentColor" strokeWidth="2" d="M12 21s-7.5-4.6-9.4-9.3C1.3 8.5 3.4 5 6.8 5c2 0 3.3 1 4.2 2.3h2C13.9 6 15.2 5 17.2 5c3.4 0 5.5 3.5 4.2 6.7C19.5 16.4 12 21 12 21z"/></svg>
    </button>
  );
}

export function ArticleCard({ a, ctx, t, pg, showFav = true, eager, onOpen }: {
  a: ArticleItem; ctx: Ctx; t: T; pg?: number | null; showFav?: boolean; eager?: boolean; onOpen?: () => void;
}) {
  const href = productPath(ctx.country, ctx.lang, a, pg);
  const last = lastPurchaseLabel(a, t);
  return (
    <article className="sh-card" data-artnr={a.Artikelnummer}>
      <a className="sh-card__img" href={href} tabIndex={-1} aria-hidden="true" onClick={onOpen}>
        <Img a={a} alt="" eager={eager} />
      </a>
      <Badges a={a} ctx={ctx} t={t} />
      {showFav && <FavButton a={a} t={t} />}
      <div className="sh-card__body">
        <a className="sh-card__title" href={href} onClick={onOpen}>{a.Bezeichnung}</a>
        <div className="sh-card__meta">
          <span><span className="sh-sr">{t('shop.article_number')} </span>{a.Artikelnummer}</span>
          {a.Gebinde && <span>{packSize(a.Gebinde, ctx.lang)}</span>}
          {a.lieferant && <span className="sh-card__maker">{a.lieferant}</span>}
        </div>
        {last && <div className="sh-card__last">{last}</div>}
        <Price a={a} ctx={ctx} t={t} />
        <Availability a={a} t={t} />
      </div>
      <div className="sh-card__actions">
        <BuyBox a={a} t={t} compact />
      </div>
    </article>
  );
}

export function ArticleGrid({ items, ctx, t, pg, onOpen }: { items: ArticleItem[]; ctx: Ctx; t: T; pg?: number | null; onOpen?: () => void }) {
  return (
    <div className="sh-grid">
      {items.map((a, i) => <ArticleCard key={a.Artikelnummer} a={a} ctx={ctx} t={t} pg={pg ?? a.PG} eager={i < 4} onOpen={onOpen} />)}
    </div>
  );
}

/** `n` cards while they load, each as tall as a loaded one; `bought`: the customer's own articles, whose cards carry the "last bought" line. */
export function SkeletonCards({ n, bought = false }: { n: number; bought?: boolean }) {
  const cls = `sh-skeleton sh-skeleton--card${bought ? ' sh-skeleton--bought' : ''}`;
  return <>{Array.from({ length: n }, (_, i) => <div key={i} className={cls} />)}</>;
}

/** A grid of cards while they load (the page below stays put). */
export function ArticleGridSkeleton({ n, bought = false }: { n: number; bought?: boolean }) {
  return <div className="sh-grid" aria-hidden="true"><SkeletonCards n={n} bought={bought} /></div>;
}
