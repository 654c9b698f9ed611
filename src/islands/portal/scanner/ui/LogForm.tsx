// Mode 'log' on the result page: documents the scanned batch on a patient work (an existing one or a
// new one with the required order number) for the chosen scanner user.
import { useEffect, useId, useState } from 'react';
import { ApiFailure } from '#lib/api.ts';
import type { ScanResult } from '#lib/codes/index.ts';
import { rememberSeen } from '#stores/settings.ts';
import { showToast } from '#stores/ui.ts';
import type { ArticleItem } from '#islands/shop/lib/article.ts';
import type { T } from '#islands/shop/lib/i18n.ts';
import { errorMessage, failureKey } from '#islands/shop/lib/errors.ts';
import { allows } from '#rules/permissions.ts';
import { isExpired } from '#rules/batch.ts';
import { logbook, type Batch, type ScannerUser, type Work } from '../lib/logbook.ts';
import { setScanner } from '../lib/settings.ts';
import { BatchFields, batchError, batchFromScan, batchInput, ExpiryWarning, fieldOf, type BatchValues } from './BatchForm.tsx';
import { formatDate } from './CodeData.tsx';
import { workLabel } from './CurrentWork.tsx';
import { checkWork, EMPTY_WORK, WorkFields, workInput, type WorkValues } from './WorkForm.tsx';

const NEW = 'new';

/** Whether the scanner user may document batches (section 6: main user, K07, K13). */
export function canDocument(user: ScannerUser): boolean {
  return allows(user.role === 'general' ? null : user.funktionen, 'document');
}

/** Said up front, instead of a form whose save would answer 403 (a K09 buyer). */
export function CannotDocument({ t, user }: { t: T; user: ScannerUser }) {
  return (
    <p className="sc-note" role="status" data-testid="cannot-document">
      {t('scanner.cannot_document', { functions: user.funktionen.map((f) => `${t(`function.${f}`)} (${f})`).join(', ') || '–' })}
    </p>
  );
}

export function LogForm({ t, lang, code, scan, article, user, currentWork, onDone }: {
  t: T; lang: string; code: string; scan: ScanResult; article: ArticleItem; user: ScannerUser | null; currentWork: number | null;
  onDone: (w: Work, b: Batch) => void;
}) {
  const id = useId();
  const [works, setWorks] = useState<Work[] | null>(null);
  const [choice, setChoice] = useState<string>(currentWork ? String(currentWork) : NEW);
  const [work, setWork] = useState<WorkValues>(EMPTY_WORK);
  const [batch, setBatch] = useState<BatchValues>(() => batchFromScan(scan, article.Gebinde ?? ''));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [expiredOk, setExpiredOk] = useState(false);

  useEffect(() => {
    logbook.works().then((p) => {
      const items = p.items;
      // the current work may be older than the first page
      if (currentWork && !items.some((w) => w.id === currentWork)) {
        void logbook.work(currentWork).then((w) => setWorks((cur) => [w, ...(cur ?? [])])).catch(() => setChoice(NEW));
      }
      setWorks(items);
    }).catch((e) => { setWorks([]); setError(errorMessage(t, failureKey(e))); });
  }, [currentWork, t]);

  const save = async () => {
    setError('');
    const isNew = choice === NEW;
    const errs = isNew ? checkWork(t, work) : {};
    // the server refuses an unconfirmed expired batch too; asking first keeps a new work from being created for nothing
    if (isExpired(batch.verfallsdatum) && !expiredOk) errs.verfallsdatum = errorMessage(t, 'error_batch_expired');
    setErrors(errs);
    if (Object.keys(errs).length) { if (errs.verfallsdatum) setError(errs.verfallsdatum); return; }
    setBusy(true);
    try {
      const w = isNew ? await logbook.createWork({ ...workInput(work), subUserId: user && user.id > 0 ? user.id : null })
        : works?.find((x) => String(x.id) === choice);
      if (!w) return;
      // a refused batch keeps the new work chosen (and listed), so the next save does not create another
      if (isNew) { setWorks((cur) => [w, ...(cur ?? [])]); setChoice(String(w.id)); }
      const b = await logbook.addBatch(w.id, { artnr: article.Artikelnummer, raw: code, ...batchInput(batch, true), ...(expiredOk ? { confirmExpired: true } : {}) });
      setScanner.patientenarbeit(w.id);
      rememberSeen('patientenarbeit', String(w.id));
      showToast(t('scanner.saved'), 'success');
      onDone(w, b);
    } catch (e) {
      const field = e instanceof ApiFailure ? fieldOf(e.body) : '';
      if (field) setErrors({ [field]: batchError(t, e) });
      setError(batchError(t, e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="sc-log sh-form" data-testid="log-form" onSubmit={(e) => { e.preventDefault(); void save(); }} noValidate>
      <h2>{t('scanner.log_title')}</h2>
      <div className="sh-field">
        <label className="sh-field__label" htmlFor={`${id}-work`}>{t('scanner.patient_work')}</label>
        <select id={`${id}-work`} name="work" value={choice} onChange={(e) => setChoice(e.target.value)} disabled={works === null}>
          <option value={NEW}>{t('scanner.new_patient_work')}</option>
          {(works ?? []).map((w) => <option key={w.id} value={String(w.id)}>{workLabel(w)}</option>)}
        </select>
      </div>
      {choice === NEW && <WorkFields t={t} v={work} onChange={setWork} errors={errors} />}
      <h3>{t('scanner.batch')}</h3>
      <BatchFields t={t} v={batch} onChange={setBatch} errors={errors} />
      <ExpiryWarning t={t} expiry={batch.verfallsdatum} formatted={formatDate(batch.verfallsdatum, lang)} confirmed={expiredOk} onConfirm={setExpiredOk} />
      {error && <p className="sh-error" role="alert" data-testid="log-error">{error}</p>}
      <div className="sc-actions">
        <button type="submit" className="sh-btn sh-btn--primary" disabled={busy || works === null} data-testid="log-save">
          {busy ? t('dialog.please_wait') : t('scanner.save_batch')}
        </button>
      </div>
    </form>
  );
}
