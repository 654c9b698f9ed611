// What the start-up script of a static page does for a logged-in customer only (spec section 4:
// "for non-guests refreshes the basket counter and checks tooth storage"). Loaded when a customer is
// on the page or logs in, so a guest's page does not carry it.
import { ApiFailure, request } from '../../lib/api.ts';
import { showCartCounter } from '../../lib/cartCounter.ts';
import { postAuth } from '../../lib/authChannel.ts';
import { autoBook } from '../../islands/portal/zahn/lib/autoBook.ts';
import { clearCookie } from './dom.ts';

export { autoBook, showCartCounter };

export async function refreshCounter(): Promise<void> {
  try {
    showCartCounter(await request('GET /api/wk/anz'));
  } catch (e) {
    // any 401 logs out everywhere (the other tabs and this tab's islands follow the message); else the counter stays hidden
    if (e instanceof ApiFailure && e.status === 401) { clearCookie('shop_auth'); postAuth({ type: 'logout' }); }
  }
}
