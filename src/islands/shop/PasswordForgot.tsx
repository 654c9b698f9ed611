// passwort-vergessen: customer number or e-mail → reset link by mail (always the same answer).
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { $customer } from '../../stores/customer.ts';
import { companyFor } from '../../stores/company.ts';
import { request } from '../../lib/api.ts';
import { useT, type Messages } from './lib/i18n.ts';
import { errorMessage, failureKey } from './lib/errors.ts';
import { validateForgot } from './lib/forms.ts';
import { Field } from './ui/Field.tsx';
import { Honeypot } from './ui/Honeypot.tsx';
import { HONEYPOT_FIELD } from '../../lib/rules/constants.ts';
import './shop.css';

export default function PasswordForgot({ country, lang, messages }: { country: string; lang: string; messages?: Messages }) {
  const t = useT(lang, messages);
  const c = useStore($customer);
  const [login, setLogin] = useState('');
  const [err, setErr] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [hp, setHp] = useState('');
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const v = validateForgot(login);
    if (v.login) { setErr(errorMessage(t, v.login)); return; }
    setBusy(true); setErr('');
    try {
      await request('POST /api/guest/password/forgot', {
        query: { country, lang },
        body: { login: login.trim(), firma: await companyFor(country).catch(() => c.firma || 1), ...(hp ? { [HONEYPOT_FIELD]: hp } : {}) },
      });
      setSent(true);
    } catch (x) { setErr(errorMessage(t, failureKey(x))); } finally { setBusy(false); }
  };
  return (
    <form className="sh-form sh-narrow" onSubmit={submit} noValidate data-testid="password-forgot">
      <h1>{t('password.forgot_title')}</h1>
      {sent ? <p className="sh-success" role="status">{t('password.reset_sent')}</p> : (
        <>
          <p>{t('password.forgot_text')}</p>
          <Field label={t('login.username')} name="login" value={login} onChange={(x) => { setLogin(x); setErr(''); }} error={err || undefined} required autoComplete="username" maxLength={254} />
          <Honeypot value={hp} onChange={setHp} label={t('form.honeypot')} />
          <button type="submit" className="sh-btn sh-btn--primary" disabled={busy}>{t('password.send_link')}</button>
        </>
      )}
    </form>
  );
}
