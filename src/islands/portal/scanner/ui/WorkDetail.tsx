// One patient work in the logbook: its client data and MDR case file (editable), its batches (editable;
// expired and expiring ones marked), the exports of this work and its Annex XIII statement and material
// ledger. Deleting is refused by the server within the retention period. Without the document function: read only.
import { useEffect, useState } from 'react';
import { ApiFailure } from '#lib/api.ts';
import { openDialog, showToast } from '#stores/ui.ts';
import type { T } from '#islands/shop/lib/i18n.ts';
import { errorMessage, failureKey } from '#islands/shop/lib/errors.ts';
import { exportUrl, logbook, mdr, type Batch, type WorkWithBatches } from '../lib/logbook.ts';
import { setScanner } from '../lib/settings.ts';
import { BatchFields, batchError, batchInput, batchValues, ExpiryWarning, fieldOf, type BatchValues } from './BatchForm.tsx';
import { ExpiredBadge, formatDate } from './CodeData.tsx';
import { checkWork, WorkFields, workInput, workValues, type WorkValues } from './WorkForm.tsx';

type Full = WorkWithBatches;

function confirm(title: string, text: string): Promise<boolean> {
  return new Promise((resolve) => {
    if (!openDialog({ title, text, showCancel: true, onConfirm: () => resolve(true), onCancel: () => resolve(false) })) resolve(false);
  });
}

function errorsOf(t: T, e: unknown, fallback: string): Record<string, string> {
  const f = e instanceof ApiFailure ? fieldOf(e.body) : '';
  return { [f || fallback]: batchError(t, e) };
}

export function WorkDetail({ t, lang, workId, current, canEdit, onChanged, onDeleted }: {
  t: T; lang: string; workId: number; current: boolean; canEdit: boolean; onChanged: () => void; onDeleted: () => void;
}) {
  const [w, setW] = useState<Full | null>(null);
  const [error, setError] = useState('');
  const [editWork, setEditWork] = useState<WorkValues | null>(null);
  const [editBatch, setEditBatch] = useState<{ id: number; v: BatchValues; createdAt: string; expiredOk: boolean } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [n, setN] = useState(0);

  useEffect(() => {
    logbook.work(workId).then(setW).catch((e) => setError(errorMessage(t, failureKey(e))));
  }, [workId, n, t]);

  const run = async (fn: () => Promise<void>, fallbackField: string) => {
    setBusy(true);
    setErrors({});
    try { await fn(); } catch (e) { setErrors(errorsOf(t, e, fallbackField)); } finally { setBusy(false); }
  };
  const saveWork = () => run(async () => {
    const errs = checkWork(t, editWork!);
    if (Object.keys(errs).length) { setErrors(errs); return; }
    await logbook.updateWork(workId, workInput(editWork!));
    showToast(t('scanner.work_saved'), 'success');
    setEditWork(null); setN((x) => x + 1); onChanged();
  }, 'auftragsnummer');
  const saveBatch = () => run(async () => {
    await logbook.updateBatch(workId, editBatch!.id, { ...batchInput(editBatch!.v, false), ...(editBatch!.expiredOk ? { confirmExpired: true } : {}) });
    showToast(t('scanner.batch_saved'), 'success');
    setEditBatch(null); setN((x) => x + 1);
  }, 'lot');
  const removeWork = async () => {
    if (!w || !(await confirm(t('dialog.are_you_sure'), t('scanner.delete_work_confirm', { number: w.auftragsnummer })))) return;
    await run(async () => { await logbook.deleteWork(workId); showToast(t('scanner.deleted'), 'success'); onDeleted(); }, 'work');
  };
  const removeBatch = async (b: Batch) => {
    if (!(await confirm(t('dialog.are_you_sure'), t('scanner.delete_batch_confirm', { position: b.position, artnr: b.artnr })))) return;
    await run(async () => { await logbook.deleteBatch(workId, b.id); showToast(t('scanner.deleted'), 'success'); setN((x) => x + 1); onChanged(); }, 'work');
  };

  if (error) return <p className="sh-error" role="alert">{error}</p>;
  if (!w) return <p className="sh-loading" role="status">{t('app.loading')}</p>;
  return (
    <div className="sc-work__body" data-testid="work-detail">
      {editWork ? (
        <form className="sc-card sh-form" onSubmit={(e) => { e.preventDefault(); void saveWork(); }} noValidate>
          <WorkFields t={t} v={editWork} onChange={setEditWork} errors={errors} />
          <div className="sc-actions">
            <button type="submit" className="sh-btn sh-btn--primary" disabled={busy}>{t('app.save')}</button>
            <button type="button" className="sh-btn" onClick={() => { setEditWork(null); setErrors({}); }}>{t('dialog.cancel')}</button>
          </div>
        </form>
      ) : (
        <dl className="sc-dl">
          <div><dt>{t('scanner.client')}</dt><dd>{w.auftraggeber.name || '–'}</dd></div>
          <div><dt>{t('scanner.client_reference')}</dt><dd>{w.auftraggeber.referenz || '–'}</dd></div>
          {w.auftraggeber.info && <div><dt>{t('scanner.client_info')}</dt><dd className="sc-pre">{w.auftraggeber.info}</dd></div>}
          <div><dt>{t('scanner.user')}</dt><dd>{w.subUser ? `${w.subUser.vorname} ${w.subUser.nachname}` : t('role.general')}</dd></div>
          <div><dt>{t('scanner.mdr_device_short')}</dt><dd>{w.geraet || '–'}</dd></div>
          <div><dt>{t('scanner.mdr_patient_code_short')}</dt><dd data-testid="patient-code">{w.patientCode || '–'}</dd></div>
          {(w.implantierbar || w.arzneimittel || w.gewebe) && (
            <div><dt>{t('scanner.mdr_case_file')}</dt><dd>{[w.implantierbar && t('scanner.mdr_implantable'), w.arzneimittel && t('scanner.mdr_medicinal'), w.gewebe && t('scanner.mdr_tissues')].filter(Boolean).join(' · ')}</dd></div>
          )}
          {w.abweichungen && <div><dt>{t('scanner.mdr_deviations')}</dt><dd className="sc-pre">{w.abweichungen}</dd></div>}
        </dl>
      )}
      <div className="sc-actions sc-actions--wrap">
        {!current && <button type="button" className="sh-btn sh-btn--small" onClick={() => setScanner.patientenarbeit(w.id)}>{t('scanner.make_current')}</button>}
        {!editWork && canEdit && <button type="button" className="sh-btn sh-btn--small" onClick={() => setEditWork(workValues(w))}>{t('app.edit')}</button>}
        <a className="sh-btn sh-btn--small" href={exportUrl.work(w.id, 'csv')} download data-testid="export-work-csv">{t('scanner.export_csv')}</a>
        <a className="sh-btn sh-btn--small" href={exportUrl.work(w.id, 'pdf')} download>{t('scanner.export_pdf')}</a>
      </div>
      <div className="sc-actions sc-actions--wrap sc-mdr-docs" data-testid="mdr-docs">
        <a className="sh-btn sh-btn--small sh-btn--primary" href={mdr.statementUrl(w.id)} download data-testid="mdr-statement">{t('scanner.mdr_statement')}</a>
        <a className="sh-btn sh-btn--small" href={mdr.ledgerUrl(w.id, 'csv')} download data-testid="mdr-ledger-csv">{t('scanner.mdr_ledger_csv')}</a>
        <a className="sh-btn sh-btn--small" href={mdr.ledgerUrl(w.id, 'pdf')} download data-testid="mdr-ledger-pdf">{t('scanner.mdr_ledger_pdf')}</a>
        {canEdit && <button type="button" className="sh-btn sh-btn--small sh-btn--ghost" onClick={() => void removeWork()} disabled={busy}>{t('app.delete')}</button>}
      </div>
      <p className="sc-retain" data-testid="retain-until">{t('scanner.mdr_retain_until', { date: formatDate(w.retainUntil, lang) })}</p>
      {errors.work && <p className="sh-error" role="alert">{errors.work}</p>}
      <h3>{t('scanner.batches')}</h3>
      {w.batches.length === 0 && <p className="sh-empty">{t('scanner.batches_empty')}</p>}
      <ol className="sc-batches">
        {w.batches.map((b) => (
          <li key={b.id} className={`sc-batch${b.expired ? ' is-expired' : b.expiresSoon ? ' is-expiring' : ''}`} data-lot={b.lot} data-expired={b.expired ? '1' : '0'}
            data-expires-soon={b.expiresSoon ? '1' : '0'}>
            <div className="sc-batch__head">
              <strong>{b.position}. {b.artnr}</strong> {b.bezeichnung && <span>{b.bezeichnung}</span>}
              {b.expired && <ExpiredBadge t={t} />}
              {!b.expired && b.expiresSoon && <span className="sc-badge sc-badge--expiring" data-testid="expiring-badge">{t('scanner.mdr_expires_soon')}</span>}
            </div>
            {editBatch?.id === b.id ? (
              <form className="sh-form" onSubmit={(e) => { e.preventDefault(); void saveBatch(); }} noValidate>
                <BatchFields t={t} v={editBatch.v} onChange={(v) => setEditBatch({ ...editBatch, v })} errors={errors} />
                {/* an expiry already documented stays without asking again */}
                {editBatch.v.verfallsdatum !== (b.verfallsdatum ?? '') && (
                  <ExpiryWarning t={t} expiry={editBatch.v.verfallsdatum} formatted={formatDate(editBatch.v.verfallsdatum, lang)} usedOn={editBatch.createdAt}
                    confirmed={editBatch.expiredOk} onConfirm={(ok) => setEditBatch({ ...editBatch, expiredOk: ok })} />
                )}
                <div className="sc-actions">
                  <button type="submit" className="sh-btn sh-btn--primary" disabled={busy}>{t('app.save')}</button>
                  <button type="button" className="sh-btn" onClick={() => { setEditBatch(null); setErrors({}); }}>{t('dialog.cancel')}</button>
                </div>
              </form>
            ) : (
              <>
                <BatchFacts t={t} lang={lang} b={b} />
                {canEdit && (
                  <div className="sc-actions">
                    <button type="button" className="sh-btn sh-btn--small" onClick={() => setEditBatch({ id: b.id, v: batchValues(b), createdAt: b.createdAt, expiredOk: false })}>{t('app.edit')}</button>
                    <button type="button" className="sh-btn sh-btn--small sh-btn--ghost" onClick={() => void removeBatch(b)} disabled={busy}>{t('app.delete')}</button>
                  </div>
                )}
              </>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}

function BatchFacts({ t, lang, b }: { t: T; lang: string; b: Batch }) {
  const rows: [string, string][] = [
    ['scanner.expiry', `${formatDate(b.verfallsdatum, lang)}${b.expired ? ` (${t('scanner.expired')})` : ''}`], ['scanner.production_date', formatDate(b.herstelldatum, lang)],
    ['scanner.lot', b.lot], ['scanner.serial', b.seriennummer], ['scanner.mdr_manufacturer', b.hersteller], ['scanner.manufacturer_artnr', b.hersteller_artnr],
    ['scanner.mdr_udi', b.gtin], ['scanner.quantity', String(b.menge)],
    ['scanner.reference', b.referenz], ['scanner.unit', b.einheit], ['scanner.delivery_note', b.lieferschein], ['scanner.page', b.seite],
    ['scanner.customer_number', String(b.kdnr)], ['scanner.licence', b.hersteller_lizenz],
  ];
  return (
    <dl className="sc-dl sc-dl--grid">
      {rows.filter(([, v]) => v).map(([k, v]) => <div key={k}><dt>{t(k)}</dt><dd>{v}</dd></div>)}
    </dl>
  );
}
