// Medical-device batches on a patient work (section 3): an expired batch is documented only after a
// warning and stays marked in the work and in the exports.

/** Calendar day (YYYY-MM-DD, UTC) of a date or ISO timestamp. */
export const dayOf = (d: Date | string): string => (typeof d === 'string' ? d : d.toISOString()).slice(0, 10);

/** True when the expiry day (YYYY-MM-DD) lies before the day the batch is used (documented). */
export function isExpired(expiry: string | null | undefined, usedOn: Date | string = new Date()): boolean {
  return !!expiry && /^\d{4}-\d{2}-\d{2}$/.test(expiry) && expiry < dayOf(usedOn);
}
