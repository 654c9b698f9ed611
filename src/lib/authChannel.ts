// Login/logout news between the tabs of one browser (BroadcastChannel 'shop-auth') and between the
// modules of one tab (site script, shop islands). One channel per tab: listeners learn whether a
// message came from their own tab, so the tab that logs out explicitly can navigate by itself while
// every other tab (and the tab where a call answered 401) reacts.
export interface AuthMessage { type: 'login' | 'logout'; /** logout button (the page navigates itself) */ explicit?: boolean }
type Listener = (m: AuthMessage, ownTab: boolean) => void;

interface TabAuth { channel: BroadcastChannel | null; listeners: Set<Listener> }

function tab(): TabAuth | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { __shopAuth?: TabAuth };
  if (!w.__shopAuth) {
    const t: TabAuth = { channel: typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('shop-auth'), listeners: new Set() };
    if (t.channel) {
      t.channel.onmessage = (ev: MessageEvent) => {
        const m = ev.data as AuthMessage;
        if (m && (m.type === 'login' || m.type === 'logout')) for (const fn of t.listeners) fn(m, false);
      };
    }
    w.__shopAuth = t;
  }
  return w.__shopAuth;
}

/** Tells this tab's listeners (ownTab = true) and every other tab. */
export function postAuth(m: AuthMessage): void {
  const t = tab();
  if (!t) return;
  for (const fn of t.listeners) fn(m, true);
  t.channel?.postMessage(m);
}

export function onAuth(fn: Listener): () => void {
  const t = tab();
  if (!t) return () => {};
  t.listeners.add(fn);
  return () => t.listeners.delete(fn);
}
