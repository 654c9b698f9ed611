// The login form of the side panel (lazy chunk of LoginPanel).
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $customer } from '../../../stores/customer.ts';
import { $loginOpen, $loginRequiredOpen, openDialog } from '../../../stores/ui.ts';
import { PASSWORD_MAX } from '../../../lib/rules/constants.ts';
import type { T } from '../lib/i18n.ts';
import { afterLogin, login } from '../lib/session.ts';
import { runPendingAdd } from '../lib/cart.ts';
import { errorMessage } from '../lib/errors.ts';

export default function LoginForm({ country, lang, t }: { country: string; lang: string; t: T }) {
  const customer = useStore($customer);
  const [user, setUser] = useState('');
  const [pw, setPw] = useState('');
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState(false);
  const [inline, setInline] = useState('');
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => { first.current?.focus(); }, []);

  const close = () => { $loginOpen.set(false); };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true); setInline('');
    const r = await login(user, pw, customer.firma || 1);
    setBusy(false);
    if (!r.ok) {
      const text = errorMessage(t, r.key);
      setInline(text);
      openDialog({ title: errorMessage(t, r.titleKey), text });
      return;
    }
    $loginOpen.set(false);
    $loginRequiredOpen.set(false);
    const pending = await runPendingAdd();
    const here = location.pathname + location.search + location.hash;
    if (pending && pending.page && pending.page !== here) {
      try { sessionStorage.setItem('shop:userSelect', '1'); } catch { /* ignore */ }
      location.assign(pending.page);
      return;
    }
    afterLogin();
  };

  return (
    <div className="sh-overlay" onClick={(e) => { if (e.target === e.currentTarget) close(); }}>
      <aside className="sh-side" role="dialog" aria-modal="true" aria-labelledby="sh-login-title" data-testid="login-panel">
        <div className="sh-side__head">
          <h2 id="sh-login-title">{t('login.title')}</h2>
          <button type="button" className="sh-iconbtn" aria-label={t('dialog.close')} onClick={close}>×</button>
        </div>
        <form className="sh-form" onSubmit={submit} noValidate>
          <label className="sh-field">
            <span className="sh-field__label">{t('login.username')}</span>
            <input ref={first} name="username" autoComplete="username" value={user} onChange={(e) => setUser(e.target.value)}
              maxLength={254} required data-testid="login-username" />
          </label>
          <label className="sh-field">
            <span className="sh-field__label">{t('login.password')}</span>
            <span className="sh-pw">
              <input name="password" type={show ? 'text' : 'password'} autoComplete="current-password" value={pw}
                onChange={(e) => setPw(e.target.value)} maxLength={PASSWORD_MAX} required data-testid="login-password" />
              <button type="button" className="sh-pw__toggle" aria-pressed={show} onClick={() => setShow(!show)}>
                {show ? t('app.hide_password') : t('app.show_password')}
              </button>
            </span>
          </label>
          {inline && <p className="sh-error" role="alert">{inline}</p>}
          <button type="submit" className="sh-btn sh-btn--primary sh-btn--block" disabled={busy} data-testid="login-submit">
            {busy ? t('app.loading') : t('login.submit')}
          </button>
          <a className="sh-link" href={`/${country}/${lang}/passwort-vergessen`}>{t('login.forgot')}</a>
        </form>
        <div className="sh-side__foot">
          <p>{t('login.no_account')}</p>
          <a className="sh-btn sh-btn--block" href={`/${country}/${lang}/register`}>{t('login.register')}</a>
          <a className="sh-btn sh-btn--block" href={`/${country}/${lang}/fast-register`}>{t('login.fast_register')}</a>
        </div>
      </aside>
    </div>
  );
}
