import { useEffect, useRef, useState } from 'react';
import { $userSelectOpen, showToast } from '#stores/ui.ts';
import { $settings } from '#stores/settings.ts';
import { request } from '#lib/api.ts';
import type { ResultOf } from '#api/contract.ts';
import type * as subusers from '#api/subusers.ts';
import { colourFor } from '#rules/locale.ts';
import { GREETING_MS } from '#rules/constants.ts';
import type { T } from '../lib/i18n.ts';
import { ensureCustomer } from '../lib/session.ts';
import { errorMessage, failureKey } from '../lib/errors.ts';
import { routes } from '../lib/routes.ts';
import { activeUserMay } from '#rules/permissions.ts';

/** needsPassword: the user has a right the acting user lacks, the switch needs its password (docs/ACCOUNTS.md) */
type User = ResultOf<typeof subusers.list>[number];
const fullName = (u: User) => `${u.vorname} ${u.nachname}`.trim();

/** Padlock before "password needed" (an SVG: emoji fonts are not everywhere). */
const LockIcon = () => (
  <svg className="sh-user__lockicon" viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
    <path fill="currentColor" d="M4 7V5a4 4 0 1 1 8 0v2h1a1 1 0 0 1 1 1v7a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h1zm2 0h4V5a2 2 0 1 0-4 0v2z" />
  </svg>
);

export default function UserSelectPanel({ country, lang, t }: { country: string; lang: string; t: T }) {
  const [users, setUsers] = useState<User[] | null>(null);
  const [greet, setGreet] = useState<User | null>(null);
  const [busy, setBusy] = useState(false);
  // the user whose password the panel asks for before switching up, the typed password and its error
  const [ask, setAsk] = useState<User | null>(null);
  const [password, setPassword] = useState('');
  const [pwError, setPwError] = useState('');
  const r = routes(country, lang);
  const ref = useRef<HTMLDivElement>(null);

  // on open the panel reloads the user list
  useEffect(() => {
    request('GET /api/user/subusers').then(setUsers).catch((e) => { showToast(errorMessage(t, failureKey(e)), 'error'); setUsers([]); });
    ref.current?.focus();
  }, [t]);

  const close = () => { $userSelectOpen.set(false); void ensureCustomer(true); };

  const askFor = (u: User | null) => { setAsk(u); setPassword(''); setPwError(''); };

  const choose = async (u: User, pw?: string) => {
    if (busy) return;
    if (u.needsPassword && pw === undefined) { askFor(u); return; }
    setBusy(true);
    try {
      await request('PUT /api/user/active', { body: pw === undefined ? { id: u.id } : { id: u.id, password: pw } });
      $settings.setKey('scannerUser', String(u.id));
      setGreet(u);
      setTimeout(() => { $userSelectOpen.set(false); location.reload(); }, GREETING_MS);
    } catch (e) {
      setBusy(false);
      const key = failureKey(e);
      if (key === 'user_password_required' || key === 'user_password_wrong' || (pw !== undefined && key === 'too_many_requests')) {
        if (ask?.id !== u.id) askFor(u);
        setPwError(errorMessage(t, key));
        setPassword('');
      } else showToast(errorMessage(t, key), 'error');
    }
  };

  // adding and editing users is for the main user and K07 (section 6); the list knows who acts now
  const acting = users?.find((u) => u.active && u.role === 'sub') ?? null;
  const mayManage = activeUserMay(acting, 'manage_users');
  const submitPassword = (e: React.FormEvent) => {
    e.preventDefault();
    if (!ask) return;
    if (password === '') { setPwError(errorMessage(t, 'user_password_required')); return; }
    void choose(ask, password);
  };

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
                <button type="button" className="sh-user__choose" onClick={() => void choose(u)} disabled={busy}
                  aria-expanded={u.needsPassword ? ask?.id === u.id : undefined} aria-controls={u.needsPassword ? `sh-us-auth-${u.id}` : undefined}>
                  <span className="sh-user__avatar" style={{ background: colourFor(u.id) }} aria-hidden="true">
                    {(u.vorname[0] ?? '') + (u.nachname[0] ?? '')}
                  </span>
                  <span className="sh-user__text">
                    <strong>{`${u.vorname} ${u.nachname}`.trim()}</strong>
                    <small>{u.role === 'general' ? t('role.general') : u.funktionen.map((f) => t(`function.${f}`)).join(', ')}</small>
                    {u.needsPassword && <small className="sh-user__lock"><LockIcon />{t('user_select.needs_password')}</small>}
                  </span>
                </button>
                {u.role === 'sub' && mayManage && (
                  <a className="sh-iconbtn" href={r.logbuchUser(u.id)} aria-label={`${t('user_select.edit')}${t('app.colon')} ${u.vorname} ${u.nachname}`} title={t('user_select.edit')}>✎</a>
                )}
                {ask?.id === u.id && (
                  <form className="sh-user__auth" id={`sh-us-auth-${u.id}`} onSubmit={submitPassword} noValidate data-testid="user-password-form">
                    <p className="sh-user__hint">{t('user_select.password_hint')}</p>
                    <label className="sh-field__label" htmlFor={`sh-us-pw-${u.id}`}>{t('user_select.password_label', { name: fullName(u) })}</label>
                    <input id={`sh-us-pw-${u.id}`} type="password" name="password" autoComplete="current-password"
                      value={password} onChange={(e) => { setPassword(e.target.value); setPwError(''); }} maxLength={100} autoFocus required
                      aria-invalid={pwError ? true : undefined} aria-describedby={pwError ? `sh-us-pw-err-${u.id}` : undefined} data-testid="user-password" />
                    {pwError && <p id={`sh-us-pw-err-${u.id}`} className="sh-field__error" role="alert" data-testid="user-password-error">{pwError}</p>}
                    <div className="sh-user__authbtns">
                      <button type="submit" className="sh-btn sh-btn--primary" disabled={busy}>{t('user_select.switch')}</button>
                      <button type="button" className="sh-btn sh-btn--ghost" onClick={() => askFor(null)}>{t('dialog.cancel')}</button>
                    </div>
                  </form>
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
