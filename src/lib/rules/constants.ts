// Business constants (spec section 9) and the error catalogue (spec section 8).
// Shared by browser islands and the API server: keep this file free of imports and side effects.

// ---- Timings (ms) ----
export const TOAST_MS = 3000;
export const CART_PANEL_CLOSE_MS = 10_000;
export const MEGA_MENU_HOVER_MS = 750;
export const SEARCH_DEBOUNCE_MS = 300;
export const QTY_DEBOUNCE_MS = 500;
export const GREETING_MS = 1500;
export const SCROLL_DELAY_MS = 1800;
export const FAQ_SCROLL_MS = 500;
/** Tooth-storage automatic booking runs at most this often (and only for non-guests). */
export const ZAHNLAGER_AUTO_MS = 15 * 60 * 1000;

// ---- Pixel offsets and sizes ----
export const SCROLL_OFFSET_PX = 80;
export const SUBNAV_OFFSET_PX = 100;
/** The URL hash follows the section within this distance of the viewport top. */
export const SECTION_DETECT_PX = 120;
/** Buttons narrower than this truncate their label. */
export const BUTTON_TRUNCATE_PX = 224;
export const ACTION_POPUP_WIDTH_PX = 300;
export const ACTION_POPUP_MAX_HEIGHT_PX = 300;

// ---- Search ----
export const SEARCH_MIN_CHARS = 3;
/** Longest search term the search calls accept (too_long beyond). */
export const SEARCH_TERM_MAX = 100;
export const SEARCH_PREVIEW_ARTICLES = 10;
export const SEARCH_PREVIEW_CATEGORIES = 4;
export const ALREADY_BOUGHT_LIMIT = 24;
/** Quick suggestion by article number: at most this many characters. */
export const QUICK_SUGGEST_ARTNR_MAX = 10;

// ---- Quantities ----
export const QTY_MIN = 0;
export const QTY_MAX = 999;
export const QTY_STEP = 1;
export const CART_PANEL_MIN_QTY = 1;
/** Adding a recommendation from the cart panel always adds this quantity. */
export const RECOMMENDATION_ADD_QTY = 1;

// ---- Quick order (issue 11) ----
/** Lines one paste, file or check may hold. */
export const QUICK_ORDER_MAX_LINES = 500;

// ---- Lists, history, documents ----
export const LAST_SEEN_MAX = 10;
export const DOCUMENTS_MONTHS = 24;
export const DASHBOARD_DAYS = 7;
/** Order list id 0 is the built-in favourites list. */
export const FAVOURITES_LIST_ID = 0;
export const LIST_NAME_MAX = 50;

// ---- Printing and scanning ----
export const PRINTER_MARGIN_MM = 3;
export const SCANNER_SIZE_DEFAULT = 0.5;
export const SCANNER_MODE_DEFAULT = 'info';
export const BARCODE_TYPES = ['QR', 'DataMatrix', 'Code-128'] as const;
export const SCAN_AREA_SIZES = ['extra_small', 'small', 'medium', 'large'] as const;
export const SCAN_AREA_SIZE_RECOMMENDED = 'small';

// ---- Checkout ----
export const FREEWAY_MIN_EUR = 170;
export const FREEWAY_PER_MONTH = 1;

// ---- Accounts ----
/** Hidden field of the public forms: people never see it, form-filling bots fill it (the server refuses those). */
export const HONEYPOT_FIELD = 'hp_website';

export const PASSWORD_MIN = 7;
export const PASSWORD_MAX = 100;
export const INDUSTRY_MIN = 1;
export const INDUSTRY_MAX = 30;
export const ALNUM_MAX = 10;
export const COMPANY_DEFAULT = 1;
/** Company 3 is the sister brand variant (isLS). */
export const COMPANY_LS = 3;
/**
 * Company 3 is the sister brand variant (isLS); every other company uses the default brand. Beside its
 * constant, in the one rules chunk every page loads anyway (a module of its own became an 82-byte script).
 */
export function isLS(firma: number | string | null | undefined): boolean {
  return Number(firma) === COMPANY_LS;
}
export const FUNCTION_ROLES = ['K07', 'K09', 'K13'] as const;
/** Salutation codes: D diverse, ka none, M Herr, W Frau. */
export const SALUTATIONS = ['D', 'ka', 'M', 'W'] as const;

// ---- Catalogue ----
/** Promotion code (MCode) of an article when none is given. */
export const DEFAULT_MCODE = 5;
/** Price or list price with one of these values means 'price on request' (no cart button). */
export const REQUEST_PRICES: readonly number[] = [0.01, 0.02];
export const SPECIAL_PRODUCT_GROUPS: readonly number[] = [0, 888, 90];
export const SKIPPED_PRODUCT_GROUP = 9;
/** Reserved navigation category ids, listed last in this order. */
export const RESERVED_CATEGORY_IDS = ['PG90', 'PG91', 'PG0', 'PG888'] as const;
/** Country numbers (lndnr) listed under both Europe and Asia. */
export const COUNTRIES_IN_EUROPE_AND_ASIA: readonly number[] = [52, 600];
export const SUB_USER_COLOUR_COUNT = 11;

// ---- Misc ----
export const ANALYTICS_SITE_ID = 11;
export const JS_ERROR_LOG_CATEGORY = 'JavaScript Errors';
export const FAQ_HASH_PREFIX = 'FAQ-';
export const TOAST_TYPES = ['error', 'warn', 'success'] as const;

/**
 * Error catalogue: the error keys of the spec (section 8) and of the server. Keys the spec names are kept
 * verbatim (error_menge, error_artnr, error_art_in_liste, login_error, login_error_4, login_error_5,
 * login_error_title); quoted texts become snake_case keys ('give credentials' → give_credentials,
 * 'please fill in' → please_fill_in, 'invalid list name' → invalid_list_name,
 * 'field {field} invalid' → field_invalid). Each key is a message key: its texts live in
 * src/i18n/locales/<lang>.json only (islands show them through errorMessage, the API through serverT).
 */
export const ERROR_KEYS = [
  // generic (section 8)
  'generic',
  // quantities and articles
  'error_menge', 'error_artnr', 'error_art_in_liste', 'invalid_list_name',
  // quick order: one key per line error (issue 11)
  'error_request_price', 'error_out_of_range', 'error_variant_parent', 'error_too_many_lines',
  'quick_order_invalid',
  // login: the spec lists the texts in the order login_error, login_error_4, login_error_5, title
  'login_error', 'login_error_4', 'login_error_5', 'login_error_title',
  // password_change_required: the spec's 'Please change your password first'
  'password_change_required', 'give_credentials', 'invalid_email_format', 'invalid_kdnr_format',
  // form validation (section 5)
  'please_fill_in', 'field_invalid', 'invalid_email', 'email_mismatch', 'email_exists', 'password_length',
  'password_mismatch', 'invalid_phone', 'invalid_url', 'invalid_alphanumeric', 'invalid_date', 'invalid_time',
  'invalid_postal_code', 'invalid_numeric', 'industry_required', 'order_number_required',
  // registration and verification
  'register_already_registered', 'register_kdnr_not_found', 'register_kdnr_plz_mismatch',
  'register_wrong_credentials', 'verify_already_verified', 'verify_record_missing', 'verify_not_completed',
  // benefit codes (Vorteilscode)
  'benefit_code_invalid', 'benefit_code_empty', 'benefit_code_already_redeemed', 'benefit_code_not_removable',
  // benefit_code_min_order is not in the spec's list: a code with a minimum order value on a smaller cart
  'benefit_code_min_order',
  // cart and checkout
  'cart_no_products', 'cart_add_products_first', 'freeway_min_value', 'freeway_once_per_month',
  // customer data, statistics
  'customer_data_change_error', 'statistics_no_data',
  // service and digitisation
  'service_photo_required', 'service_text_required', 'digitisation_cabinet_required',
  'digitisation_photo_per_drawer_required', 'images_connection_error',
  // camera and labels
  'no_compatible_camera', 'no_product_found', 'print_template_required',
  // logbook (issue 12): expired batches only after a warning, a serial number once per work
  'error_batch_expired', 'error_serial_duplicate',
  // MDR case file (issue 11): works and batches kept for the retention period, the recall needs a LOT
  'error_retention_period', 'lot_required',
  // server-side keys (HTTP layer)
  'unauthorized', 'forbidden', 'not_found', 'invalid_json', 'invalid_input', 'invalid_id', 'invalid_country',
  'invalid_language', 'too_long', 'too_many_requests', 'body_too_large', 'too_many_files', 'uploads_busy',
  'webhook_disabled', 'draining', 'db_unavailable', 'user_password_required', 'user_password_wrong',
  'own_order_release', 'upload_quota_exceeded',
] as const;

export type ErrorKey = (typeof ERROR_KEYS)[number];

/** Success and info toasts named by the spec (message keys as well). */
export const SUCCESS_KEYS = ['success_add_to_liste', 'success_add_to_wk', 'menge_change'] as const;

const ERROR_KEY_SET: ReadonlySet<string> = new Set(ERROR_KEYS);
export function isErrorKey(key: string): key is ErrorKey {
  return ERROR_KEY_SET.has(key);
}
