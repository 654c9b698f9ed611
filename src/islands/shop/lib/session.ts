// Customer session for the shop islands: the session check (GET user/infos), login, logout,
// the remembered add-to-cart of a guest, and logout in every tab when any call answers 401.
import { $customer, GUEST, loggedOut, onLogout, type CustomerState } from '../../../stores/customer.ts';
import { $loginOpen, $userSelectOpen, openDialog } from '../../../stores/ui.ts';
import { refreshCounter } from '../../../stores/basket.ts';
import { api, ApiFailure } from '../../../lib/api.ts';
import { parseLogin } from '../../../lib/rules/customer.ts';
import { isLS } from '../../../lib/rules/customer.ts';
import { activate } from './activate.ts';

export interface CustomerEntity {
  Firma: number; Kundennummer: number; Titel: string; Vorname: string; Nachname: string; Geschlecht: string;
  eMail: string; Newsletter: number; Faxwerbung: number; isLS: boolean; currency: string;
  activeUser: CustomerState['activeUser'];
  [k: string]: unknown;
}

export function toCustomerState(c: CustomerEntity): CustomerState {
  return {
    loggedin: Number(c.Kundennummer) > 0, kundennummer: Number(c.Kundennummer) || 0, firma: Number(c.Firma) || 1,
    isLS: c.isLS ?? isLS(c.Firma), currency: c.currency || 'EUR',
    anrede: c.Geschlecht || 'ka', titel: c.Titel || '', vorname: c.Vorname || '', nachname: c.Nachname || '',
    newsletter: !!c.Newsletter, faxwerbung: !!c.Faxwerbung, activeUser: c.activeUser ?? null, checked: true,
  };
}

/** Last full customer entity (kundendaten-aendern, konto read it). */
let entity: CustomerEntity | null = null;
export function customerEntity(): CustomerEntity | null { return entity; }

let checking: Promise<CustomerState> | null = null;

/** Session check: status 200 = logged in; anything else = guest. Runs once per page unless forced. */
export function ensureCustomer(force = false): Promise<CustomerState> {
  const cur = $customer.get();
  if (!force && cur.checked) return Promise.resolve(cur);
  if (!force && checking) return checking;
  checking = api.get<CustomerEntity>('user/infos').then((c) => {
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
function authHint(on: boolean, firma = 1): void {
  if (typeof document === 'undefined') return;
  document.cookie = on ? `shop_auth=${firma}; path=/; max-age=1209600; samesite=lax` : 'shop_auth=; path=/; max-age=0; samesite=lax';
  document.documentElement.dataset.auth = on ? 'customer' : 'guest';
}

// ---- any 401 logs out everywhere: this page's islands (api.ts → loggedOut) and the other tabs ----
const CHANNEL = 'shop-auth';
let bc: BroadcastChannel | null = null;
let fromOtherTab = false;
if (typeof window !== 'undefined' && typeof BroadcastChannel !== 'undefined') {
  bc = new BroadcastChannel(CHANNEL);
  bc.onmessage = (ev) => {
    if (ev.data === 'logout' && $customer.get().kundennummer) { fromOtherTab = true; try { loggedOut(); } finally { fromOtherTab = false; } }
    if (ev.data === 'login') void ensureCustomer(true);
  };
  // only a tab that was logged in tells the others (a guest's 401 session check must not)
  let wasLoggedIn = false;
  $customer.subscribe((c) => { if (c.kundennummer) wasLoggedIn = true; });
  onLogout(() => {
    entity = null;
    if (wasLoggedIn) authHint(false);
    if (wasLoggedIn && !fromOtherTab) bc?.postMessage('logout');
    wasLoggedIn = false;
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
export function peekPendingAdd(): PendingAdd | null {
  try { const s = sessionStorage.getItem(PENDING_KEY); return s ? (JSON.parse(s) as PendingAdd) : null; } catch { return null; }
}

// ---- login ----
export type LoginResult =
  | { ok: true; customer: CustomerState }
  | { ok: false; key: string; titleKey: string };

function browser(): string { return typeof navigator !== 'undefined' ? navigator.userAgent.slice(0, 300) : ''; }

/** Logs a failed login through POST logs (section 8: 'give credentials' is logged). */
export function logFailure(error: string, daten: unknown): void {
  const c = $customer.get();
  void api.post('logs', {
    firma: c.firma, kdnr: null, page: typeof location !== 'undefined' ? location.pathname : '', error,
    ip: '', browser: browser(), daten,
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
    return { ok: false, key: parsed.error === 'give_credentials' ? 'give_credentials' : parsed.error, titleKey: 'login_error_title' };
  }
  const Benutzername = parsed.kind === 'kdnr' ? parsed.kdnr : parsed.email;
  try {
    const c = await api.post<CustomerEntity>('login', { Firma: firma, Benutzername, Kennwort: password, kw: '' });
    entity = c;
    const st = toCustomerState(c);
    $customer.set(st);
    authHint(true, st.firma);
    bc?.postMessage('login');
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

export async function logout(): Promise<void> {
  try { await api.get('logout'); } catch { /* the session is gone either way */ }
  loggedOut();
}

/** Opens the login side panel (a guest's action that needs login). */
export function requireLogin(): void {
  $loginOpen.set(true);
  activate('login');
}

/** After a successful login: the user-select panel opens. */
export function afterLogin(): void {
  $userSelectOpen.set(true);
  activate('user-select');
}

export { openDialog };
