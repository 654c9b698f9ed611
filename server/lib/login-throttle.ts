// Rate limits for the login and for guest calls that write or send mail. The counters live in the
// database (table throttle_counters), so every server process shares them, and each hit is checked
// and counted in one atomic statement (INSERT … ON CONFLICT DO UPDATE … RETURNING, the same SQL on
// SQLite and PostgreSQL): a parallel burst cannot slip between a read and a write.
//
// Login (docs/SECURITY.md "Accounts and sessions"):
// - per (account, address) pair: at most LOGIN_MAX_FAILURES failures per window, then 429. The owner
//   at another address has another pair, so an attacker cannot lock the owner out.
// - per address: at most LOGIN_MAX_FAILURES failures per window over all accounts; a success never
//   resets it (it only takes back its own attempt).
// - per account over all addresses: no lock, a slowdown (doubling delay from ACCOUNT_FREE_FAILURES on).
import { sql } from 'kysely';
import { config } from '../config.ts';
import type { Db } from '../db/index.ts';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_FAILURES = 20;
/** Failures on one account from all addresses before its answers slow down. */
export const ACCOUNT_FREE_FAILURES = 10;

export const pairKey = (account: string, ip: string) => `login:pair:${account}:${ip}`;
export const ipKey = (ip: string) => `login:ip:${ip}`;
export const accountKey = (account: string) => `login:acct:${account}`;
/** The account part of the keys: company and normalised login name (customer number, e-mail, 123456x2). */
export const accountName = (firma: number, login: string) => `${firma}:${login.trim().toLowerCase()}`;

/**
 * Counts one hit (or `by`, e.g. bytes) on `key` in a fixed window of `windowMs` and answers the count
 * including this hit. One statement: a window that has run out starts again.
 */
export async function hit(db: Db, key: string, windowMs: number, now = Date.now(), by = 1): Promise<number> {
  return (await hitWindow(db, key, windowMs, now, by)).n;
}

/** hit(), also answering when the window ends (epoch ms). */
export async function hitWindow(db: Db, key: string, windowMs: number, now = Date.now(), by = 1): Promise<{ n: number; endsAt: number }> {
  const k = key.slice(0, 300);
  const expired = sql<boolean>`throttle_counters.window_start <= ${now - windowMs}`;
  const row = await db.insertInto('throttle_counters').values({ key: k, window_start: now, n: by })
    .onConflict((oc) => oc.column('key').doUpdateSet({
      n: sql`CASE WHEN ${expired} THEN ${by} ELSE throttle_counters.n + ${by} END`,
      window_start: sql`CASE WHEN ${expired} THEN ${now} ELSE throttle_counters.window_start END`,
    }))
    .returning(['n', 'window_start']).executeTakeFirstOrThrow();
  if (Math.random() < 0.001) void pruneThrottles(db, now).catch(() => {}); // now and then, keeps the table small
  return { n: Number(row.n), endsAt: Number(row.window_start) + windowMs };
}

/** Takes back one hit (a login that succeeded was not a failure); never below 0. */
export async function unhit(db: Db, key: string): Promise<void> {
  await db.updateTable('throttle_counters').set({ n: sql`n - 1` }).where('key', '=', key.slice(0, 300)).where('n', '>', 0).execute();
}

/** The current count of `key` within its window (0 when none or expired). */
export async function count(db: Db, key: string, windowMs: number, now = Date.now()): Promise<number> {
  const r = await db.selectFrom('throttle_counters').select(['n', 'window_start']).where('key', '=', key.slice(0, 300)).executeTakeFirst();
  return r && Number(r.window_start) > now - windowMs ? Number(r.n) : 0;
}

export async function forget(db: Db, key: string): Promise<void> {
  await db.deleteFrom('throttle_counters').where('key', '=', key.slice(0, 300)).execute();
}

/** Delay before answering the n-th failure: base, 2·base, 4·base, … up to the cap. */
export function failureDelayMs(n: number): number {
  if (n <= 0) return 0;
  const d = config.loginDelayBaseMs * 2 ** Math.min(n - 1, 30);
  return Math.min(d, config.loginDelayMaxMs);
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export interface LoginAttempt {
  /** 429 when set: seconds until the window of the exhausted counter ends */
  retryAfter: number;
  /** call after a success: takes back this attempt (the address counter is never reset) */
  succeeded: () => Promise<void>;
  /** call after a failure: waits the pair's and the account's delay */
  failed: () => Promise<void>;
}

/**
 * Counts a login attempt (or a password check for a user switch) for the account from the address
 * before the password is checked, so a burst of parallel guesses is capped at LOGIN_MAX_FAILURES.
 */
export async function loginAttempt(db: Db, account: string, ip: string): Promise<LoginAttempt> {
  const pk = pairKey(account, ip), ik = ipKey(ip), ak = accountKey(account);
  const pair = await hitWindow(db, pk, LOGIN_WINDOW_MS);
  const addr = await hitWindow(db, ik, LOGIN_WINDOW_MS);
  const nPair = pair.n;
  const exhausted = [pair, addr].filter((w) => w.n > LOGIN_MAX_FAILURES);
  const over = exhausted.length > 0;
  // global per-account slowdown: waits before the check, whoever asks
  const accountFailures = await count(db, ak, LOGIN_WINDOW_MS);
  if (!over && accountFailures >= ACCOUNT_FREE_FAILURES) await sleep(failureDelayMs(accountFailures - ACCOUNT_FREE_FAILURES + 1));
  return {
    retryAfter: over ? Math.max(1, Math.ceil((Math.max(...exhausted.map((w) => w.endsAt)) - Date.now()) / 1000)) : 0,
    succeeded: async () => {
      await forget(db, pk); // the owner at this address proved the password
      await unhit(db, ik);
    },
    failed: async () => {
      await hit(db, ak, LOGIN_WINDOW_MS);
      await sleep(failureDelayMs(nPair));
    },
  };
}

/** True when the call is allowed: at most `max` calls per `windowMs` per key (shared across processes). */
export async function allowCall(db: Db, key: string, max: number, windowMs: number): Promise<boolean> {
  return (await hit(db, key, windowMs)) <= max;
}

/** Removes counters whose window started a day ago. */
export async function pruneThrottles(db: Db, now = Date.now()): Promise<void> {
  await db.deleteFrom('throttle_counters').where('window_start', '<', now - 24 * 3600_000).execute();
}

/** Tests only: forget every counter. */
export async function resetAllThrottles(db: Db): Promise<void> {
  await db.deleteFrom('throttle_counters').execute();
}
