// client:near — hydrate an island when it comes within a margin of the viewport (default 150 px),
// on the first interaction inside it, or at once after back/forward navigation (kept-alive listings
// restore their scroll position only once hydrated). Keeps big below-the-fold islands (the category
// catalogue on phones) off the critical path; on larger screens they are in view and hydrate at once.
import type { ClientDirective } from 'astro';

const EVENTS = ['pointerover', 'focusin', 'touchstart', 'keydown'] as const;

function backForward(): boolean {
  try {
    return (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type === 'back_forward';
  } catch { return false; }
}

const near: ClientDirective = (load, opts, el) => {
  const margin = typeof opts.value === 'number' ? opts.value : 150;
  let started = false;
  let io: IntersectionObserver | null = null;
  async function start() {
    if (started) return;
    started = true;
    io?.disconnect();
    for (const ev of EVENTS) el.removeEventListener(ev, start);
    const hydrate = await load();
    await hydrate();
  }
  if (backForward() || typeof IntersectionObserver === 'undefined' || el.children.length === 0) { void start(); return; }
  for (const ev of EVENTS) el.addEventListener(ev, start, { passive: true });
  // astro-island is display: contents; observe its children
  io = new IntersectionObserver((entries) => { if (entries.some((e) => e.isIntersecting)) void start(); }, { rootMargin: `${margin}px` });
  for (const child of el.children) io.observe(child);
};

export default near;
