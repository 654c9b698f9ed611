// API error keys of the tooth calls → translation keys; everything else goes through the shop's map.
import { errorMessage, failureKey } from '../../../shop/lib/errors.ts';
import type { T } from '../../../shop/lib/i18n.ts';

const MAP: Record<string, string> = {
  digitalisierung_cabinet_required: 'error_cabinet_required',
  digitisation_cabinet_required: 'error_cabinet_required',
  digitalisierung_photo_required: 'error_drawer_photo_required',
  digitisation_photo_per_drawer_required: 'error_drawer_photo_required',
  images_connection_error: 'error_upload_individually',
  upload_type: 'error_upload_type',
  upload_too_large: 'error_upload_size',
  slot_empty: 'zahnlager.error.slot_empty',
  slot_in_process: 'zahnlager.error.slot_in_process',
  zahnlager_nothing_selected: 'zahnlager.error.nothing_selected',
  schublade_not_empty: 'zahnlager.error.drawer_not_empty',
  invalid_name: 'zahnlager.error.name',
  invalid_zeilen: 'zahnlager.error.grid',
  invalid_spalten: 'zahnlager.error.grid',
};

export function zahnError(t: T, e: unknown): string {
  const key = failureKey(e);
  return errorMessage(t, MAP[key] ?? key);
}

/** Text of a known error key (browser-side checks use the server's keys). */
export function zahnErrorText(t: T, key: string): string {
  return errorMessage(t, MAP[key] ?? key);
}
