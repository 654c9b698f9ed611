// API error keys (server + src/lib/rules ERROR_TEXTS) → translation keys of the locale files.
// Unknown to the locale: the German default text of the rules' error catalogue.
import { errorText } from '../../../lib/rules/constants.ts';
import { ApiFailure } from '../../../lib/api.ts';
import type { T } from './i18n.ts';

export const ERROR_KEY_MAP: Record<string, string> = {
  generic: 'error_generic',
  invalid_list_name: 'error_list_name',
  field_invalid: 'error_field_invalid',
  please_fill_in: 'error_please_fill_in',
  give_credentials: 'login_give_credentials',
  invalid_email_format: 'login_error_email_format',
  invalid_kdnr_format: 'login_error_kdnr_format',
  password_change_required: 'login_error_change_password',
  invalid_email: 'error_email_invalid',
  email_mismatch: 'error_email_mismatch',
  email_exists: 'error_email_exists',
  password_length: 'error_password_length',
  password_mismatch: 'error_password_mismatch',
  invalid_phone: 'error_phone_invalid',
  invalid_url: 'error_url_invalid',
  invalid_date: 'error_date_invalid',
  invalid_time: 'error_time_invalid',
  invalid_postal_code: 'error_plz_invalid',
  invalid_numeric: 'error_numeric',
  industry_required: 'error_branche_required',
  invalid_alphanumeric: 'error_alnum',
  register_already_registered: 'register_error_already_registered',
  user_already_registered: 'register_error_already_registered',
  register_kdnr_not_found: 'register_error_kdnr_unknown',
  kdnr_not_found: 'register_error_kdnr_unknown',
  register_kdnr_plz_mismatch: 'register_error_kdnr_plz',
  kdnr_plz_mismatch: 'register_error_kdnr_plz',
  register_wrong_credentials: 'register_error_credentials',
  wrong_credentials_user_exists: 'register_error_credentials',
  benefit_code_already_redeemed: 'benefit_code_redeemed',
  freeway_min_value: 'fwt_error_min_value',
  freeway_once_per_month: 'fwt_error_once_per_month',
  customer_data_change_error: 'error_kundendaten',
  kundendaten_error: 'error_kundendaten',
  cart_no_products: 'error_wk_empty',
  cart_add_products_first: 'error_wk_empty',
  statistics_no_data: 'statistik_no_data',
  forbidden_function: 'forbidden',
  already_logged_in: 'register.already_logged_in',
  invalid_token: 'password.link_invalid',
  unauthorized: 'login.required_text',
  too_many_requests: 'error_too_many_requests',
  body_too_large: 'error_body_too_large',
  too_many_files: 'error_too_many_files',
  uploads_busy: 'error_uploads_busy',
  network: 'error_network',
  auftragsnummer_required: 'error_auftragsnummer_required',
  order_number_required: 'error_auftragsnummer_required',
  no_product_found: 'error_no_product',
  user_password_wrong: 'error_user_password_wrong',
  user_password_required: 'error_user_password_required',
  own_order_release: 'error_own_order_release',
  upload_quota_exceeded: 'error_upload_quota',
};

/** Text for an error key in the UI language; German catalogue text when the locale lacks it. */
export function errorMessage(t: T, key: string, params?: Record<string, string | number>): string {
  const k = ERROR_KEY_MAP[key] ?? key;
  const s = t(k, params);
  if (s !== k) return s;
  return errorText(key, params ?? {});
}

/** The key of a failed call: the API's error key, 'network' without an answer, else 'generic'. */
export function failureKey(e: unknown): string {
  if (e instanceof ApiFailure) return e.status === 0 ? 'network' : e.key || 'generic';
  return 'generic';
}
