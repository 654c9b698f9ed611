// A notice carried over a full redirect (verification result, logged out by a 401 on a login-only
// page that reloads), shown once by the login panel island.
import { atom } from 'nanostores';
import { activate } from './activate.ts';

/** toast: shown as a toast instead of a dialog (success notices always are) */
export interface Notice { title: string; text: string; type: 'success' | 'error' | 'info'; openLogin?: boolean; toast?: boolean }
const KEY = 'shop:notice';
/** bumped by pushNotice so a login panel that is already mounted shows the notice at once */
export const $noticeTick = atom(0);

/** verified=ok|already|missing|failed of the verification answer → the three messages (+ success). */
export function verifyNotice(target: string): Notice | null {
  const m = /[?&]verified=(\w+)/.exec(target);
  switch (m?.[1]) {
    case 'ok': return { title: 'notice', text: 'register.verify_success', type: 'success', openLogin: true };
    case 'already': return { title: 'notice', text: 'verify_already_verified', type: 'info', openLogin: true };
    case 'missing': return { title: 'notice', text: 'verify_record_missing', type: 'error' };
    case 'failed': return { title: 'notice', text: 'verify_not_completed', type: 'error' };
    default: return null;
  }
}

export function setNotice(n: Notice): void {
  try { sessionStorage.setItem(KEY, JSON.stringify(n)); } catch { /* ignore */ }
}

/** Stores the notice (it survives a reload) and wakes the login panel to show it. */
export function pushNotice(n: Notice): void {
  setNotice(n);
  $noticeTick.set($noticeTick.get() + 1);
  activate('login');
}

export function takeNotice(): Notice | null {
  try {
    const s = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    if (s) return JSON.parse(s) as Notice;
  } catch { /* ignore */ }
  // also when the address was opened directly (e.g. the redirect came from another tab)
  if (typeof location !== 'undefined' && /[?&]verified=/.test(location.search)) return verifyNotice(location.search);
  return null;
}
