// The seed's clock. Random draws never depend on the date; only the anchors the drawn offsets are
// added to do:
//  - MONTH0 = the first day of the current month, 00:00 UTC. All history (orders of the last 30 months,
//    documents, statements, customers, article creation dates, codes) is an offset from it,
//    so the data is identical all month long and the order history always covers the last 24+ months.
//  - TODAY0 = today, 00:00 UTC. Only the "recent activity" window is an offset back from it: open
//    orders of the last 14 days and tooth-storage bookings of the last 90 days, so the 7-day dashboard
//    and 'processing'/'shipped' orders have data on any day of the month; and the promotions' validity
//    (running, ended or upcoming as on the day their content was written). No seeded order, document or
//    booking lies in the future.
const DAY = 86_400_000;

export interface SeedClock {
  month0: Date;
  today0: Date;
  /** ISO timestamp `days` (may be fractional) after MONTH0; negative = in the past */
  m(days: number): string;
  /** ISO timestamp `days` after TODAY0 (use negative offsets) */
  t(days: number): string;
  /** first day (00:00 UTC) of the month `k` months after MONTH0 (k <= 0) */
  monthStart(k: number): Date;
  /** whole days in the month that starts at `start` */
  daysIn(start: Date): number;
}

export function seedClock(now = new Date()): SeedClock {
  const month0 = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const today0 = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return {
    month0, today0,
    m: (days) => after(month0, days),
    t: (days) => after(today0, days),
    monthStart: (k) => new Date(Date.UTC(month0.getUTCFullYear(), month0.getUTCMonth() + k, 1)),
    daysIn: (start) => new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0)).getUTCDate(),
  };
}

/** ISO timestamp `days` after `base` (rounded to the minute) */
export function after(base: Date, days: number): string {
  return new Date(base.getTime() + Math.round(days * DAY / 60_000) * 60_000).toISOString();
}

export const dateOnly = (iso: string) => iso.slice(0, 10);
