// The live camera with the scan-area frame, its states (starting, no camera, no permission) and the
// camera choice.
import { useRef, useState } from 'react';
import type { T } from '#islands/shop/lib/i18n.ts';
import { useScanLoop } from '../lib/camera.ts';
import type { Decoded } from '../lib/decoder.ts';
import { setScanner } from '../lib/settings.ts';

export function CameraBox({ t, size, inverted, deviceId, onCode }: {
  t: T; size: number; inverted: boolean; deviceId: string; onCode: (d: Decoded) => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const cam = useScanLoop({ video, enabled: true, deviceId, size, inverted, onCode });
  const failed = cam.state === 'no_camera' || cam.state === 'denied' || cam.state === 'error';
  const pct = `${Math.round(size * 100)}%`;
  // the box takes the picture's proportions, so the frame marks exactly the decoded square
  const [ratio, setRatio] = useState<{ w: number; h: number } | null>(null);
  // the band's height (a third of the square's side) as a share of the box height
  const barPct = `${Math.round((size / 3) * (ratio && ratio.h > ratio.w ? ratio.w / ratio.h : 1) * 1000) / 10}%`;
  return (
    <div className="sc-camera" data-state={cam.state} data-testid="scanner-camera">
      <div className={`sc-video${failed ? ' is-off' : ''}`} data-orient={ratio && ratio.h > ratio.w ? 'portrait' : 'landscape'}
        style={ratio ? { aspectRatio: `${ratio.w} / ${ratio.h}` } : undefined}>
        <video ref={video} muted playsInline aria-label={t('scanner.hint')}
          onLoadedMetadata={(e) => { const v = e.currentTarget; if (v.videoWidth) setRatio({ w: v.videoWidth, h: v.videoHeight }); }} />
        {!failed && (
          // the frame marks the part of the picture that is decoded (share of the shorter side); the
          // dashed band across it is where long bar codes are read (lib/decoder.ts barArea)
          <div className="sc-frame" style={{ '--sc-size': pct, '--sc-bar-h': barPct } as React.CSSProperties} aria-hidden="true"><span /><i className="sc-frame__bar" /></div>
        )}
        {cam.state === 'starting' && <p className="sc-video__msg" role="status">{t('scanner.starting')}</p>}
        {cam.state === 'idle' && (
          <div className="sc-video__msg">
            <button type="button" className="sh-btn sh-btn--primary" onClick={cam.start}>{t('scanner.start')}</button>
          </div>
        )}
        {failed && (
          <p className="sc-video__msg sc-video__msg--error" role="alert" data-testid="scanner-no-camera">
            {cam.state === 'denied' ? t('error_camera_permission') : cam.state === 'no_camera' ? t('no_compatible_camera') : t('generic')}
          </p>
        )}
      </div>
      {cam.state === 'running' && <p className="sc-hint">{t('scanner.hint')}</p>}
      <div className="sc-camera__bar">
        {cam.state === 'running' && <button type="button" className="sh-btn sh-btn--small" onClick={cam.stop}>{t('scanner.stop')}</button>}
        {failed && <button type="button" className="sh-btn sh-btn--small" onClick={cam.start}>{t('scanner.retry')}</button>}
        {cam.cameras.length > 1 && (
          <label className="sc-camera__select">
            <span>{t('scanner.device')}</span>
            <select value={deviceId || cam.activeDevice} onChange={(e) => setScanner.device(e.target.value)}>
              {cam.cameras.map((c) => <option key={c.deviceId} value={c.deviceId}>{c.label}</option>)}
            </select>
          </label>
        )}
      </div>
    </div>
  );
}
