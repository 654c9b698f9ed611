import { useEffect, useRef, useState } from 'react';
import { $userSelectOpen, showToast } from '../../../stores/ui.ts';
import { $settings } from '../../../stores/settings.ts';
import { api } from '../../../lib/api.ts';
import { colourFor } from '../../../lib/rules/locale.ts';
import { GREETING_MS } from '../../../lib/rules/constants.ts';
import type { T } from '../lib/i18n.ts';
import { ensureCustomer } from '../lib/session.ts';
import { errorMessage, failureKey } from '../lib/errors.ts';
import { routes } from '../lib/routes.ts';
import { activeUserMay } from '../../../lib/rules/permissions.ts';

interface User { id: number; vorname: string; nachname: string; funktionen: string[]; role: 'general' | 'sub'; active?: boolean }

export default function UserSelectPanel({ country, lang, t }: { country: string; lang: string; t: T }) {
  const [users, setUsers] = useState<User[] | null>(null);
  const [greet, setGreet] = useState<User | null>(null);
  const [busy, setBusy] = useState(false);
  const r = routes(country, lang);
  const ref = useRef<HTMLDivElement>(null);

  // on open the panel reloads the user list
  useEffect(() => {
    api.get<User[]>('user/subusers').then(setUsers).catch((e) => { showToast(errorMessage(t, failureKey(e)), 'error'); setUsers([]); });
    ref.current?.focus();
  }, [t]);

  const close = () => { $userSelectOpen.set(false); void ensureCustomer(true); };

  const choose = async (u: User) => {
    if (busy) return;
    setBusy(true);
    try {
      await api.put('user/active', { id: u.id });
      $settings.setKey('scannerUser', String(u.id));
      setGreet(u);
      setTimeout(() => { $userSelectOpen.set(false); location.reload(); }, GREETING_MS);
    } catch (e) {
      setBusy(false);
      showToast(errorMessage(t, failureKey(e)), 'error');
    }
  };

  // adding and editing users is for the main user and K07 (section 6); the list knows who acts now
  const acting = users?.find((u) => u.active && u.role === 'sub') ?? null;
  const mayManage = activeUserMay(acting, 'manage_users');

  if (greet) {
    return (
      <div className="sh-overlay">
        <div className="sh-greeting" role="status" data-testid="user-greeting">
          <span style={{ color: colourFor(greet.id) }}>{t('app.greeting', { name: `${greet.vorname} ${greet.nachname}`.trim() })}</span>
        </div>
      </div>
    );
  }
  return (
    <div className="sh-overlay" onClick={(e) => { if (e.target === e.currentTarget) close(); }} onKeyDown={(e) => { if (e.key === 'Escape') close(); }}>
      <div className="sh-side" role="dialog" aria-modal="true" aria-labelledby="sh-us-title" tabIndex={-1} ref={ref} data-testid="user-select">
        <div className="sh-side__head">
          <h2 id="sh-us-title">{t('user_select.title')}</h2>
          <button type="button" className="sh-iconbtn" aria-label={t('dialog.close')} onClick={close}>×</button>
        </div>
        {!users && <p>{t('app.loading')}</p>}
        {users && (
          <ul className="sh-users">
            {users.map((u) => (
              <li key={u.id} className={`sh-user${u.active ? ' is-active' : ''}`}>
                <button type="button" className="sh-user__choose" onClick={() => void choose(u)} disabled={busy}>
                  <span className="sh-user__avatar" style={{ background: colourFor(u.id) }} aria-hidden="true">
                    {(u.vorname[0] ?? '') + (u.nachname[0] ?? '')}
                  </span>
                  <span className="sh-user__text">
                    <strong>{`${u.vorname} ${u.nachname}`.trim()}</strong>
                    <small>{u.role === 'general' ? t('role.general') : u.funktionen.map((f) => t(`function.${f}`)).join(', ')}</small>
                  </span>
                </button>
                {u.role === 'sub' && mayManage && (
                  <a className="sh-iconbtn" href={r.logbuchUser(u.id)} aria-label={`${t('user_select.edit')}: ${u.vorname} ${u.nachname}`} title={t('user_select.edit')}>✎</a>
                )}
              </li>
            ))}
          </ul>
        )}
        <div className="sh-side__foot">
          {mayManage && <a className="sh-btn sh-btn--block" href={r.logbuchUserCreate}>{t('user_select.add')}</a>}
          <button type="button" className="sh-btn sh-btn--ghost sh-btn--block" onClick={close}>{t('dialog.cancel')}</button>
        </div>
      </div>
    </div>
  );
}
