// Login side panel and the login-required popup (section 2). Tiny until opened: the form is a
// separate chunk. After login: the remembered add runs, the user-select panel opens, and the user
// returns to the remembered page.
import { lazy, Suspense, useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $loginOpen, $loginRequiredOpen } from '../../stores/ui.ts';
import { ensureMessages, tNow, useT, type Messages } from './lib/i18n.ts';
import './shop.css';
import { openDialog, showToast } from '../../stores/ui.ts';
import { takeNotice } from './lib/notice.ts';

const LoginForm = lazy(() => import('./panels/LoginForm.tsx'));

export default function LoginPanel({ country, lang, messages }: { country: string; lang: string; messages?: Messages }) {
  const open = useStore($loginOpen);
  const required = useStore($loginRequiredOpen);
  const t = useT(lang, messages);

  // a notice carried over a redirect (verification result)
  useEffect(() => {
    const n = takeNotice();
    if (!n) return;
    void ensureMessages(lang, messages).then(() => {
      const tt = tNow(lang);
      if (n.type === 'success') showToast(tt(n.text), 'success');
      else openDialog({ title: tt(n.title), text: tt(n.text) });
      if (n.openLogin) $loginOpen.set(true);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!open && !required) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      if (open) $loginOpen.set(false);
      else if (required) { $loginRequiredOpen.set(false); location.assign(`/${country}/${lang}/`); }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, required, country, lang]);

  if (!open && !required) return null;
  return (
    <>
      {required && !open && (
        <div className="sh-overlay" onClick={(e) => { if (e.target === e.currentTarget) { $loginRequiredOpen.set(false); location.assign(`/${country}/${lang}/`); } }}>
          <div className="sh-popup" role="dialog" aria-modal="true" aria-labelledby="sh-lr-title" data-testid="login-required">
            <button type="button" className="sh-popup__close" aria-label={t('dialog.close')}
              onClick={() => { $loginRequiredOpen.set(false); location.assign(`/${country}/${lang}/`); }}>×</button>
            <h2 id="sh-lr-title">{t('login.required_title')}</h2>
            <p>{t('login.required_text')}</p>
            <div className="sh-popup__actions">
              <button type="button" className="sh-btn sh-btn--primary" autoFocus onClick={() => $loginOpen.set(true)}>{t('login.submit')}</button>
              <a className="sh-btn" href={`/${country}/${lang}/register`}>{t('login.register')}</a>
              <a className="sh-btn" href={`/${country}/${lang}/fast-register`}>{t('login.fast_register')}</a>
            </div>
          </div>
        </div>
      )}
      {open && (
        <Suspense fallback={<div className="sh-overlay"><aside className="sh-side" aria-busy="true"><p>{t('app.loading')}</p></aside></div>}>
          <LoginForm country={country} lang={lang} t={t} />
        </Suspense>
      )}
    </>
  );
}
