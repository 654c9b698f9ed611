// The logbook: patient works (search, pages, new work), each opening its batches; exports of the whole
// logbook (optionally a period) as CSV and PDF; the MDR tools (auditor ZIP, lot recall, expiring stock). A user
// who cannot document (canEdit false) reads only.
import { useEffect, useId, useState } from 'react';
import { ApiFailure } from '#lib/api.ts';
import { showToast } from '#stores/ui.ts';
import type { T } from '#islands/shop/lib/i18n.ts';
import { errorMessage, failureKey } from '#islands/shop/lib/errors.ts';
import { exportUrl, logbook, type Work, type WorkPage } from '../lib/logbook.ts';
import { setScanner } from '../lib/settings.ts';
import { formatDate } from './CodeData.tsx';
import { fieldOf } from './BatchForm.tsx';
import { MdrExpiring, MdrRecall, MdrZip } from './MdrPanel.tsx';
import { WorkDetail } from './WorkDetail.tsx';
import { checkWork, EMPTY_WORK, WorkFields, workInput, type WorkValues } from './WorkForm.tsx';

export function LogbookPanel({ t, lang, currentWork, canEdit }: { t: T; country: string; lang: string; currentWork: number | null; canEdit: boolean }) {
  const id = useId();
  const [q, setQ] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<WorkPage | null>(null);
  const [error, setError] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const [reload, setReload] = useState(0);
  const [creating, setCreating] = useState(false);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');

  useEffect(() => {
    const ac = new AbortController();
    setError('');
    logbook.works(query, page, ac.signal).then(setData).catch((e) => {
      if ((e as Error).name !== 'AbortError') { setError(errorMessage(t, failureKey(e))); setData({ items: [], page, pageSize: 20, total: 0 }); }
    });
    return () => ac.abort();
  }, [query, page, reload, t]);

  // the scanner links here with #logbuch: scroll once the list is there
  useEffect(() => {
    if (data && location.hash === '#logbuch') document.getElementById('logbuch')?.scrollIntoView();
  }, [data]);

  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const changed = () => setReload((r) => r + 1);

  return (
    <>
    <section className="sc-logbook" id="logbuch" aria-labelledby={`${id}-h`} data-testid="logbook">
      <div className="sc-logbook__head">
        <h2 id={`${id}-h`}>{t('scanner.logbook')}</h2>
        {canEdit && (
          <button type="button" className="sh-btn sh-btn--small" onClick={() => setCreating((c) => !c)} aria-expanded={creating}>
            {t('scanner.new_patient_work')}
          </button>
        )}
      </div>
      {creating && canEdit && <NewWork t={t} onCreated={(w) => { setCreating(false); setOpen(w.id); setScanner.patientenarbeit(w.id); changed(); }} />}
      <form className="sh-form--inline" role="search" onSubmit={(e) => { e.preventDefault(); setPage(1); setQuery(q); }}>
        <label className="sh-sr" htmlFor={`${id}-q`}>{t('scanner.search_works')}</label>
        <input id={`${id}-q`} type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder={t('scanner.search_works')} maxLength={100} />
        <button type="submit" className="sh-btn">{t('app.search')}</button>
      </form>
      {error && <p className="sh-error" role="alert">{error}</p>}
      {!data && <p className="sh-loading" role="status">{t('app.loading')}</p>}
      {data && data.items.length === 0 && !error && <p className="sh-empty">{t(query ? 'scanner.works_none_found' : 'scanner.works_empty')}</p>}
      {data && data.items.length > 0 && (
        <ul className="sc-works">
          {data.items.map((w) => (
            <li key={w.id} className={`sc-work${open === w.id ? ' is-open' : ''}`} data-work={w.auftragsnummer}>
              <button type="button" className="sc-work__head" aria-expanded={open === w.id} onClick={() => setOpen(open === w.id ? null : w.id)}>
                <span className="sc-work__no">{w.auftragsnummer}</span>
                <span className="sc-work__client">{w.auftraggeber.name}{w.auftraggeber.referenz ? ` · ${w.auftraggeber.referenz}` : ''}</span>
                <span className="sc-work__meta">
                  {formatDate(w.createdAt.slice(0, 10), lang)} · {t('scanner.batches_count', { count: w.batchCount })}
                  {w.subUser ? ` · ${w.subUser.vorname} ${w.subUser.nachname}` : ''}
                  {currentWork === w.id && <span className="sc-badge">{t('scanner.current_work')}</span>}
                </span>
              </button>
              {open === w.id && <WorkDetail t={t} lang={lang} workId={w.id} current={currentWork === w.id} canEdit={canEdit} onChanged={changed}
                onDeleted={() => { setOpen(null); if (currentWork === w.id) setScanner.patientenarbeit(null); changed(); }} />}
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="sc-pager" aria-label={t('scanner.logbook')}>
          <button type="button" className="sh-btn sh-btn--small" disabled={page <= 1} onClick={() => setPage(page - 1)}>{t('app.back')}</button>
          <span>{page} / {pages}</span>
          <button type="button" className="sh-btn sh-btn--small" disabled={page >= pages} onClick={() => setPage(page + 1)}>{t('app.next')}</button>
        </nav>
      )}
      <div className="sc-export" data-testid="logbook-export">
        <h3>{t('scanner.export_all')}</h3>
        <div className="sh-form--inline">
          <label>{t('scanner.from')} <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} max={to || undefined} /></label>
          <label>{t('scanner.to')} <input type="date" value={to} onChange={(e) => setTo(e.target.value)} min={from || undefined} /></label>
          <a className="sh-btn sh-btn--small" href={exportUrl.all('csv', from, to)} download data-testid="export-all-csv">{t('scanner.export_csv')}</a>
          <a className="sh-btn sh-btn--small" href={exportUrl.all('pdf', from, to)} download>{t('scanner.export_pdf')}</a>
        </div>
      </div>
      <div className="sc-export">
        <h3>{t('scanner.mdr_zip')}</h3>
        <MdrZip t={t} />
      </div>
    </section>
    <MdrRecall t={t} lang={lang} />
    <MdrExpiring t={t} lang={lang} />
    </>
  );
}

function NewWork({ t, onCreated }: { t: T; onCreated: (w: Work) => void }) {
  const [v, setV] = useState<WorkValues>(EMPTY_WORK);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const errs = checkWork(t, v);
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    try {
      const w = await logbook.createWork(workInput(v));
      showToast(t('scanner.work_saved'), 'success');
      onCreated(w);
    } catch (e) {
      const key = failureKey(e);
      const f = e instanceof ApiFailure ? fieldOf(e.body) : '';
      setErrors({ [f || 'auftragsnummer']: errorMessage(t, key) });
    } finally { setBusy(false); }
  };
  return (
    <form className="sc-card sh-form" data-testid="new-work" onSubmit={(e) => { e.preventDefault(); void submit(); }} noValidate>
      <WorkFields t={t} v={v} onChange={setV} errors={errors} />
      <div className="sc-actions"><button type="submit" className="sh-btn sh-btn--primary" disabled={busy}>{t('app.save')}</button></div>
    </form>
  );
}
