// Limits on the public forms a guest can send (docs/SECURITY.md "Accounts and sessions"): per client
// address and per target e-mail, a disk quota for guest uploads, and the honeypot field. Counters are
// the shared database counters of login-throttle.ts, so they hold across server processes.
import { config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { ApiError } from '../http/errors.ts';
import { hit, hitWindow } from './login-throttle.ts';
import { HONEYPOT_FIELD } from '#rules/constants.ts';

const HOUR = 3600_000;

export type GuestAction = 'contact' | 'service' | 'register' | 'forgot' | 'verify';

/** Calls per hour: per client address, and per target e-mail where the call mails one. */
export const GUEST_LIMITS: Record<GuestAction, { perIp: number; perEmail: number }> = {
  contact: { perIp: 10, perEmail: 3 },
  service: { perIp: 10, perEmail: 3 },
  register: { perIp: 10, perEmail: 3 },
  forgot: { perIp: 10, perEmail: 3 },
  verify: { perIp: 30, perEmail: 0 },
};

export { HONEYPOT_FIELD };

const overLimit = (w: { n: number; endsAt: number }) =>
  new ApiError(429, 'too_many_requests', { retryAfter: Math.max(1, Math.ceil((w.endsAt - Date.now()) / 1000)) });

/** Throws 429 too_many_requests once the client address used up its hourly calls of `action`. */
export async function limitGuest(db: Db, action: GuestAction, ip: string): Promise<void> {
  const w = await hitWindow(db, `guest:${action}:ip:${ip}`, HOUR);
  if (w.n > GUEST_LIMITS[action].perIp * config.guestLimitScale) throw overLimit(w);
}

/** Throws 429 once `target` (an e-mail address or a login) got its hourly mails of `action`; call right before mailing. */
export async function limitGuestMail(db: Db, action: GuestAction, target: string): Promise<void> {
  const t = target.trim().toLowerCase();
  if (!t) return;
  const w = await hitWindow(db, `guest:${action}:mail:${t}`, HOUR);
  if (w.n > GUEST_LIMITS[action].perEmail * config.guestLimitScale) throw overLimit(w);
}

/** Refuses a filled honeypot (400 invalid_input, nothing stored or sent). */
export function checkHoneypot(value: unknown): void {
  if (typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null) {
    throw new ApiError(400, 'invalid_input', { field: HONEYPOT_FIELD });
  }
}

/**
 * Reserves `bytes` of the guests' daily upload quota (GUEST_UPLOAD_MB_PER_DAY over all guests);
 * throws 507 upload_quota_exceeded when they do not fit. Counted before the files are written.
 */
export async function reserveGuestUpload(db: Db, bytes: number): Promise<void> {
  if (bytes <= 0) return;
  const used = await hit(db, 'guest:upload-bytes', 24 * HOUR, Date.now(), bytes);
  if (used > config.guestUploadMbPerDay * 1024 * 1024) {
    await hit(db, 'guest:upload-bytes', 24 * HOUR, Date.now(), -bytes); // give the refused share back
    throw new ApiError(507, 'upload_quota_exceeded');
  }
}
