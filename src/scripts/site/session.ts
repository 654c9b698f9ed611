// Session-dependent bits of the static pages: the stored language/country (mirrored into the
// shop_locale cookie the server's root redirect reads), the cart counter of logged-in customers,
// login/logout/change-user actions and the hand-over to islands that hydrate on demand.
import { request } from '../../lib/api.ts';
import { $country, $language, mirrorLocale } from '../../stores/settings.ts';
import { $loginOpen, $userSelectOpen } from '../../stores/ui.ts';
import { onAuth, postAuth } from '../../lib/authChannel.ts';
import { isLoginRoute, splitLocalePath } from '../../lib/site/routes.ts';
import { clearCookie, html } from './dom.ts';
import { $customer } from '../../stores/customer.ts';
import { companyFor } from '../../stores/company.ts';

/** The customer-only part (counter, tooth-storage check): not on a guest's page. */
const customerSide = () => import('./customer-session.ts');
const refreshCounter = () => customerSide().then((m) => m.refreshCounter());
const autoBook = (lang: string) => customerSide().then((m) => m.autoBook(lang));

export const isCustomer = () => html.dataset.auth === 'customer';

/** Wakes islands declared with client:interaction="{topic}" (see src/integrations/interaction.ts). */
export function activateIslands(topic: string): void {
  document.dispatchEvent(new CustomEvent('shop:activate', { detail: topic }));
}

/** Has an island registered for the topic (client:interaction="topic")? */
function hasIsland(topic: string): boolean {
  return (window as unknown as { __shopTopics?: Set<string> }).__shopTopics?.has(topic) ?? false;
}

async function logout(): Promise<void> {
  try { await request('GET /api/logout'); } catch { /* logged out locally anyway */ }
  clearCookie('shop_auth');
  postAuth({ type: 'logout', explicit: true });
  location.assign(`/${html.dataset.country}/${html.dataset.lang}/`);
}

/**
 * Login/logout in another tab, or a call of this tab that answered 401: the header follows, and a
 * login-only page reloads (the server then renders the login-required popup, or the content).
 */
function followAuth(): void {
  onAuth((m, ownTab) => {
    if (m.type === 'logout') {
      if (ownTab && m.explicit) return; // the logout button navigates by itself
      html.dataset.auth = 'guest';
      void customerSide().then((m) => m.showCartCounter(0));
      const loc = splitLocalePath(location.pathname);
      if (loc && isLoginRoute(loc.rest)) location.reload();
    } else if (!ownTab) {
      html.dataset.auth = 'customer';
      void refreshCounter();
      if (document.querySelector('[data-login-required]')) location.reload();
    }
  });
}

/** The side menu closes when one of its entries opens a panel. */
function closeSideMenu(): void {
  document.querySelector<HTMLElement>('#side-menu.is-open [data-side-close]')?.click();
}

export function initSession(): void {
  const { country, lang } = html.dataset;
  if (country && lang) { $country.set(country); $language.set(lang); mirrorLocale(); }
  // section 4: start-up always fetches the company number (the login panel sends it)
  if (country) void companyFor(country).catch(() => {});
  if (isCustomer()) void refreshCounter();
  // forms filled from the account (client:interaction="prefill") hydrate at once for customers
  if (isCustomer() && hasIsland('prefill')) activateIslands('prefill');
  followAuth();
  // start-up of a non-guest: tooth-storage check (at most every 15 minutes), also right after a login
  if (isCustomer() && lang) void autoBook(lang);
  $customer.listen((c) => { if (c.kundennummer && lang) void autoBook(lang); });
  // the country and language selectors are GET forms the server turns into the new route
  document.addEventListener('change', (e) => {
    const s = e.target;
    if (s instanceof HTMLSelectElement && s.form?.hasAttribute('data-locale-form')) s.form.requestSubmit();
  });
  // a choice made before this script ran (slow phone) fired its change event unheard: submit it now. The
  // forms have autocomplete="off", so a value differing from the page's own is always the customer's.
  const localeSelects = () => document.querySelectorAll<HTMLSelectElement>('form[data-locale-form] select');
  const chosen = [...localeSelects()].find((s) => s.selectedIndex !== Math.max(0, [...s.options].findIndex((o) => o.defaultSelected)));
  chosen?.form!.requestSubmit();
  // back from the chosen page (back/forward cache): the boxes show this page's country and language again
  window.addEventListener('pageshow', (e) => { if (e.persisted) for (const s of localeSelects()) s.form!.reset(); });
  document.addEventListener('click', (e) => {
    const el = (e.target as HTMLElement).closest<HTMLElement>('[data-ui-action]');
    if (!el) return;
    const action = el.dataset.uiAction;
    if (action === 'logout') { e.preventDefault(); void logout(); }
    else if (action === 'login' && !isCustomer() && hasIsland('login')) {
      // the login island is on the page: open its panel instead of following the link
      e.preventDefault();
      closeSideMenu();
      $loginOpen.set(true);
      activateIslands('login');
    } else if (action === 'change-user' && hasIsland('user-select')) { e.preventDefault(); closeSideMenu(); $userSelectOpen.set(true); activateIslands('user-select'); }
  });
}
