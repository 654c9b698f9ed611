// Top-bar mega menu (opens after 750 ms hover, closes on mouse-leave or click), side menu (burger),
// footer accordion on mobile, and the mobile toggle of sub-navigations.
import { MEGA_MENU_HOVER_MS } from '../../lib/rules/constants.ts';
import { qs, qsa } from './dom.ts';

function setMega(item: HTMLElement, open: boolean): void {
  const panel = qs<HTMLElement>('.mega', item);
  if (!panel) return;
  panel.hidden = !open;
  item.classList.toggle('is-open', open);
  qs('[data-mega-toggle]', item)?.setAttribute('aria-expanded', String(open));
}

function closeAllMegas(except?: HTMLElement): void {
  for (const i of qsa('[data-mega]')) if (i !== except) setMega(i, false);
}

function initMegaMenu(): void {
  for (const item of qsa('[data-mega]')) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    item.addEventListener('pointerenter', (e) => {
      if ((e as PointerEvent).pointerType === 'touch') return;
      clearTimeout(timer);
      timer = setTimeout(() => { closeAllMegas(item); setMega(item, true); }, MEGA_MENU_HOVER_MS);
    });
    item.addEventListener('pointerleave', () => { clearTimeout(timer); setMega(item, false); });
    // a click inside the open menu (a link) closes it; the toggle button opens it for keyboard and touch
    item.addEventListener('click', (e) => {
      const toggle = (e.target as HTMLElement).closest('[data-mega-toggle]');
      clearTimeout(timer);
      if (toggle) { const open = item.classList.contains('is-open'); closeAllMegas(item); setMega(item, !open); return; }
      setMega(item, false);
    });
  }
  document.addEventListener('keydown', (e) => { if (e.key === 'Escape') closeAllMegas(); });
  document.addEventListener('click', (e) => { if (!(e.target as HTMLElement).closest('[data-mega]')) closeAllMegas(); });
}

function initSideMenu(): void {
  const menu = document.getElementById('side-menu');
  if (!menu) return;
  const openers = qsa('[data-side-open]');
  const set = (open: boolean) => {
    menu.classList.toggle('is-open', open);
    menu.toggleAttribute('inert', !open);
    for (const b of openers) b.setAttribute('aria-expanded', String(open));
    document.body.classList.toggle('no-scroll', open);
    if (open) qs<HTMLElement>('[data-side-close]', menu)?.focus();
    else openers[0]?.focus();
  };
  menu.toggleAttribute('inert', true);
  for (const b of openers) b.addEventListener('click', (e) => { e.preventDefault(); set(true); });
  for (const b of qsa('[data-side-close]', menu)) b.addEventListener('click', (e) => { e.preventDefault(); set(false); });
  menu.addEventListener('keydown', (e) => { if (e.key === 'Escape') set(false); });
}

/** Footer columns are <details open>: collapsed on small screens, always open (not toggleable) on large ones. */
function initAccordion(): void {
  const mq = matchMedia('(max-width: 47.99em)');
  const items = qsa<HTMLDetailsElement>('[data-accordion]');
  const apply = () => { for (const d of items) d.open = !mq.matches; };
  apply();
  mq.addEventListener('change', apply);
  for (const d of items) qs('summary', d)?.addEventListener('click', (e) => { if (!mq.matches) e.preventDefault(); });
}

function initSubnavToggles(): void {
  for (const nav of qsa('[data-subnav]')) {
    const btn = qs<HTMLButtonElement>('[data-subnav-toggle]', nav);
    btn?.addEventListener('click', () => {
      const open = btn.getAttribute('aria-expanded') !== 'true';
      btn.setAttribute('aria-expanded', String(open));
      nav.classList.toggle('is-open', open);
    });
    nav.addEventListener('click', (e) => {
      if ((e.target as HTMLElement).closest('a') && btn) { btn.setAttribute('aria-expanded', 'false'); nav.classList.remove('is-open'); }
    });
  }
}

export function initMenus(): void {
  initMegaMenu();
  initSideMenu();
  initAccordion();
  initSubnavToggles();
}
