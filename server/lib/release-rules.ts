// Budgets and approval rules (issue 11, part 3). An order of a sub-user without the release right
// (K09 buyer) waits for a release by the main user or a K07 when
//  - its value exceeds the account's threshold (release_rules; default 5,000 EUR) → reason 'threshold', or
//  - it exceeds the buyer's remaining monthly budget (sub_users.monthly_budget_cents) → reason 'budget'.
// Decisions (documented in README "Budgets and approval rules"):
//  - Values compare NET in EUR cents: the order's net total incl. shipping, before VAT (the B2B
//    figure; the same value the fixed 5,000 EUR limit compared before).
//  - "This month" is the calendar month in the shop's time zone, Europe/Berlin: the budget resets
//    at 00:00 Berlin time on the 1st.
//  - Used = every order the buyer placed this month, released AND pending: a waiting order counts
//    against the budget, so two orders cannot both slip under it; a release does not change it.
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Acting } from './permissions.ts';
import { allows } from '#rules/permissions.ts';

export const DEFAULT_THRESHOLD_CENTS = 500_000;
export const RELEASE_TIME_ZONE = 'Europe/Berlin';

export type ReleaseReason =
  | { reason: 'threshold'; valueCents: number; thresholdCents: number }
  | { reason: 'budget'; valueCents: number; budgetCents: number; usedCents: number };

export interface Month { key: string; startIso: string; endIso: string }

/** Offset (ms) of `tz` from UTC at the instant `at`. */
function zoneOffset(at: Date, tz: string): number {
  const p = Object.fromEntries(new Intl.DateTimeFormat('en-US', {
    timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(at).map((x) => [x.type, x.value]));
  return Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!) - Math.floor(at.getTime() / 1000) * 1000;
}

/** UTC instant of local midnight on the 1st of (year, month0) in `tz`. */
function monthStartUtc(year: number, month0: number, tz: string): Date {
  const guess = Date.UTC(year, month0, 1);
  // two passes settle a DST change between the guess and the real instant
  let t = guess - zoneOffset(new Date(guess), tz);
  t = guess - zoneOffset(new Date(t), tz);
  return new Date(t);
}

/** The budget month containing `now` in the shop's time zone, as UTC ISO bounds [start, end). */
export function budgetMonth(now = new Date(), tz = RELEASE_TIME_ZONE): Month {
  const local = new Date(now.getTime() + zoneOffset(now, tz));
  const y = local.getUTCFullYear(); const m = local.getUTCMonth();
  return {
    key: `${y}-${String(m + 1).padStart(2, '0')}`,
    startIso: monthStartUtc(y, m, tz).toISOString(),
    endIso: monthStartUtc(m === 11 ? y + 1 : y, (m + 1) % 12, tz).toISOString(),
  };
}

export async function thresholdCents(db: Db, kdnr: number): Promise<number> {
  const r = await db.selectFrom('release_rules').select('threshold_cents').where('kdnr', '=', kdnr).executeTakeFirst();
  return r ? Number(r.threshold_cents) : DEFAULT_THRESHOLD_CENTS;
}

export interface BuyerUsage { usedCents: number; pendingCents: number }

/** Per sub-user: value of this month's orders (released + pending) and the pending part of it. */
export async function monthUsage(db: Db, kdnr: number, month = budgetMonth()): Promise<Map<number, BuyerUsage>> {
  const rows = await db.selectFrom('orders').select(['placed_by_sub_user', 'net_eur_cents', 'total', 'currency', 'release_status'])
    .where('kdnr', '=', kdnr).where('placed_by_sub_user', 'is not', null)
    .where('created_at', '>=', month.startIso).where('created_at', '<', month.endIso).execute();
  const out = new Map<number, BuyerUsage>();
  for (const r of rows) {
    // imported history has no EUR value; EUR orders' net total is it
    const v = r.net_eur_cents != null ? Number(r.net_eur_cents) : r.currency === 'EUR' ? Math.round(Number(r.total) * 100) : 0;
    const u = out.get(Number(r.placed_by_sub_user)) ?? { usedCents: 0, pendingCents: 0 };
    u.usedCents += v;
    if (r.release_status === 'pending') u.pendingCents += v;
    out.set(Number(r.placed_by_sub_user), u);
  }
  return out;
}

/** Why an order of `valueCents` by `acting` must wait for a release, or null when it goes through. */
export async function releaseReason(db: Db, kdnr: number, acting: Acting, valueCents: number, now = new Date()): Promise<ReleaseReason | null> {
  // the main user and K07 managers order without release
  if (acting.id === 0 || allows(acting.funktionen, 'release')) return null;
  const limit = await thresholdCents(db, kdnr);
  if (valueCents > limit) return { reason: 'threshold', valueCents, thresholdCents: limit };
  const sub = await db.selectFrom('sub_users').select('monthly_budget_cents').where('kdnr', '=', kdnr).where('id', '=', acting.id).executeTakeFirst();
  if (sub?.monthly_budget_cents == null) return null;
  // a no-op write locks the buyer's row until the submit commits: two submits of one buyer cannot both
  // count the month without the other's order (PostgreSQL row lock; SQLite writes are serial anyway)
  await db.updateTable('sub_users').set({ monthly_budget_cents: sql`monthly_budget_cents` }).where('kdnr', '=', kdnr).where('id', '=', acting.id).execute();
  const budget = Number(sub.monthly_budget_cents);
  const used = (await monthUsage(db, kdnr, budgetMonth(now))).get(acting.id)?.usedCents ?? 0;
  return used + valueCents > budget ? { reason: 'budget', valueCents, budgetCents: budget, usedCents: used } : null;
}

export interface ReleaseReasonOut {
  reason: 'threshold' | 'budget'; valueEur: number; thresholdEur?: number; budgetEur?: number; usedEur?: number;
}

/** The stored reason (cents) as the API shows it (EUR, two decimals); null for orders released at once. */
export function parseReleaseReason(json: string | null | undefined): ReleaseReasonOut | null {
  if (!json) return null;
  let r: ReleaseReason;
  try { r = JSON.parse(json) as ReleaseReason; } catch { return null; }
  const eur = (c: number) => c / 100;
  return r.reason === 'threshold'
    ? { reason: 'threshold', valueEur: eur(r.valueCents), thresholdEur: eur(r.thresholdCents) }
    : { reason: 'budget', valueEur: eur(r.valueCents), budgetEur: eur(r.budgetCents), usedEur: eur(r.usedCents) };
}
