// The login form of the side panel (lazy chunk of LoginPanel). Failures open the error dialog of
// section 8; password_change_required switches to the change form. After login: the remembered add
// runs, then the remembered page (or, on a login-only page, the same page rendered for the customer)
// loads with the user-select panel open; otherwise the user-select panel opens right here.
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $customer } from '#stores/customer.ts';
import { companyFor } from '#stores/company.ts';
import { $loginOpen, $loginRequiredOpen, openDialog } from '#stores/ui.ts';
import { PASSWORD_MAX } from '#rules/constants.ts';
import type { T } from '../lib/i18n.ts';
import { afterLogin, changePasswordAndLogin, login, onLoginRoute, type LoginResult } from '../lib/session.ts';
import { runPendingAdd } from '../lib/cart.ts';
import { errorMessage } from '../lib/errors.ts';
import { PasswordField, PasswordToggle } from '../ui/Field.tsx';

const USER_SELECT_FLAG = 'shop:userSelect';

/** Where the user goes after a successful login (section 4). */
async function proceed(): Promise<void> {
  $loginOpen.set(false);
  $loginRequiredOpen.set(false);
  const pending = await runPendingAdd();
  const here = location.pathname + location.search + location.hash;
  const target = pending?.page && pending.page !== here ? pending.page : null;
  // a login-only page was rendered for a guest: render it again for the customer; a page built in
  // another brand than the customer's company: the server then serves the customer's brand
  const otherBrand = Number(document.documentElement.dataset.firma) !== $customer.get().firma;
  const reload = !target && (otherBrand || onLoginRoute() || document.querySelector('[data-login-required]') !== null);
  if (target || reload) {
    try { sessionStorage.setItem(USER_SELECT_FLAG, '1'); } catch { /* the panel simply does not open */ }
    if (target) location.assign(target); else location.reload();
    return;
  }
  afterLogin();
}

export default function LoginForm({ country, lang, t }: { country: string; lang: string; t: T }) {
  const customer = useStore($customer);
  const [user, setUser] = useState('');
  const [pw, setPw] = useState('');
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState(false);
  const [inline, setInline] = useState('');
  // password_change_required: the new password twice
  const [change, setChange] = useState(false);
  const [pwNew, setPwNew] = useState('');
  const [pwNew2, setPwNew2] = useState('');
  const [pwErr, setPwErr] = useState<Record<string, string>>({});
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => { first.current?.focus(); }, [change]);

  const close = () => { $loginOpen.set(false); };
  // the company serving this country (start-up call); the last known one if that call failed
  const firma = () => companyFor(country).catch(() => customer.firma || 1);

  const fail = (r: Extract<LoginResult, { ok: false }>) => {
    const text = errorMessage(t, r.key);
    setInline(text);
    openDialog({ title: errorMessage(t, r.titleKey), text });
    if (r.key === 'password_change_required') setChange(true);
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true); setInline('');
    const r = await login(user, pw, await firma());
    setBusy(false);
    if (!r.ok) { fail(r); return; }
    await proceed();
  };

  const submitChange = async (e: React.FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true); setInline(''); setPwErr({});
    const r = await changePasswordAndLogin(user, pw, pwNew, pwNew2, await firma());
    setBusy(false);
    if (r.ok) { await proceed(); return; }
    if (r.key === 'password_length' || r.key === 'password_mismatch') {
      setPwErr({ [r.key === 'password_mismatch' ? 'password2' : 'password']: errorMessage(t, r.key) });
      return;
    }
    fail(r);
  };

  return (
    <div className="sh-overlay" onClick={(e) => { if (e.target === e.currentTarget) close(); }}>
      <aside className="sh-side" role="dialog" aria-modal="true" aria-labelledby="sh-login-title" data-testid="login-panel">
        <div className="sh-side__head">
          <h2 id="sh-login-title">{change ? t('account.change_password') : t('login.title')}</h2>
          <button type="button" className="sh-iconbtn" aria-label={t('dialog.close')} onClick={close}>×</button>
        </div>
        {change ? (
          <form className="sh-form" onSubmit={submitChange} noValidate data-testid="login-change-password">
            <p>{t('login.change_password_text')}</p>
            <PasswordField label={t('password.new')} name="password" value={pwNew} onChange={setPwNew} error={pwErr.password} required t={t} />
            <PasswordField label={t('password.repeat')} name="password2" value={pwNew2} onChange={setPwNew2} error={pwErr.password2} required t={t} />
            <p className="sh-field__hint">{t('password.rules')}</p>
            {inline && <p className="sh-error" role="alert">{inline}</p>}
            <button type="submit" className="sh-btn sh-btn--primary sh-btn--block" disabled={busy}>{busy ? t('app.loading') : t('app.save')}</button>
          </form>
        ) : (
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
                <PasswordToggle show={show} onToggle={() => setShow(!show)} t={t} />
              </span>
            </label>
            {inline && <p className="sh-error" role="alert">{inline}</p>}
            <button type="submit" className="sh-btn sh-btn--primary sh-btn--block" disabled={busy} data-testid="login-submit">
              {busy ? t('app.loading') : t('login.submit')}
            </button>
            <a className="sh-link" href={`/${country}/${lang}/passwort-vergessen/`}>{t('login.forgot')}</a>
          </form>
        )}
        <div className="sh-side__foot">
          <p>{t('login.no_account')}</p>
          <a className="sh-btn sh-btn--block" href={`/${country}/${lang}/register/`}>{t('login.register')}</a>
          <a className="sh-btn sh-btn--block" href={`/${country}/${lang}/fast-register/`}>{t('login.fast_register')}</a>
        </div>
      </aside>
    </div>
  );
}
