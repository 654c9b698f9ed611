// Cookie banner (section 4): shown until consent is stored. "Accept all" sets analytics and external
// media; "configure" shows essential (always on), analytics, external media and save. Consent is
// stored as the cookies cookieconsent=consent and ytconsent=consent|noconsent plus the persisted
// setting analyticsActivated. Analytics (Matomo-compatible, site id 11) only runs after consent and
// only when the build configured a tracker URL; YouTube embeds only load with ytconsent=consent.
import { ANALYTICS_SITE_ID } from '../../lib/rules/constants.ts';
import { getCookie, html, qs, qsa, setCookie } from './dom.ts';

const ANALYTICS_KEY = 'settings:analyticsActivated';

export const hasConsent = () => getCookie('cookieconsent') === 'consent';
export const analyticsOn = () => localStorage.getItem(ANALYTICS_KEY) === '1';
export const externalMediaOn = () => getCookie('ytconsent') === 'consent';

function store(analytics: boolean, external: boolean): void {
  localStorage.setItem(ANALYTICS_KEY, analytics ? '1' : '0');
  setCookie('ytconsent', external ? 'consent' : 'noconsent');
  setCookie('cookieconsent', 'consent');
  html.dataset.consent = '1';
}

let tracking = false;
function startAnalytics(): void {
  const base = html.dataset.analytics;
  if (tracking || !base || !hasConsent() || !analyticsOn()) return;
  tracking = true;
  const url = base.endsWith('/') ? base : `${base}/`;
  const w = window as unknown as { _paq: unknown[][] };
  w._paq = w._paq || [];
  w._paq.push(['setTrackerUrl', `${url}matomo.php`], ['setSiteId', String(ANALYTICS_SITE_ID)], ['trackPageView']);
  const s = document.createElement('script');
  s.async = true;
  s.src = `${url}matomo.js`;
  document.head.append(s);
}

/** Replaces YouTube placeholders by the player once external media are allowed. */
function loadEmbeds(): void {
  if (!externalMediaOn()) return;
  for (const el of qsa('[data-youtube]')) {
    const id = el.dataset.youtube!;
    const f = document.createElement('iframe');
    f.src = `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}`;
    f.title = el.dataset.title ?? '';
    f.allow = 'accelerometer; encrypted-media; gyroscope; picture-in-picture';
    f.allowFullscreen = true;
    f.className = 'video-frame';
    el.replaceWith(f);
  }
}

function open(configure: boolean): void {
  const banner = qs('[data-cookie-banner]');
  if (!banner) return;
  banner.classList.add('is-open');
  const form = qs<HTMLFormElement>('[data-cookie-config]', banner);
  if (form && configure) {
    form.hidden = false;
    (form.elements.namedItem('analytics') as HTMLInputElement).checked = analyticsOn();
    (form.elements.namedItem('external') as HTMLInputElement).checked = externalMediaOn();
  }
  qs<HTMLElement>(configure ? '[data-cookie-config] input:not([disabled])' : '[data-cookie-accept]', banner)?.focus();
}

function close(): void {
  qs('[data-cookie-banner]')?.classList.remove('is-open');
  startAnalytics();
  loadEmbeds();
}

export function initConsent(): void {
  if (hasConsent()) html.dataset.consent = '1';
  document.addEventListener('click', (e) => {
    const t = (e.target as HTMLElement).closest<HTMLElement>('[data-cookie-accept],[data-cookie-configure],[data-cookie-settings],[data-youtube-load]');
    if (!t) return;
    if (t.matches('[data-cookie-accept]')) { store(true, true); close(); }
    else if (t.matches('[data-cookie-configure]')) open(true);
    else if (t.matches('[data-cookie-settings]')) { e.preventDefault(); open(true); }
    else { setCookie('ytconsent', 'consent'); loadEmbeds(); }
  });
  qs<HTMLFormElement>('[data-cookie-config]')?.addEventListener('submit', (e) => {
    e.preventDefault();
    const f = e.target as HTMLFormElement;
    store((f.elements.namedItem('analytics') as HTMLInputElement).checked, (f.elements.namedItem('external') as HTMLInputElement).checked);
    close();
  });
  startAnalytics();
  loadEmbeds();
}
