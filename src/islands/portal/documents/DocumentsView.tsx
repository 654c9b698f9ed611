// dokumente/typ/{typ} (login): documents of the last 24 months per type (invoices, delivery notes and
// the other documents) with search by number, pages of 50, and the PDF of each as a download.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $customer } from '#stores/customer.ts';
import type { DocumentPage as Page, DocumentTypes } from '#api/documents.ts';
import { ApiFailure, request } from '#lib/api.ts';
import { formatPrice, localeFor } from '#rules/locale.ts';
import { useT, type Messages } from '../../shop/lib/i18n.ts';
import { ensureCustomer, requireLogin } from '../../shop/lib/session.ts';
import { failureKey } from '../../shop/lib/errors.ts';
import { Pagination } from '../../shop/ui/Pagination.tsx';
import { portalError } from '../lib/errors.ts';
import { portalRoutes } from '../lib/routes.ts';
import '../portal.css';

type TypeCount = DocumentTypes['types'][number];

const fmtDate = (iso: string, lang: string) => {
  try { return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso.slice(0, 10)}T00:00:00Z`)); } catch { return iso.slice(0, 10); }
};

export default function DocumentsView({ country, lang, typ, messages }: { country: string; lang: string; typ: string; messages?: Messages }) {
  const t = useT(lang, messages);
  const r = portalRoutes(country, lang);
  const customer = useStore($customer);
  const [types, setTypes] = useState<TypeCount[] | null>(null);
  const [data, setData] = useState<Page | null>(null);
  const [error, setError] = useState('');
  const [unknown, setUnknown] = useState(false);
  const [q, setQ] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);

  useEffect(() => {
    const sp = new URLSearchParams(location.search);
    setPage(Math.max(1, Number(sp.get('page')) || 1));
    setQ(sp.get('q') ?? ''); setQuery(sp.get('q') ?? '');
  }, []);
  useEffect(() => {
    void ensureCustomer().then((c) => {
      if (!c.kundennummer) { requireLogin(); return; }
      request('GET /api/documents/types').then((x) => setTypes(x.types)).catch(() => setTypes([]));
    });
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refetches on type, page and query only; t is only read when an error is shown; it changes when the full message set arrives, which must not refetch
  useEffect(() => {
    let live = true;
    setData(null); setError('');
    void ensureCustomer().then((c) => {
      if (!c.kundennummer) return;
      request('GET /api/documents/typ/:typ', { params: { typ }, query: { page, q: query || undefined } }).then((d) => { if (live) setData(d); })
        .catch((e) => {
          if (!live) return;
          if (e instanceof ApiFailure && e.status === 404) setUnknown(true); else setError(portalError(t, failureKey(e)));
        });
    });
    return () => { live = false; };
  }, [typ, page, query]);

  const go = (p: number, nextQ = query) => {
    const sp = new URLSearchParams();
    if (p > 1) sp.set('page', String(p));
    if (nextQ) sp.set('q', nextQ);
    history.replaceState(null, '', `${location.pathname}${sp.size ? `?${sp}` : ''}`);
    setPage(p); setQuery(nextQ);
  };
  const search = (e: React.FormEvent) => {
    e.preventDefault();
    const v = q.trim();
    if (!/^[\w.\- ]{0,40}$/.test(v)) { setError(portalError(t, 'invalid_input')); return; }
    go(1, v);
  };
  const perArticle = typ === 'konformitaet' || typ === 'sicherheitsdatenblatt';
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const pageHref = (p: number) => `${r.dokumente(typ)}${p > 1 || query ? `?${new URLSearchParams({ ...(p > 1 ? { page: String(p) } : {}), ...(query ? { q: query } : {}) })}` : ''}`;

  if (unknown) return <p className="sh-empty">{t('documents.unknown_type')} <a href={r.loesungenDokumente}>{t('documents.title')}</a></p>;
  return (
    <div className="pt-docs">
      <nav className="sh-tabs pt-doctabs" aria-label={t('documents.types')}>
        {(types ?? [{ typ, count: -1 }]).map((x) => (
          <a key={x.typ} className={`sh-tab${x.typ === typ ? ' is-active' : ''}`} href={r.dokumente(x.typ)} aria-current={x.typ === typ ? 'page' : undefined}>
            {t(`documents.type.${x.typ}`)}{x.count >= 0 && <span className="sh-count"> ({x.count})</span>}
          </a>
        ))}
      </nav>
      <p className="sh-muted">{t('documents.period_hint')}{data && ` · ${t('documents.since', { date: fmtDate(data.from, lang) })}`}</p>
      <form className="sh-form--inline" role="search" onSubmit={search}>
        <label className="sh-field">
          <span className="sh-field__label">{t(perArticle ? 'documents.search_artnr' : 'documents.search')}</span>
          <input type="search" value={q} onChange={(e) => setQ(e.target.value)} maxLength={40} data-field="q" />
        </label>
        <button type="submit" className="sh-btn">{t('app.search')}</button>
        {query && <button type="button" className="sh-btn sh-btn--ghost" onClick={() => { setQ(''); go(1, ''); }}>{t('documents.reset')}</button>}
      </form>
      {error && <p className="sh-error" role="alert">{error}</p>}
      {!data && !error && <p aria-busy="true">{t('app.loading')}</p>}
      {data && data.items.length === 0 && <p className="sh-empty" data-testid="documents-empty">{t('documents.none')}</p>}
      {data && data.items.length > 0 && (
        <>
          <p className="sh-muted" aria-live="polite">{t('documents.count', { count: data.total })}</p>
          <table className="sh-table pt-doctable" data-testid="documents-table">
            <thead>
              <tr>
                <th scope="col">{t('documents.number')}</th>
                <th scope="col">{t('documents.date')}</th>
                {perArticle ? <th scope="col">{t('documents.article')}</th> : <th scope="col">{t('documents.order')}</th>}
                {!perArticle && <th scope="col" className="sh-num">{t('documents.amount')}</th>}
                <th scope="col"><span className="sh-sr">{t('documents.download_pdf')}</span></th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((d) => (
                <tr key={d.id}>
                  <td data-label={t('documents.number')}>{d.nummer}</td>
                  <td data-label={t('documents.date')}>{fmtDate(d.datum, lang)}</td>
                  {perArticle ? <td data-label={t('documents.article')}>{d.bezeichnung}</td> : <td data-label={t('documents.order')}>{d.auftrag ?? '–'}</td>}
                  {!perArticle && <td className="sh-num" data-label={t('documents.amount')}>{d.betrag === null ? '' : formatPrice(d.betrag, d.currency || customer.currency, localeFor(country, lang))}</td>}
                  <td><a className="sh-btn sh-btn--small" href={d.pdf} download aria-label={`${t('documents.download_pdf')}${t('app.colon')} ${d.nummer}`}>PDF</a></td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination page={page} pages={pages} href={pageHref} onGo={(p) => go(p)} t={t} />
        </>
      )}
    </div>
  );
}
