// Scroll rules (sections 2, 4, 9): a page starts at the top; a hash (on load or clicked) scrolls
// smoothly with an 80 px offset after 1800 ms; FAQ-… hashes open and scroll to that FAQ after 500 ms;
// sub-navigation anchors scroll with a 100 px offset and the hash follows the section within 120 px
// of the top.
import { FAQ_HASH_PREFIX, FAQ_SCROLL_MS, SCROLL_DELAY_MS, SCROLL_OFFSET_PX, SECTION_DETECT_PX, SUBNAV_OFFSET_PX } from '../../lib/rules/constants.ts';
import { qsa, reducedMotion } from './dom.ts';

function target(hash: string): HTMLElement | null {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  return id ? document.getElementById(id) : null;
}

export function scrollToElement(el: HTMLElement, offset: number): void {
  const top = el.getBoundingClientRect().top + window.scrollY - offset;
  window.scrollTo({ top: Math.max(0, top), behavior: reducedMotion() ? 'auto' : 'smooth' });
}

function openFaq(el: HTMLElement): void {
  if (el instanceof HTMLDetailsElement) el.open = true;
}

function scrollToHash(hash: string, fromLoad: boolean): void {
  const el = target(hash);
  if (!el) return;
  const id = el.id;
  if (id.startsWith(FAQ_HASH_PREFIX)) {
    openFaq(el);
    setTimeout(() => scrollToElement(el, SCROLL_OFFSET_PX), FAQ_SCROLL_MS);
    return;
  }
  setTimeout(() => scrollToElement(el, SCROLL_OFFSET_PX), fromLoad ? SCROLL_DELAY_MS : 0);
}

function initSubnavTracking(): void {
  const links = qsa<HTMLAnchorElement>('[data-subnav] a[href^="#"]');
  if (!links.length) return;
  const sections = links.map((a) => target(a.hash)).filter((x): x is HTMLElement => x !== null);
  const mark = (id: string) => {
    for (const a of links) {
      const on = a.hash === `#${id}`;
      a.classList.toggle('is-active', on);
      if (on) a.setAttribute('aria-current', 'location'); else a.removeAttribute('aria-current');
    }
  };
  for (const a of links) {
    a.addEventListener('click', (e) => {
      const el = target(a.hash);
      if (!el) return;
      e.preventDefault();
      history.replaceState(null, '', a.hash);
      mark(el.id);
      scrollToElement(el, SUBNAV_OFFSET_PX);
    });
  }
  // The hash follows the reader's own scrolling only: a programmatic scroll to a hash (on load, from a
  // link) must keep that hash even when its section cannot reach the top (short last section, mobile).
  let byUser = false;
  for (const ev of ['wheel', 'touchmove', 'keydown'] as const) window.addEventListener(ev, () => { byUser = true; }, { passive: true });
  for (const a of links) a.addEventListener('click', () => { byUser = false; });
  let ticking = false;
  window.addEventListener('scroll', () => {
    if (ticking || !byUser) return;
    ticking = true;
    requestAnimationFrame(() => {
      ticking = false;
      let current: HTMLElement | undefined;
      for (const s of sections) if (s.getBoundingClientRect().top <= SECTION_DETECT_PX) current = s;
      if (current && location.hash !== `#${current.id}`) {
        history.replaceState(null, '', `#${current.id}`);
        mark(current.id);
      }
    });
  }, { passive: true });
  if (location.hash) mark(location.hash.slice(1));
}

export function initScroll(): void {
  if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  if (location.hash) scrollToHash(location.hash, true);
  else window.scrollTo(0, 0);
  // in-page hash links elsewhere (not the sub-navigation): same rule without the load delay
  document.addEventListener('click', (e) => {
    const a = (e.target as HTMLElement).closest<HTMLAnchorElement>('a[href*="#"]');
    if (!a || a.closest('[data-subnav]') || a.pathname !== location.pathname || !a.hash) return;
    const el = target(a.hash);
    if (!el) return;
    e.preventDefault();
    history.pushState(null, '', a.hash);
    scrollToHash(a.hash, false);
  });
  initSubnavTracking();
}
