// kamera/settings: scan-area size, inverted codes, mode, camera; the tutorials can be shown again.
import { useEffect, useId, useState } from 'react';
import type { T } from '../../shop/lib/i18n.ts';
import { kameraPaths } from './lib/paths.ts';
import { SCAN_SIZES, setScanner, useScannerSettings } from './lib/settings.ts';
import type { Camera } from './lib/camera.ts';
import { ModeTabs } from './ScannerView.tsx';

export default function SettingsView({ country, lang, t }: { country: string; lang: string; t: T }) {
  const s = useScannerSettings();
  const id = useId();
  const paths = kameraPaths(country, lang);
  const [cameras, setCameras] = useState<Camera[] | null>(null);
  useEffect(() => {
    // labels are only known after a permission was granted once; without them the cameras are numbered
    navigator.mediaDevices?.enumerateDevices?.()
      .then((all) => setCameras(all.filter((d) => d.kind === 'videoinput').map((d, i) => ({ deviceId: d.deviceId, label: d.label || `${t('scanner.device')} ${i + 1}` }))))
      .catch(() => setCameras([]));
  }, [t]);
  return (
    <div className="sc-settings" data-testid="scanner-settings">
      <header className="sc-head">
        <h1>{t('scanner.settings')}</h1>
        <nav className="sc-head__links" aria-label={t('scanner.title')}><a className="sh-btn sh-btn--primary" href={paths.scanner}>{t('scanner.back')}</a></nav>
      </header>
      <fieldset className="sc-set">
        <legend>{t('scanner.mode')}</legend>
        <ModeTabs t={t} mode={s.mode} />
      </fieldset>
      <fieldset className="sc-set">
        <legend>{t('scanner.size')}</legend>
        {SCAN_SIZES.map((z) => (
          <label key={z.key} className="sc-radio">
            <input type="radio" name={`${id}-size`} value={z.value} checked={s.size === z.value} onChange={() => setScanner.size(z.value)} />
            <span>{t(`scanner.size_${z.key}`)}</span>
            <span className="sc-size-demo" style={{ '--sc-size': `${z.value * 100}%` } as React.CSSProperties} aria-hidden="true"><span /></span>
          </label>
        ))}
      </fieldset>
      <fieldset className="sc-set">
        <legend>{t('scanner.codes_legend')}</legend>
        <label className="sc-check">
          <input type="checkbox" checked={s.checkInverted} onChange={(e) => setScanner.checkInverted(e.target.checked)} data-testid="setting-inverted" />
          <span>{t('scanner.inverted')}</span>
        </label>
        <p className="sh-muted">{t('scanner.codes')}</p>
      </fieldset>
      <fieldset className="sc-set">
        <legend>{t('scanner.device')}</legend>
        {cameras === null && <p className="sh-muted">{t('app.loading')}</p>}
        {cameras && cameras.length === 0 && <p className="sh-muted">{t('no_compatible_camera')}</p>}
        {cameras && cameras.length > 0 && (
          <select aria-label={t('scanner.device')} value={s.device} onChange={(e) => setScanner.device(e.target.value)}>
            <option value="">{t('scanner.device_default')}</option>
            {cameras.map((c) => <option key={c.deviceId || c.label} value={c.deviceId}>{c.label}</option>)}
          </select>
        )}
      </fieldset>
      <fieldset className="sc-set">
        <legend>{t('scanner.tutorial')}</legend>
        <div className="sc-actions sc-actions--wrap">
          <a className="sh-btn" href={paths.tutorial} onClick={() => setScanner.tutorialRead(false)}>{t('scanner.tutorial_again')}</a>
          <a className="sh-btn" href={paths.mdr} onClick={() => setScanner.mdrTutorialRead(false)}>{t('scanner.mdr_again')}</a>
        </div>
      </fieldset>
    </div>
  );
}
