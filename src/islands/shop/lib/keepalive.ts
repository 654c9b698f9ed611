// "Kept alive" listings (category, search): back navigation restores filters, page (both in the
// URL) and the scroll position with the last answer, so the page does not jump while it reloads.
const PREFIX = 'sh-keep:';
const MAX_AGE_MS = 30 * 60_000;

export interface Kept<D> { data: D; scrollY: number; at: number }

function key(url: string): string { return PREFIX + url; }
export function currentKey(): string { return location.pathname + location.search; }

export function saveKept<D>(url: string, data: D, scrollY: number): void {
  try {
    sessionStorage.setItem(key(url), JSON.stringify({ data, scrollY, at: Date.now() } satisfies Kept<D>));
  } catch {
    // storage full: drop older entries and give up on this one
    try { for (const k of Object.keys(sessionStorage)) if (k.startsWith(PREFIX)) sessionStorage.removeItem(k); } catch { /* ignore */ }
  }
}

export function loadKept<D>(url: string): Kept<D> | null {
  try {
    const s = sessionStorage.getItem(key(url));
    if (!s) return null;
    const k = JSON.parse(s) as Kept<D>;
    return Date.now() - k.at < MAX_AGE_MS ? k : null;
  } catch { return null; }
}

/** True when this page was reached by back/forward (or restored from history). */
export function isBackNavigation(): boolean {
  try {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    if (nav?.type === 'back_forward') return true;
  } catch { /* old browsers */ }
  return !!(history.state && (history.state as { shKeep?: boolean }).shKeep);
}

/** Scrolls once the content is laid out (two frames after render). */
export function restoreScroll(y: number): void {
  if (!(y > 0)) return;
  requestAnimationFrame(() => requestAnimationFrame(() => window.scrollTo(0, y)));
}
