// Manual entry: the fallback when no camera is there (or a label cannot be read).
import { useId, useState } from 'react';
import type { T } from '#islands/shop/lib/i18n.ts';

export function ManualEntry({ t, onCode, autoFocus }: { t: T; onCode: (code: string) => void; autoFocus?: boolean }) {
  const [code, setCode] = useState('');
  const id = useId();
  return (
    <form className="sc-manual" data-testid="scanner-manual" onSubmit={(e) => { e.preventDefault(); if (code.trim()) onCode(code.trim()); }}>
      <label htmlFor={id} className="sh-field__label">{t('scanner.manual_label')}</label>
      <div className="sc-manual__row">
        <input id={id} name="code" value={code} onChange={(e) => setCode(e.target.value)} maxLength={500} autoComplete="off"
          autoCapitalize="characters" spellCheck={false} autoFocus={autoFocus} placeholder={t('scanner.manual_placeholder')} />
        <button type="submit" className="sh-btn sh-btn--primary" disabled={!code.trim()}>{t('app.search')}</button>
      </div>
    </form>
  );
}
