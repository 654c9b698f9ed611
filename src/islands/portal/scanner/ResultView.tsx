// kamera/scanresult/{codeData}: the article found for the code with availability and the batch data,
// or 'no product found'; in mode 'log' the form that documents the batch on a patient work.
import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $customer } from '#stores/customer.ts';
import type { T } from '../../shop/lib/i18n.ts';
import { ensureCustomer, requireLogin } from '../../shop/lib/session.ts';
import { errorMessage, failureKey } from '../../shop/lib/errors.ts';
import { productPath, type Ctx } from '../../shop/lib/article.ts';
import { ArticleCard } from '../../shop/ui/ArticleCard.tsx';
import { resolveCode, type Batch, type Resolved, type Work } from './lib/logbook.ts';
import { codeFromPath, kameraPaths } from './lib/paths.ts';
import { useScannerSettings } from './lib/settings.ts';
import { CodeData } from './ui/CodeData.tsx';
import { CannotDocument, canDocument, LogForm } from './ui/LogForm.tsx';
import { ManualEntry } from './ui/ManualEntry.tsx';
import { ScannerUserBar, useScannerUser } from './ui/ScannerUserBar.tsx';
import { workLabel } from './ui/CurrentWork.tsx';
import { ModeTabs } from './ScannerView.tsx';

export default function ResultView({ country, lang, t }: { country: string; lang: string; t: T }) {
  const s = useScannerSettings();
  const customer = useStore($customer);
  const paths = kameraPaths(country, lang);
  const code = useMemo(() => (typeof location !== 'undefined' ? codeFromPath(location.pathname) : ''), []);
  const [res, setRes] = useState<Resolved | null>(null);
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [done, setDone] = useState<{ work: Work; batch: Batch } | null>(null);
  const ctx: Ctx = useMemo(() => ({ country, lang, currency: customer.currency }), [country, lang, customer.currency]);
  const log = s.mode === 'log';
  const loggedIn = customer.kundennummer > 0;
  const scanUser = useScannerUser(s.user, log && loggedIn);

  useEffect(() => { void ensureCustomer(); }, []);
  useEffect(() => {
    if (!code) return;
    const ac = new AbortController();
    setError('');
    setRes(null);
    resolveCode(code, ac.signal).then(setRes).catch((e) => { if ((e as Error).name !== 'AbortError') setError(errorMessage(t, failureKey(e))); });
    return () => ac.abort();
    // customer: prices and "already bought" depend on the login
  }, [code, attempt, customer.kundennummer, t]);

  const again = <a className="sh-btn sh-btn--primary" href={paths.scanner} data-testid="scan-again">{t('scanner.scan_again')}</a>;
  return (
    <div className="sc-result" data-testid="scan-result" data-mode={s.mode}>
      <header className="sc-head">
        <h1>{t('scanner.result')}</h1>
        <nav className="sc-head__links" aria-label={t('scanner.title')}>{again}</nav>
      </header>
      <ModeTabs t={t} mode={s.mode} />
      {!code && <p className="sh-empty" data-testid="no-product">{t('no_product_found')}</p>}
      {code && !res && !error && <p className="sh-loading" role="status">{t('app.loading')}</p>}
      {error && (
        <div className="sc-note" role="alert">
          <p className="sh-error">{error}</p>
          <button type="button" className="sh-btn" onClick={() => setAttempt((a) => a + 1)}>{t('scanner.retry')}</button>
        </div>
      )}
      {res && (
        <>
          <div className="sc-result__top">
            {res.article ? (
              <div className="sc-article" data-testid="result-article" data-artnr={res.article.Artikelnummer}>
                <ArticleCard a={{ ...res.article, vkz: res.article.vkz ?? res.vkz ?? undefined }} ctx={ctx} t={t} eager />
                <a className="sh-btn sh-btn--ghost" href={productPath(country, lang, res.article, res.article.PG)}>{t('scanner.to_product')}</a>
              </div>
            ) : (
              <div className="sc-note" data-testid="no-product">
                <p className="sh-error" role="alert">{t('no_product_found')}</p>
                <p>{t('scanner.no_product_hint')}</p>
                <ManualEntry t={t} onCode={(c) => location.assign(paths.result(c))} />
              </div>
            )}
            <CodeData t={t} lang={lang} scan={res.scan} />
            {res.scan.lot && loggedIn && (
              <a className="sh-btn sh-btn--small" href={paths.recall(code)} data-testid="recall-link">{t('scanner.mdr_recall_this', { lot: res.scan.lot })}</a>
            )}
          </div>
          {log && res.article && (
            <div className="sc-result__log">
              {!loggedIn && customer.checked && (
                <div className="sc-note" role="status">
                  <p>{t('scanner.login_to_log')}</p>
                  <button type="button" className="sh-btn sh-btn--primary" onClick={requireLogin}>{t('login.submit')}</button>
                </div>
              )}
              {loggedIn && <ScannerUserBar t={t} {...scanUser} />}
              {loggedIn && !done && scanUser.user && !canDocument(scanUser.user) && <CannotDocument t={t} user={scanUser.user} />}
              {loggedIn && !done && !(scanUser.user && !canDocument(scanUser.user)) && (
                <LogForm t={t} lang={lang} code={code} scan={res.scan} article={res.article} user={scanUser.user} currentWork={s.patientenarbeit}
                  onDone={(work, batch) => setDone({ work, batch })} />
              )}
              {done && (
                <div className="sc-done" role="status" data-testid="log-done">
                  <p><strong>{t('scanner.saved')}</strong></p>
                  <p>{workLabel(done.work)} · {t('scanner.position')} {done.batch.position}</p>
                  <div className="sc-actions">{again}<a className="sh-btn" href={paths.logbook}>{t('scanner.logbook')}</a></div>
                </div>
              )}
            </div>
          )}
        </>
      )}
    </div>
  );
}
