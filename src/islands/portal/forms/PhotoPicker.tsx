// Photos of a service request: camera or file choice (JPEG, PNG, WebP, HEIC; 15 MB each, at most 10),
// thumbnails with a remove button, the photo error beneath.
import { useEffect, useId, useMemo } from 'react';
import { showToast } from '#stores/ui.ts';
import type { T } from '../../shop/lib/i18n.ts';

export const MAX_PHOTOS = 10;
const MAX_BYTES = 15 * 1024 * 1024;
const TYPES = /^image\/(jpeg|png|webp|heic|heif)$/;

export function PhotoPicker({ t, files, onChange, error }: { t: T; files: File[]; onChange: (f: File[]) => void; error?: string }) {
  const id = useId();
  const urls = useMemo(() => files.map((f) => (typeof URL !== 'undefined' && /^image\/(jpeg|png|webp)$/.test(f.type) ? URL.createObjectURL(f) : '')), [files]);
  useEffect(() => () => { for (const u of urls) if (u) URL.revokeObjectURL(u); }, [urls]);
  const add = (list: FileList | null) => {
    if (!list) return;
    const next = [...files];
    let problem = '';
    for (const f of Array.from(list)) {
      if (f.type && !TYPES.test(f.type) && !/\.(heic|heif)$/i.test(f.name)) { problem = t('upload_type'); continue; }
      if (f.size > MAX_BYTES) { problem = t('upload_too_large'); continue; }
      if (next.length < MAX_PHOTOS) next.push(f);
    }
    onChange(next);
    if (problem) showToast(problem, 'error');
  };
  return (
    <div className={`sh-field pt-photos${error ? ' has-error' : ''}`}>
      <span className="sh-field__label" id={`${id}-l`}>{t('form.photos')}<span className="sh-req" aria-hidden="true"> *</span></span>
      {files.length > 0 && (
        <ul className="pt-photos__list" aria-labelledby={`${id}-l`}>
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`} className="pt-photos__item">
              {urls[i] ? <img src={urls[i]} alt={f.name} width={72} height={72} /> : <span className="pt-photos__name">{f.name}</span>}
              <button type="button" className="sh-iconbtn" onClick={() => onChange(files.filter((_, j) => j !== i))} aria-label={`${t('form.remove_photo')}${t('app.colon')} ${f.name}`}>×</button>
            </li>
          ))}
        </ul>
      )}
      {files.length < MAX_PHOTOS && (
        <label className="sh-btn pt-photos__add" htmlFor={id}>
          {t('form.add_photo')}
          <input id={id} type="file" accept="image/jpeg,image/png,image/webp,image/heic,image/heif,.heic" multiple className="sh-sr" data-field="photo"
            aria-invalid={!!error} aria-describedby={error ? `${id}-err` : `${id}-h`} onChange={(e) => { add(e.target.files); e.target.value = ''; }} />
        </label>
      )}
      <span id={`${id}-h`} className="sh-field__hint">{t('form.photo_hint', { max: MAX_PHOTOS })}</span>
      {error && <span id={`${id}-err`} className="sh-field__error" role="alert" data-testid="photo-error">{error}</span>}
    </div>
  );
}
