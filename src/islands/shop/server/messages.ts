// The translations the shop islands use, picked from the locale files on the server and embedded
// once per page (<script type="application/json" id="shop-i18n">), so islands render the same text
// on the server and on hydration without loading a language chunk.
import de from '../../../i18n/locales/de.json' with { type: 'json' };

const files = import.meta.glob<{ default: Record<string, string> }>('../../../i18n/locales/*.json', { eager: true });

// content-only sections the shop islands never show (the rest of the file is embedded)
const EXCLUDE = ['cookie.', 'footer.', 'continent.', 'zahnassistent.', 'scanner.', 'label.', 'documents.', 'service.', 'company.',
  'loesungen.', 'videos.', 'aktionen.', 'newsletter.', 'notfound.', 'logbuch_user.', 'zahnlager.', 'form.reason', 'form.device',
  'form.photos', 'form.add_photo', 'form.upload', 'form.send_individually', 'grid.',
  // texts the server writes itself (MDR statement, ledger and mail: server/lib/locale-texts.ts)
  'mdr.'];
const KEEP = ['scanner.title', 'scanner.manufacturer_artnr', 'scanner.codes', 'label.title', 'documents.title', 'zahnlager.title'];

const wanted = (k: string) => KEEP.includes(k) || !EXCLUDE.some((p) => k.startsWith(p));
const cache = new Map<string, Record<string, string>>();

/** The shop subset of a language (German for keys the language lacks). */
export function shopMessages(lang: string): Record<string, string> {
  let m = cache.get(lang);
  if (m) return m;
  const file = files[`../../../i18n/locales/${lang}.json`]?.default ?? {};
  m = {};
  for (const [k, v] of Object.entries(de as Record<string, string>)) if (wanted(k)) m[k] = file[k] ?? v;
  cache.set(lang, m);
  return m;
}

// islands rendered on the server read their texts from here (src/islands/shop/lib/i18n.ts); this module
// is imported only by .astro files, so no language file reaches the browser bundle
(globalThis as { __shopMessages?: (lang: string) => Record<string, string> }).__shopMessages = shopMessages;

/** JSON for a <script type="application/json"> element ('<' escaped so the text cannot close it). */
const jsonCache = new Map<string, string>();
export function messagesJson(lang: string): string {
  let j = jsonCache.get(lang);
  if (j === undefined) { j = JSON.stringify(shopMessages(lang)).replace(/</g, '\\u003c'); jsonCache.set(lang, j); }
  return j;
}

/** Keys of the header islands (they render on every page; a few keys each instead of a language file). */
export const HEADER_KEYS = {
  login: ['dialog.close', 'login.required_title', 'login.required_text', 'login.submit', 'login.register', 'login.fast_register',
    'app.loading', 'login.title', 'login.username', 'login.password', 'app.hide_password', 'app.show_password', 'login.forgot',
    'login.no_account', 'notice', 'register.verify_success', 'verify_already_verified', 'verify_record_missing', 'verify_not_completed',
    'login_error_title', 'login_error', 'login_error_4', 'login_error_5', 'password_change_required', 'give_credentials',
    'invalid_email_format', 'invalid_kdnr_format', 'generic', 'network', 'error_menge', 'error_artnr',
    'too_many_requests', 'login.logged_out', 'account.change_password', 'login.change_password_text', 'password.new',
    'password.repeat', 'password.rules', 'app.save', 'password_length', 'password_mismatch', 'success_add_to_liste',
    'error_art_in_liste'],
  userSelect: ['user_select.title', 'user_select.add', 'user_select.edit', 'dialog.close', 'dialog.cancel', 'app.loading', 'role.general',
    'function.K07', 'function.K09', 'function.K13', 'app.greeting', 'generic', 'network', 'too_many_requests',
    'user_select.password_label', 'user_select.password_hint', 'user_select.switch', 'user_select.needs_password',
    'user_password_wrong', 'user_password_required'],
  cartPanel: ['success_add_to_wk', 'dialog.close', 'app.loading', 'shop.quantity', 'shop.decrease', 'shop.increase', 'continue_shopping',
    'to_cart', 'bought_together', 'shop.add_to_cart', 'menge_change', 'shop.on_request', 'error_menge', 'error_artnr', 'generic'],
  search: ['search.suggestions', 'search.min_chars', 'app.loading', 'search.no_results', 'search.top_articles', 'search.categories',
    'search.show_all', 'shop.on_request', 'nav.search', 'search.placeholder', 'app.search'],
} as const;

/** The given keys of a language (German where it lacks one). */
export function pickMessages(lang: string, keys: readonly string[]): Record<string, string> {
  const all = shopMessages(lang);
  const file = files[`../../../i18n/locales/${lang}.json`]?.default ?? {};
  const out: Record<string, string> = {};
  for (const k of keys) out[k] = all[k] ?? file[k] ?? (de as Record<string, string>)[k] ?? k;
  return out;
}
