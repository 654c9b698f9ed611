// Basket state of section 3 shared by the top-bar counter, cart page and cart-add panel.
import { atom } from 'nanostores';
import { request } from '../lib/api.ts';
import { onLogout } from './customer.ts';
import { showCartCounter } from '../lib/cartCounter.ts';

export const $wkCounter = atom(0);
export interface LastAdded { artnr: string; menge: number }
export const $lastAdded = atom<LastAdded | null>(null);
export const $cartPanelOpen = atom(false);

// the top bar's counter follows the store in every island that uses it
$wkCounter.listen(showCartCounter);

export async function refreshCounter(): Promise<number> {
  const n = await request('GET /api/wk/anz');
  $wkCounter.set(Number(n) || 0);
  return $wkCounter.get();
}

onLogout(() => { $wkCounter.set(0); $lastAdded.set(null); $cartPanelOpen.set(false); });
