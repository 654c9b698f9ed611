// Brute-force brakes for the login (per account and per IP) and a small fixed-window limiter for
// other guest calls that write or send mail. In memory: one process serves the shop; a restart
// forgets the counters, which only ever makes the brake milder.
import { config } from '../config.ts';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_FAILURES = 20;
const MAX_KEYS = 50_000;

const failures = new Map<string, number[]>();

function recent(key: string, now: number): number[] {
  const list = failures.get(key);
  if (!list) return [];
  const kept = list.filter((t) => now - t < LOGIN_WINDOW_MS);
  if (kept.length === 0) failures.delete(key);
  else if (kept.length !== list.length) failures.set(key, kept);
  return kept;
}

export const accountKey = (firma: number, login: string) => `acct:${firma}:${login.trim().toLowerCase()}`;
export const ipKey = (ip: string) => `ip:${ip}`;

/** Failures within the window for the most-failed of the keys. */
export function failureCount(keys: string[], now = Date.now()): number {
  return Math.max(0, ...keys.map((k) => recent(k, now).length));
}

/** Seconds until the oldest failure leaves the window, when any key has reached the cap; else 0. */
export function lockedFor(keys: string[], now = Date.now()): number {
  let wait = 0;
  for (const k of keys) {
    const list = recent(k, now);
    if (list.length >= LOGIN_MAX_FAILURES) {
      const until = list[list.length - LOGIN_MAX_FAILURES]! + LOGIN_WINDOW_MS;
      wait = Math.max(wait, Math.ceil((until - now) / 1000));
    }
  }
  return wait;
}

/** Records one failure on every key; answers the new count (the highest). */
export function recordFailure(keys: string[], now = Date.now()): number {
  if (failures.size > MAX_KEYS) failures.clear();
  let n = 0;
  for (const k of keys) {
    const list = recent(k, now);
    list.push(now);
    failures.set(k, list);
    n = Math.max(n, list.length);
  }
  return n;
}

/** Delay before answering the n-th failure: base, 2·base, 4·base, … up to the cap. */
export function failureDelayMs(n: number): number {
  if (n <= 0) return 0;
  const d = config.loginDelayBaseMs * 2 ** Math.min(n - 1, 30);
  return Math.min(d, config.loginDelayMaxMs);
}

export function resetFailures(keys: string[]): void {
  for (const k of keys) failures.delete(k);
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

// ---- fixed-window limiter (register, password mail, client logs) ----
const windows = new Map<string, { start: number; n: number }>();

/** True when the call is allowed: at most `max` calls per `windowMs` per key. */
export function allowCall(key: string, max: number, windowMs: number, now = Date.now()): boolean {
  if (windows.size > MAX_KEYS) windows.clear();
  const w = windows.get(key);
  if (!w || now - w.start >= windowMs) {
    windows.set(key, { start: now, n: 1 });
    return true;
  }
  w.n++;
  return w.n <= max;
}

/** Tests only: forget every counter. */
export function resetAllThrottles(): void {
  failures.clear();
  windows.clear();
}
