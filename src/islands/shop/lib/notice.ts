// A notice carried over a full redirect (verification result), shown once by the global panels.
export interface Notice { title: string; text: string; type: 'success' | 'error' | 'info'; openLogin?: boolean }
const KEY = 'shop:notice';

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
