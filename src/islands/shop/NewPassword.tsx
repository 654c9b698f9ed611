// new-password/{kdnr}/{tkn}: the new password twice (7–100 characters), then log in.
import { useState } from 'react';
import { request } from '../../lib/api.ts';
import { $loginOpen } from '../../stores/ui.ts';
import { useT, type Messages } from './lib/i18n.ts';
import { errorMessage, failureKey } from './lib/errors.ts';
import { validateNewPassword, withoutErrorsOf, type Errors } from './lib/forms.ts';
import { PasswordField } from './ui/Field.tsx';
import './shop.css';

export default function NewPassword({ kdnr, tkn, lang, messages }: { kdnr: string; tkn: string; country: string; lang: string; messages?: Messages }) {
  const t = useT(lang, messages);
  const [pw, setPw] = useState('');
  const [pw2, setPw2] = useState('');
  const [err, setErr] = useState<Errors>({});
  const [general, setGeneral] = useState('');
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const v = validateNewPassword(pw, pw2);
    setErr(v); setGeneral('');
    if (Object.keys(v).length) return;
    setBusy(true);
    try {
      await request('POST /api/guest/password/new', { body: { kdnr, tkn, password: pw, password2: pw2 } });
      setDone(true);
    } catch (x) {
      const k = failureKey(x);
      setGeneral(errorMessage(t, k));
    } finally { setBusy(false); }
  };
  const m = (k: string) => (err[k] ? errorMessage(t, err[k]!) : undefined);
  return (
    <form className="sh-form sh-narrow" onSubmit={submit} noValidate data-testid="new-password">
      <h1>{t('password.new_title')}</h1>
      {done ? (
        <div className="sh-success" role="status">
          <p>{t('password.changed')}</p>
          <button type="button" className="sh-btn sh-btn--primary" onClick={() => $loginOpen.set(true)}>{t('login.submit')}</button>
        </div>
      ) : (
        <>
          <PasswordField label={t('password.new')} name="password" value={pw} onChange={(x) => { setPw(x); setErr((e) => withoutErrorsOf(e, 'password')); }} error={m('password')} required t={t} />
          <PasswordField label={t('password.repeat')} name="password2" value={pw2} onChange={(x) => { setPw2(x); setErr((e) => withoutErrorsOf(e, 'password2')); }} error={m('password2')} required t={t} />
          <p className="sh-field__hint">{t('password.rules')}</p>
          {general && <p className="sh-error" role="alert">{general}</p>}
          <button type="submit" className="sh-btn sh-btn--primary" disabled={busy}>{t('app.save')}</button>
        </>
      )}
    </form>
  );
}
