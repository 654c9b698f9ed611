// The scanner user the batches are documented for (section 6: sub-users with functions). Changing it
// opens the shared user-select panel, which sets the active user and the scannerUser setting.
import { useEffect, useState } from 'react';
import { $userSelectOpen } from '#stores/ui.ts';
import { colourFor } from '#rules/locale.ts';
import type { T } from '#islands/shop/lib/i18n.ts';
import { errorMessage, failureKey } from '#islands/shop/lib/errors.ts';
import { activate } from '#islands/shop/lib/activate.ts';
import { loadScannerUser, type ScannerUser } from '../lib/logbook.ts';

export function useScannerUser(id: number, enabled: boolean): { user: ScannerUser | null; error: string; loading: boolean } {
  const [st, setSt] = useState<{ user: ScannerUser | null; error: string; loading: boolean }>({ user: null, error: '', loading: enabled });
  useEffect(() => {
    if (!enabled) { setSt({ user: null, error: '', loading: false }); return; }
    let off = false;
    setSt((s) => ({ ...s, loading: true }));
    loadScannerUser(id)
      // a stored sub-user that is gone: the session's active user documents instead
      .catch((e) => (id > 0 ? loadScannerUser(0) : Promise.reject(e)))
      .then((user) => { if (!off) setSt({ user, error: '', loading: false }); })
      .catch((e) => { if (!off) setSt({ user: null, error: failureKey(e), loading: false }); });
    return () => { off = true; };
  }, [id, enabled]);
  return st;
}

export function ScannerUserBar({ t, user, error, loading }: { t: T; user: ScannerUser | null; error: string; loading: boolean }) {
  const name = user ? `${user.vorname} ${user.nachname}`.trim() : '';
  const roles = user ? (user.role === 'general' ? [t('role.general')] : user.funktionen.map((f) => t(`function.${f}`))) : [];
  return (
    <div className="sc-user" data-testid="scanner-user">
      <span className="sc-user__label">{t('scanner.user')}{t('app.colon')}</span>
      {loading && <span className="sh-muted">{t('app.loading')}</span>}
      {!loading && user && (
        <span className="sc-user__name">
          <span className="sc-user__dot" style={{ background: colourFor(user.id) }} aria-hidden="true" />
          <strong>{name}</strong>{roles.length > 0 && <span className="sc-user__roles"> · {roles.join(', ')}</span>}
        </span>
      )}
      {!loading && error && <span className="sh-error" role="alert">{errorMessage(t, error)}</span>}
      <button type="button" className="sh-btn sh-btn--small sh-btn--ghost" onClick={() => { $userSelectOpen.set(true); activate('user-select'); }}>
        {t('nav.change_user')}
      </button>
    </div>
  );
}
