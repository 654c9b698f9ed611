// Pagination: previous/next plus a window of page numbers; links so back/forward and new tabs work.
import type { ReactNode } from 'react';
import type { T } from '../lib/i18n.ts';

export function Pagination({ page, pages, href, onGo, t }: {
  page: number; pages: number; href: (p: number) => string; onGo: (p: number) => void; t: T;
}) {
  if (pages <= 1) return null;
  const nums: (number | '…')[] = [];
  const add = (n: number) => { if (!nums.includes(n)) nums.push(n); };
  add(1);
  if (page - 2 > 2) nums.push('…');
  for (let n = Math.max(2, page - 2); n <= Math.min(pages - 1, page + 2); n++) add(n);
  if (page + 2 < pages - 1) nums.push('…');
  add(pages);
  const link = (p: number, label: ReactNode, aria: string, cls = '') => (
    <a className={`sh-page ${cls}`} href={href(p)} aria-label={aria} aria-current={p === page ? 'page' : undefined}
      onClick={(e) => { if (e.ctrlKey || e.metaKey || e.shiftKey) return; e.preventDefault(); onGo(p); }}>{label}</a>
  );
  return (
    <nav className="sh-pagination" aria-label={t('pagination.label')}>
      {page > 1 ? link(page - 1, '‹', t('pagination.prev'), 'sh-page--nav') : <span className="sh-page sh-page--nav" aria-hidden="true">‹</span>}
      {nums.map((n, i) => n === '…' ? <span key={`e${i}`} className="sh-page sh-page--gap">…</span>
        : <span key={n}>{link(n, n, t('pagination.go_to', { page: n }), n === page ? 'sh-page--current' : '')}</span>)}
      {page < pages ? link(page + 1, '›', t('pagination.next'), 'sh-page--nav') : <span className="sh-page sh-page--nav" aria-hidden="true">›</span>}
      <span className="sh-sr">{t('pagination.page', { page, pages })}</span>
    </nav>
  );
}
