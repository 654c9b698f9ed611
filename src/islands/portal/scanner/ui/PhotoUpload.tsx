// Decoding from a photo (upload, or the phone's camera app through capture).
import { useRef, useState } from 'react';
import type { T } from '#islands/shop/lib/i18n.ts';
import type { Decoded } from '../lib/decoder.ts';
import { loadDecoder } from '../lib/camera.ts';

export function PhotoUpload({ t, inverted, onCode }: { t: T; inverted: boolean; onCode: (d: Decoded) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError('');
    try {
      const hit = await (await loadDecoder()).decodeFile(file, inverted);
      if (hit) onCode(hit); else setError(t('scanner.upload_failed'));
    } catch {
      setError(t('scanner.upload_unreadable'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div className="sc-upload">
      <input ref={input} type="file" accept="image/*" className="sh-sr" id="sc-photo" data-testid="scanner-photo"
        onChange={(e) => void pick(e.target.files?.[0])} />
      <label htmlFor="sc-photo" className={`sh-btn${busy ? ' is-busy' : ''}`} aria-disabled={busy}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18"><path fill="currentColor" d="M9 3 7.2 5H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-3.2L15 3H9zm3 5a5 5 0 1 1 0 10 5 5 0 0 1 0-10zm0 2a3 3 0 1 0 0 6 3 3 0 0 0 0-6z"/></svg>
        {busy ? t('app.loading') : t('scanner.upload')}
      </label>
      {error && <p className="sh-error" role="alert" data-testid="scanner-photo-error">{error}</p>}
    </div>
  );
}
