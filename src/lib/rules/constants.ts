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
 * Error catalogue: key → German default text. Keys the spec names are kept verbatim
 * (error_menge, error_artnr, error_art_in_liste, login_error, login_error_4, login_error_5,
 * login_error_title); quoted texts become snake_case keys ('give credentials' → give_credentials,
 * 'please fill in' → please_fill_in, 'invalid list name' → invalid_list_name,
 * 'field {field} invalid' → field_invalid). The client holds the translations.
 */
export const ERROR_TEXTS = {
  // generic (section 8)
  generic: 'Ein Fehler ist aufgetreten',
  // quantities and articles
  error_menge: 'Bitte gültige Menge eingeben',
  error_artnr: 'Ungültige Artikelnummer',
  error_art_in_liste: 'Artikel befindet sich bereits in Bestelliste',
  invalid_list_name: 'Ungültiger Listenname',
  // quick order: one key per line error (issue 11)
  error_request_price: 'Preis auf Anfrage: nicht online bestellbar',
  error_out_of_range: 'Artikel nicht mehr im Sortiment',
  error_variant_parent: 'Bitte eine Variante wählen',
  error_too_many_lines: 'Höchstens {max} Zeilen auf einmal',
  quick_order_invalid: 'Einige Zeilen sind ungültig',
  // login: the spec lists the texts in the order login_error, login_error_4, login_error_5, title
  login_error: 'Benutzername oder Kennwort ungültig',
  login_error_4: 'Die E-Mail-Adresse ist nicht eindeutig zuzuordnen. Bitte melden Sie sich mit Ihrer Kundennummer an.',
  login_error_5: 'Bitte klicken Sie zuerst auf den Link in der E-Mail, die wir Ihnen gesendet haben.',
  login_error_title: 'Login nicht möglich',
  /** Spec text: 'Please change your password first'. */
  password_change_required: 'Bitte ändern Sie zuerst Ihr Kennwort.',
  give_credentials: 'Bitte Benutzername und Kennwort eingeben',
  invalid_email_format: 'Ungültiges E-Mail-Format',
  invalid_kdnr_format: 'Ungültiges Format der Kundennummer',
  // form validation (section 5)
  please_fill_in: 'Bitte ausfüllen',
  field_invalid: 'Feld {field} ungültig',
  invalid_email: 'Bitte gültige E-Mail-Adresse eingeben',
  email_mismatch: 'Die E-Mail-Adressen stimmen nicht überein',
  email_exists: 'Diese E-Mail-Adresse ist bereits vergeben',
  password_length: 'Das Kennwort muss 7 bis 100 Zeichen lang sein',
  password_mismatch: 'Die Kennwörter stimmen nicht überein',
  invalid_phone: 'Bitte gültige Telefonnummer eingeben',
  invalid_url: 'Bitte gültige Internetadresse eingeben',
  invalid_alphanumeric: 'Bitte 1 bis 10 Buchstaben, Ziffern oder Leerzeichen eingeben',
  invalid_date: 'Bitte gültiges Datum eingeben',
  invalid_time: 'Bitte gültige Uhrzeit eingeben',
  invalid_postal_code: 'Bitte gültige Postleitzahl eingeben',
  invalid_numeric: 'Bitte eine Zahl eingeben',
  industry_required: 'Bitte Branche auswählen',
  order_number_required: 'Bitte Auftragsnummer eingeben',
  // registration and verification
  register_already_registered: 'Sie sind bereits registriert',
  register_kdnr_not_found: 'Diese Kundennummer existiert nicht',
  register_kdnr_plz_mismatch: 'Kundennummer und Postleitzahl passen nicht zusammen',
  register_wrong_credentials: 'Der Benutzer existiert, aber E-Mail-Adresse oder Kennwort sind falsch',
  verify_already_verified: 'Ihr Konto wurde bereits bestätigt',
  verify_record_missing: 'Der Datensatz wurde nicht gefunden',
  verify_not_completed: 'Die Bestätigung konnte nicht abgeschlossen werden',
  // benefit codes (Vorteilscode)
  benefit_code_invalid: 'Ungültiger Vorteilscode',
  benefit_code_empty: 'Bitte Vorteilscode eingeben',
  benefit_code_already_redeemed: 'Der Vorteilscode wurde bereits eingelöst',
  benefit_code_not_removable: 'Der Vorteilscode kann nicht entfernt werden',
  /** Not in the spec's list: a code with a minimum order value applied to a smaller cart. */
  benefit_code_min_order: 'Der Mindestbestellwert für diesen Vorteilscode ist nicht erreicht',
  // cart and checkout
  cart_no_products: 'Es konnten keine Produkte ermittelt werden',
  cart_add_products_first: 'Bitte legen Sie zuerst Produkte in den Warenkorb',
  freeway_min_value: 'Das Freeway-Ticket ist erst ab einem Bestellwert von 170 EUR möglich',
  freeway_once_per_month: 'Das Freeway-Ticket kann nur einmal pro Monat angefordert werden',
  // customer data, statistics
  customer_data_change_error: 'Fehler bei der Kundendatenänderung',
  statistics_no_data: 'Im gewählten Zeitraum konnten keine Daten ermittelt werden',
  // service and digitisation
  service_photo_required: 'Bitte mindestens ein Foto hinzufügen',
  service_text_required: 'Bitte einen Text eingeben',
  digitisation_cabinet_required: 'Bitte mindestens einen Schrank anlegen',
  digitisation_photo_per_drawer_required: 'Bitte für jede Schublade mindestens ein Foto hinzufügen',
  images_connection_error: 'Verbindungsfehler. Bitte versuchen Sie, die Bilder einzeln zu senden.',
  // camera and labels
  no_compatible_camera: 'Keine kompatible Kamera gefunden',
  no_product_found: 'Kein Produkt gefunden',
  print_template_required: 'Bitte eine Druckvorlage auswählen',
  // logbook (issue 12): expired batches only after a warning, a serial number once per work
  error_batch_expired: 'Das Verfallsdatum dieser Charge ist überschritten. Bitte bestätigen Sie, dass Sie sie trotzdem dokumentieren.',
  error_serial_duplicate: 'Diese Seriennummer ist in dieser Patientenarbeit bereits dokumentiert (Position {position}).',
  // MDR case file (issue 11): works and batches kept for the retention period, the recall needs a LOT
  error_retention_period: 'Patientenarbeiten und ihre Chargen müssen nach MDR aufbewahrt werden und können erst ab {retainUntil} gelöscht werden.',
  lot_required: 'Bitte geben Sie eine Chargennummer (LOT) ein oder scannen Sie sie.',
  // server-side keys (HTTP layer)
  unauthorized: 'Bitte melden Sie sich an',
  forbidden: 'Keine Berechtigung',
  not_found: 'Nicht gefunden',
  invalid_json: 'Ungültige Anfrage (JSON)',
  invalid_input: 'Ungültige Eingabe',
  invalid_id: 'Ungültige Kennung',
  invalid_country: 'Ungültiges Land',
  invalid_language: 'Ungültige Sprache',
  too_long: 'Eingabe zu lang',
  too_many_requests: 'Zu viele Versuche, bitte warten',
  body_too_large: 'Die Anfrage ist zu groß',
  too_many_files: 'Zu viele Dateien in einer Anfrage',
  uploads_busy: 'Gerade werden zu viele Dateien hochgeladen, bitte gleich noch einmal versuchen',
  webhook_disabled: 'Der CMS-Webhook ist nicht eingerichtet',
  draining: 'Der Dienst wird neu gestartet, bitte gleich noch einmal versuchen',
  db_unavailable: 'Der Dienst ist vorübergehend nicht erreichbar',
  user_password_required: 'Für diesen Benutzer ist sein Kennwort nötig',
  user_password_wrong: 'Das Kennwort ist nicht richtig',
  own_order_release: 'Eigene Bestellungen gibt ein anderer berechtigter Benutzer frei',
  upload_quota_exceeded: 'Zurzeit können keine weiteren Fotos angenommen werden',
} as const;

export type ErrorKey = keyof typeof ERROR_TEXTS;

/** Success and info toasts named by the spec. */
export const SUCCESS_TEXTS = {
  success_add_to_liste: 'Artikel wurde zur Bestellliste hinzugefügt',
  success_add_to_wk: 'Artikel wurde in den Warenkorb gelegt',
  menge_change: 'Menge wurde geändert',
} as const;

export function isErrorKey(key: string): key is ErrorKey {
  return Object.hasOwn(ERROR_TEXTS, key);
}

/**
 * German default text for a key, with {name} placeholders filled from params
 * (e.g. errorText('field_invalid', { field: 'PLZ' })). Unknown keys fall back to the generic text.
 */
export function errorText(key: string, params: Readonly<Record<string, string | number>> = {}): string {
  const template: string = isErrorKey(key) ? ERROR_TEXTS[key] : ERROR_TEXTS.generic;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole);
}
