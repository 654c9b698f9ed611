// Error texts of the portal islands: the portal's error keys → locale keys, then the shop's mapping
// (src/islands/shop/lib/errors.ts) for everything else.
import { errorMessage } from '../../shop/lib/errors.ts';
import type { T } from '../../shop/lib/i18n.ts';

const PORTAL: Record<string, string> = {
  print_template_required: 'error_print_template_required',
  service_photo_required: 'error_photo_required',
  service_text_required: 'error_text_required',
  upload_type: 'error_upload_type',
  invalid_image: 'error_upload_type',
  upload_too_large: 'error_upload_size',
  file_too_large: 'error_upload_size',
};

export function portalError(t: T, key: string, params?: Record<string, string | number>): string {
  const k = PORTAL[key];
  if (k) { const s = t(k, params); if (s !== k) return s; }
  const own = t(`error.${key}`, params);
  if (own !== `error.${key}`) return own;
  return errorMessage(t, key, params);
}
