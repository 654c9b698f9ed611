// Cart-add panel after every successful add (section 2/4); its body is a lazy chunk.
import { lazy, Suspense } from 'react';
import { useStore } from '@nanostores/react';
import { $cartPanelOpen, $lastAdded } from '../../stores/basket.ts';
import { useT, type Messages } from './lib/i18n.ts';
import { useMounted } from './lib/useMounted.ts';
import './shop.css';

const Body = lazy(() => import('./panels/CartAddBody.tsx'));

export default function CartAddPanel({ country, lang, messages }: { country: string; lang: string; messages?: Messages }) {
  const open = useStore($cartPanelOpen);
  const last = useStore($lastAdded);
  const t = useT(lang, messages);
  // the island hydrates when an add announces it, with the store already open
  const mounted = useMounted();
  if (!mounted || !open || !last) return null;
  return (
    <Suspense fallback={null}>
      <Body key={`${last.artnr}:${last.menge}`} artnr={last.artnr} country={country} lang={lang} t={t} />
    </Suspense>
  );
}
