// Horizontal article grid (section 2): one row of cards that scrolls sideways, left/right arrows
// shown only when the row overflows and disabled at its ends, and a closing "show all" tile.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ArticleItem, Ctx } from '../lib/article.ts';
import type { T } from '../lib/i18n.ts';
import { ArticleCard, SkeletonCards } from './ArticleCard.tsx';

/** `bought`: the customer's own articles, whose cards carry the "last bought" line (a taller row). */
export function ArticleRow({ items, ctx, t, showAllHref, label, bought = false }: {
  items: ArticleItem[]; ctx: Ctx; t: T; showAllHref: string; label: string; bought?: boolean;
}) {
  const track = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ overflow: false, start: true, end: true });
  const measure = useCallback(() => {
    const el = track.current;
    if (!el) return;
    const max = el.scrollWidth - el.clientWidth;
    setEdges({ overflow: max > 1, start: el.scrollLeft <= 1, end: el.scrollLeft >= max - 1 });
  }, []);
  useEffect(() => {
    measure();
    const el = track.current;
    if (!el) return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    el.addEventListener('scroll', measure, { passive: true });
    return () => { ro.disconnect(); el.removeEventListener('scroll', measure); };
  }, [measure, items]);
  // one page of cards per click (the visible width, less a card so the context stays)
  const step = (dir: 1 | -1) => track.current?.scrollBy({ left: dir * Math.max(200, track.current.clientWidth - 220), behavior: 'smooth' });
  return (
    <div className={`sh-row-grid${bought ? ' sh-row-grid--bought' : ''}`} role="region" aria-label={label}>
      {/* the arrows' line is kept when the row fits (hidden, out of the tab order): measuring must not move the page */}
      <div className="sh-row-grid__nav" style={edges.overflow ? undefined : { visibility: 'hidden' }}>
        <button type="button" className="sh-iconbtn" onClick={() => step(-1)} disabled={edges.start} aria-label={t('grid.prev')}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20"><path fill="currentColor" d="M15.4 7.4 14 6l-6 6 6 6 1.4-1.4L10.8 12z"/></svg>
        </button>
        <button type="button" className="sh-iconbtn" onClick={() => step(1)} disabled={edges.end} aria-label={t('grid.next')}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20"><path fill="currentColor" d="M8.6 16.6 10 18l6-6-6-6-1.4 1.4 4.6 4.6z"/></svg>
        </button>
      </div>
      <div className="sh-row-grid__track" ref={track}>
        {items.map((a) => <ArticleCard key={a.Artikelnummer} a={a} ctx={ctx} t={t} pg={a.PG} />)}
        <a className="sh-row-grid__all" href={showAllHref}>
          <span>{t('grid.show_all')}</span>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24"><path fill="currentColor" d="M12 4 10.6 5.4 16.2 11H4v2h12.2l-5.6 5.6L12 20l8-8z"/></svg>
        </a>
      </div>
    </div>
  );
}

/** The row while its articles load: the same arrows' line and card height, so nothing below moves when they come. */
export function ArticleRowSkeleton({ bought = false }: { bought?: boolean }) {
  return (
    <div className={`sh-row-grid${bought ? ' sh-row-grid--bought' : ''}`} aria-hidden="true">
      <div className="sh-row-grid__nav sh-row-grid__nav--reserve" />
      <div className="sh-row-grid__track sh-row-grid__track--loading">
        <SkeletonCards n={6} bought={bought} />
      </div>
    </div>
  );
}
