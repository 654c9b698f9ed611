// User-select panel (section 2/4): main user ('general') then sub-users with functions. Choosing
// greets the user for 1.5 s in their colour, closes and reloads; closing reloads the customer data.
import { lazy, Suspense, useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useStore } from '@nanostores/react';
import { $userSelectOpen } from '../../stores/ui.ts';
import { useT, type Messages } from './lib/i18n.ts';
import { useMounted } from './lib/useMounted.ts';
import './shop.css';

const UserSelectPanel = lazy(() => import('./panels/UserSelectPanel.tsx'));

export default function UserSelect({ country, lang, messages }: { country: string; lang: string; messages?: Messages }) {
  const open = useStore($userSelectOpen);
  const t = useT(lang, messages);
  // hydration-safe: the store may already be open when the island wakes
  const mounted = useMounted();
  useEffect(() => {
    try {
      if (sessionStorage.getItem('shop:userSelect') === '1') { sessionStorage.removeItem('shop:userSelect'); $userSelectOpen.set(true); }
    } catch { /* ignore */ }
  }, []);
  if (!mounted || !open) return null;
  // into <body>, above the header's stacking context (see LoginPanel)
  return createPortal(
    <Suspense fallback={null}>
      <UserSelectPanel country={country} lang={lang} t={t} />
    </Suspense>,
    document.body,
  );
}
