// Cart icon with the item counter for the top bar (one-character style under 10, else multi).
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $wkCounter, refreshCounter } from '../../stores/basket.ts';
import { $customer } from '../../stores/customer.ts';
import { cartCounterStyle } from '../../lib/rules/locale.ts';
import { useT, type Messages } from './lib/i18n.ts';
import { ensureCustomer } from './lib/session.ts';
import { routes } from './lib/routes.ts';

export default function CartCounter({ country, lang, messages }: { country: string; lang: string; messages?: Messages }) {
  const n = useStore($wkCounter);
  const c = useStore($customer);
  const t = useT(lang, messages);
  useEffect(() => {
    void ensureCustomer().then((st) => { if (st.kundennummer) void refreshCounter().catch(() => {}); });
  }, []);
  useEffect(() => {
    if (c.kundennummer) void refreshCounter().catch(() => {});
  }, [c.kundennummer]);
  return (
    <a className="sh-cartlink" href={routes(country, lang).wk} aria-label={t('nav.cart_count', { count: n })} data-testid="cart-counter">
      <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24"><path fill="currentColor" d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM5.2 4l.4 2H21l-2 8H7.4l.4 2H19v2H6.2L3.4 4H1V2h3.6z"/></svg>
      {n > 0 && <span className={`sh-cartlink__count sh-cartlink__count--${cartCounterStyle(n)}`} data-count={n}>{n}</span>}
    </a>
  );
}
