// The MDR case file's rules (issue 11): how long a patient work is kept and which documented stock
// counts as expiring. Shared by the API, the expiry mail and the islands.
import { dayOf } from './batch.ts';

/** Annex XIII / Art. 10(8) MDR: at least 10 years, 15 for implantable devices. */
export const RETENTION_YEARS = 10;
export const RETENTION_YEARS_IMPLANTABLE = 15;
/** Stock whose expiry lies within this many days (or has passed) is flagged and mailed. */
export const EXPIRY_WINDOW_DAYS = 30;

/** First day (YYYY-MM-DD) on which a work created at `createdAt` may be deleted. */
export function retainUntil(createdAt: string, implantable: boolean): string {
  const d = new Date(`${dayOf(createdAt)}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + (implantable ? RETENTION_YEARS_IMPLANTABLE : RETENTION_YEARS));
  return dayOf(d);
}

export function retentionOver(createdAt: string, implantable: boolean, today: Date | string = new Date()): boolean {
  return dayOf(today) >= retainUntil(createdAt, implantable);
}

/** Last day of the expiry window that starts today. */
export function expiryHorizon(today: Date | string = new Date(), days = EXPIRY_WINDOW_DAYS): string {
  const d = new Date(`${dayOf(today)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return dayOf(d);
}

/** True when the expiry day has passed or lies within the window (today … today + 30 days). */
export function expiresSoon(expiry: string | null | undefined, today: Date | string = new Date()): boolean {
  return !!expiry && /^\d{4}-\d{2}-\d{2}$/.test(expiry) && expiry <= expiryHorizon(today);
}
