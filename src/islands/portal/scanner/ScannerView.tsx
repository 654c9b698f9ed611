// kamera: the live scanner (QR, DataMatrix, Code-128), photo upload and manual entry; in mode 'log'
// also the scanner user, the current patient work and the logbook.
import { useCallback } from 'react';
import { useStore } from '@nanostores/react';
import { $customer } from '#stores/customer.ts';
import type { T } from '../../shop/lib/i18n.ts';
import { requireLogin } from '../../shop/lib/session.ts';
import { kameraPaths } from './lib/paths.ts';
import { setScanner, useScannerSettings, type ScannerMode } from './lib/settings.ts';
import { CameraBox } from './ui/CameraBox.tsx';
import { PhotoUpload } from './ui/PhotoUpload.tsx';
import { ManualEntry } from './ui/ManualEntry.tsx';
import { ScannerUserBar, useScannerUser } from './ui/ScannerUserBar.tsx';
import { CurrentWork } from './ui/CurrentWork.tsx';
import { LogbookPanel } from './ui/LogbookPanel.tsx';
import { CannotDocument, canDocument } from './ui/LogForm.tsx';

export function ModeTabs({ t, mode }: { t: T; mode: ScannerMode }) {
  return (
    <div className="sh-tabs sc-modes" role="group" aria-label={t('scanner.mode')}>
      {(['info', 'log'] as const).map((m) => (
        <button key={m} type="button" aria-pressed={mode === m} className={`sh-tab${mode === m ? ' is-active' : ''}`}
          data-mode={m} onClick={() => setScanner.mode(m)}>{t(`scanner.mode_${m}`)}</button>
      ))}
    </div>
  );
}

export default function ScannerView({ country, lang, t }: { country: string; lang: string; t: T }) {
  const s = useScannerSettings();
  const customer = useStore($customer);
  const paths = kameraPaths(country, lang);
  const loggedIn = customer.kundennummer > 0;
  const log = s.mode === 'log';
  const scanUser = useScannerUser(s.user, log && loggedIn);
  const go = useCallback((code: string) => { location.assign(paths.result(code)); }, [paths]);

  return (
    <div className="sc-scanner" data-testid="scanner" data-mode={s.mode}>
      <header className="sc-head">
        <h1>{t('scanner.title')}</h1>
        <nav className="sc-head__links" aria-label={t('scanner.title')}>
          <a className="sh-btn sh-btn--small sh-btn--ghost" href={paths.settings}>{t('scanner.settings')}</a>
          <a className="sh-btn sh-btn--small sh-btn--ghost" href={log ? paths.mdr : paths.tutorial}
            onClick={() => (log ? setScanner.mdrTutorialRead(false) : setScanner.tutorialRead(false))}>{t(log ? 'scanner.tutorial_mdr' : 'scanner.tutorial')}</a>
        </nav>
      </header>
      <ModeTabs t={t} mode={s.mode} />
      {log && customer.checked && !loggedIn && (
        <div className="sc-note" role="status">
          <p>{t('scanner.login_to_log')}</p>
          <button type="button" className="sh-btn sh-btn--primary" onClick={requireLogin}>{t('login.submit')}</button>
        </div>
      )}
      {log && loggedIn && (
        <div className="sc-logbar">
          <ScannerUserBar t={t} {...scanUser} />
          <CurrentWork t={t} workId={s.patientenarbeit} logbookHref="#logbuch" />
        </div>
      )}
      {log && loggedIn && scanUser.user && !canDocument(scanUser.user) && <CannotDocument t={t} user={scanUser.user} />}
      <div className="sc-grid">
        <CameraBox t={t} size={s.size} inverted={s.checkInverted} deviceId={s.device} onCode={(d) => go(d.text)} />
        <aside className="sc-alt">
          <p className="sc-codes">{t('scanner.codes')}</p>
          <PhotoUpload t={t} inverted={s.checkInverted} onCode={(d) => go(d.text)} />
          <ManualEntry t={t} onCode={go} />
        </aside>
      </div>
      {log && loggedIn && <LogbookPanel t={t} country={country} lang={lang} currentWork={s.patientenarbeit} canEdit={!scanUser.user || canDocument(scanUser.user)} />}
    </div>
  );
}
