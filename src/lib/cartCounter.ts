// The top bar's cart counter (rendered by the layout, [data-cart-counter]): hidden at 0, one-character
// style under 10, multi-character above (spec section 2). One writer for the site script and the islands.
import { cartCounterStyle } from './rules/locale.ts';

export function showCartCounter(n: number): void {
  if (typeof document === 'undefined') return;
  for (const el of document.querySelectorAll<HTMLElement>('[data-cart-counter]')) {
    el.textContent = n > 99 ? '99+' : String(n);
    el.hidden = n <= 0;
    el.classList.remove('counter--single', 'counter--multi');
    el.classList.add(`counter--${cartCounterStyle(n)}`);
  }
}
