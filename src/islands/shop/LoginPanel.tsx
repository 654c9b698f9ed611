// Login side panel and the login-required popup (section 2). Tiny until opened: the form is a
// separate chunk. Also shows the notices carried over a redirect or pushed by the session (verify
// result, "you were logged out").
import { lazy, Suspense, useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useStore } from '@nanostores/react';
import { $loginOpen, $loginRequiredOpen, openDialog, showToast } from '../../stores/ui.ts';
import { ensureMessages, tNow, useT, type Messages } from './lib/i18n.ts';
import { $noticeTick, takeNotice } from './lib/notice.ts';
import { useMounted } from './lib/useMounted.ts';
import './shop.css';

const LoginForm = lazy(() => import('./panels/LoginForm.tsx'));

export default function LoginPanel({ country, lang, messages }: { country: string; lang: string; messages?: Messages }) {
  const open = useStore($loginOpen);
  const required = useStore($loginRequiredOpen);
  const tick = useStore($noticeTick);
  const t = useT(lang, messages);
  const home = `/${country}/${lang}/`;
  // the stores may already say "open" when the island hydrates (the click woke it)
  const mounted = useMounted();

  // biome-ignore lint/correctness/useExhaustiveDependencies: tick is the notice trigger; lang and messages are read for the one notice it announces
  useEffect(() => {
    const n = takeNotice();
    if (!n) return;
    if (/[?&]verified=/.test(location.search)) {
      // shown once: a reload must not repeat it
      const u = new URL(location.href);
      u.searchParams.delete('verified');
      history.replaceState(history.state, '', u.pathname + u.search + u.hash);
    }
    void ensureMessages(lang, messages).then(() => {
      const tt = tNow(lang);
      if (n.type === 'success' || n.toast) showToast(tt(n.text), n.type);
      else openDialog({ title: tt(n.title), text: tt(n.text) });
      if (n.openLogin) $loginOpen.set(true);
    });
  }, [tick]);

  const leave = () => { $loginRequiredOpen.set(false); location.assign(home); };

  // biome-ignore lint/correctness/useExhaustiveDependencies: leave is a plain closure over the page's home URL; the listener is rebound when open/required change
  useEffect(() => {
    if (!open && !required) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      if (open) $loginOpen.set(false);
      else if (required) leave();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, required]);

  if (!mounted || (!open && !required)) return null;
  // rendered into <body>: the island sits in the header, whose stacking context would put the panel
  // below the side menu and the server-rendered login-required popup
  return createPortal(
    <>
      {required && !open && (
        <div className="sh-overlay" onClick={(e) => { if (e.target === e.currentTarget) leave(); }}>
          <div className="sh-popup" role="dialog" aria-modal="true" aria-labelledby="sh-lr-title" data-testid="login-required">
            <button type="button" className="sh-popup__close" aria-label={t('dialog.close')} onClick={leave}>×</button>
            <h2 id="sh-lr-title">{t('login.required_title')}</h2>
            <p>{t('login.required_text')}</p>
            <div className="sh-popup__actions">
              <button type="button" className="sh-btn sh-btn--primary" autoFocus onClick={() => $loginOpen.set(true)}>{t('login.submit')}</button>
              <a className="sh-btn" href={`${home}register/`}>{t('login.register')}</a>
              <a className="sh-btn" href={`${home}fast-register/`}>{t('login.fast_register')}</a>
            </div>
          </div>
        </div>
      )}
      {open && (
        <Suspense fallback={<div className="sh-overlay"><aside className="sh-side" aria-busy="true"><p>{t('app.loading')}</p></aside></div>}>
          <LoginForm country={country} lang={lang} t={t} />
        </Suspense>
      )}
    </>,
    document.body,
  );
}
