// Customer session for the shop islands: the session check (GET user/infos), login, logout,
// the remembered add-to-cart of a guest, and logout in every tab when any call answers 401.
import { $customer, GUEST, loggedOut, onLogout, type CustomerState } from '#stores/customer.ts';
import { $loginOpen, $loginRequiredOpen, $userSelectOpen } from '#stores/ui.ts';
import { refreshCounter } from '#stores/basket.ts';
import { ApiFailure, request } from '#lib/api.ts';
import type { Customer } from '#api/user.ts';
import { loginUserName, parseLogin } from '#rules/customer.ts';
import { isLS } from '#rules/constants.ts';
import { activate } from './activate.ts';
import { pushNotice, setNotice } from './notice.ts';
import { onAuth, postAuth } from '#lib/authChannel.ts';
import { isLoginRoute, splitLocalePath } from '#lib/site/routes.ts';

export function toCustomerState(c: Customer): CustomerState {
  return {
    loggedin: Number(c.Kundennummer) > 0, kundennummer: Number(c.Kundennummer) || 0, firma: Number(c.Firma) || 1,
    isLS: c.isLS ?? isLS(c.Firma), currency: c.currency || 'EUR',
    anrede: c.Geschlecht || 'ka', titel: c.Titel || '', vorname: c.Vorname || '', nachname: c.Nachname || '',
    newsletter: !!c.Newsletter, faxwerbung: !!c.Faxwerbung, activeUser: c.activeUser ?? null, checked: true,
  };
}

/** Last full customer entity (kundendaten-aendern, konto read it). */
let entity: Customer | null = null;
export function customerEntity(): Customer | null { return entity; }

let checking: Promise<CustomerState> | null = null;

/** Session check: status 200 = logged in; anything else = guest. Runs once per page unless forced. */
export function ensureCustomer(force = false): Promise<CustomerState> {
  const cur = $customer.get();
  if (!force && cur.checked) return Promise.resolve(cur);
  if (!force && checking) return checking;
  // no session hint (shop_auth, set with every page from the server's session): a guest, known without
  // a call — asking would only log a 401 in the console of every guest page
  if (!hasAuthHint()) {
    const st: CustomerState = { ...GUEST, firma: cur.firma, isLS: cur.isLS, checked: true };
    $customer.set(st);
    return Promise.resolve(st);
  }
  checking = request('GET /api/user/infos').then((c) => {
    entity = c;
    const st = toCustomerState(c);
    $customer.set(st);
    return st;
  }).catch(() => {
    entity = null;
    const st: CustomerState = { ...GUEST, firma: $customer.get().firma, isLS: $customer.get().isLS, checked: true };
    $customer.set(st);
    return st;
  }).finally(() => { checking = null; });
  return checking;
}

// ---- the session hint the static pages read before first paint (Head.astro: shop_auth=\d) ----
function hasAuthHint(): boolean {
  return typeof document === 'undefined' || /(?:^|; )shop_auth=\d/.test(document.cookie);
}
function authHint(on: boolean, firma = 1): void {
  if (typeof document === 'undefined') return;
  document.cookie = on ? `shop_auth=${firma}; path=/; max-age=1209600; samesite=lax` : 'shop_auth=; path=/; max-age=0; samesite=lax';
  document.documentElement.dataset.auth = on ? 'customer' : 'guest';
}

// ---- any 401 logs out everywhere: this page's islands (api.ts → loggedOut) and the other tabs ----
// The site script (src/scripts/site/session.ts) listens too: it updates the header and reloads a
// login-only page, where the server then renders the login-required popup.
let fromOtherTab = false;
let explicitLogout = false;
if (typeof window !== 'undefined') {
  onAuth((m, ownTab) => {
    if (ownTab) return;
    if (m.type === 'logout' && $customer.get().kundennummer) { fromOtherTab = true; try { loggedOut(); } finally { fromOtherTab = false; } }
    if (m.type === 'login') void ensureCustomer(true);
  });
  let wasLoggedIn = false;
  $customer.subscribe((c) => { if (c.kundennummer) wasLoggedIn = true; });
  onLogout(() => {
    entity = null;
    // only a tab that was logged in tells the others (a guest's 401 session check must not)
    const was = wasLoggedIn || document.documentElement.dataset.auth === 'customer';
    wasLoggedIn = false;
    if (!was || fromOtherTab) return;
    authHint(false);
    if (!explicitLogout) {
      const notice = { title: 'notice', text: 'login.logged_out', type: 'info', toast: true } as const;
      // a login-only page reloads now (site script): the notice waits for the new page, else it would
      // be shown here and wiped by the reload
      if (onLoginRoute()) setNotice(notice); else pushNotice(notice);
    }
    postAuth({ type: 'logout', explicit: explicitLogout });
  });
}

// ---- the remembered add of a guest ----
const PENDING_KEY = 'shop:pendingAdd';
export interface PendingAdd { artnr: string; qty: number; page: string }

export function rememberAdd(p: PendingAdd): void {
  try { sessionStorage.setItem(PENDING_KEY, JSON.stringify(p)); } catch { /* private mode: the add is simply lost */ }
}
export function takePendingAdd(): PendingAdd | null {
  try {
    const s = sessionStorage.getItem(PENDING_KEY);
    sessionStorage.removeItem(PENDING_KEY);
    return s ? (JSON.parse(s) as PendingAdd) : null;
  } catch { return null; }
}

// ---- login ----
export type LoginResult =
  | { ok: true; customer: CustomerState }
  | { ok: false; key: string; titleKey: string };

function browser(): string { return typeof navigator !== 'undefined' ? navigator.userAgent.slice(0, 300) : ''; }

/** Logs a failed login through POST logs (section 8: 'give credentials' is logged). */
export function logFailure(error: string, daten: unknown): void {
  const c = $customer.get();
  void request('POST /api/logs', {
    body: { firma: c.firma, kdnr: null, page: typeof location !== 'undefined' ? location.pathname : '', error, ip: '', browser: browser(), daten },
  }).catch(() => {});
}

/**
 * Validates (username/password rules of section 5) and calls POST login. Error keys:
 * give_credentials (logged), login_error_4, login_error_5, login_error, password_change_required, generic.
 */
export async function login(username: string, password: string, firma: number): Promise<LoginResult> {
  const parsed = parseLogin(username, password);
  if (parsed.kind === 'error') {
    logFailure('give_credentials', { reason: parsed.error, username: username.trim().slice(0, 100) });
    return { ok: false, key: parsed.error, titleKey: 'login_error_title' };
  }
  const Benutzername = loginUserName(parsed, username);
  try {
    const c = await request('POST /api/login', { body: { Firma: firma, Benutzername, Kennwort: password, kw: '' } });
    entity = c;
    const st = toCustomerState(c);
    $customer.set(st);
    authHint(true, st.firma);
    postAuth({ type: 'login' });
    void refreshCounter().catch(() => {});
    return { ok: true, customer: st };
  } catch (e) {
    if (e instanceof ApiFailure) {
      if (e.status === 401) {
        const d = String(e.body.errorDescription ?? '');
        const key = d === '4' || e.key === 'login_error_4' ? 'login_error_4'
          : d === '5' || e.key === 'login_error_5' ? 'login_error_5'
          : e.key === 'password_change_required' ? 'password_change_required' : 'login_error';
        return { ok: false, key, titleKey: 'login_error_title' };
      }
      if (e.status === 400 && e.key === 'give_credentials') {
        logFailure('give_credentials', { reason: e.body.reason ?? '', username: Benutzername });
        return { ok: false, key: 'give_credentials', titleKey: 'login_error_title' };
      }
      if (e.status === 429) return { ok: false, key: 'too_many_requests', titleKey: 'login_error_title' };
    }
    return { ok: false, key: 'generic', titleKey: 'login_error_title' };
  }
}

/**
 * The way out of password_change_required: POST password/change with the current credentials and the
 * new password twice (7–100 characters); on success the login runs again with the new password.
 */
export async function changePasswordAndLogin(username: string, current: string, pw: string, pw2: string, firma: number):
  Promise<LoginResult & { field?: string }> {
  const parsed = parseLogin(username, current);
  if (parsed.kind === 'error') return { ok: false, key: parsed.error, titleKey: 'login_error_title' };
  const Benutzername = loginUserName(parsed, username);
  try {
    await request('POST /api/guest/password/change', { body: { Firma: firma, Benutzername, Kennwort: current, kw: '', password: pw, password2: pw2 } });
  } catch (e) {
    if (e instanceof ApiFailure && e.status === 400 && (e.key === 'password_length' || e.key === 'password_mismatch')) {
      return { ok: false, key: e.key, titleKey: 'login_error_title', field: String(e.body.field ?? 'password') };
    }
    if (e instanceof ApiFailure && e.status === 401) return { ok: false, key: e.key === 'login_error_4' ? 'login_error_4' : 'login_error', titleKey: 'login_error_title' };
    if (e instanceof ApiFailure && e.status === 429) return { ok: false, key: 'too_many_requests', titleKey: 'login_error_title' };
    return { ok: false, key: 'generic', titleKey: 'login_error_title' };
  }
  return login(username, pw, firma);
}

/** The logout button: ends the session here and in every tab; the caller navigates. */
export async function logout(): Promise<void> {
  try { await request('GET /api/logout'); } catch { /* the session is gone either way */ }
  explicitLogout = true;
  try { loggedOut(); } finally { explicitLogout = false; }
}

/** Is the current page a login-only route (section 2 guard)? */
export function onLoginRoute(): boolean {
  if (typeof location === 'undefined') return false;
  const loc = splitLocalePath(location.pathname);
  return !!loc && isLoginRoute(loc.rest);
}

/**
 * A guest's action that needs login: the login side panel opens. On a login-only page the
 * login-required popup opens instead (login, register, quick register; closing goes home).
 */
export function requireLogin(): void {
  if (onLoginRoute()) $loginRequiredOpen.set(true); else $loginOpen.set(true);
  activate('login');
}

/** After a successful login: the user-select panel opens. */
export function afterLogin(): void {
  $userSelectOpen.set(true);
  activate('user-select');
}

