// Statistics (section 4): bookings per day/week/month with zero periods, the top sets, the dashboard.
import type { Db } from '../../db/index.ts';
import { badRequest } from '../../http/errors.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import { designations } from '../../lib/designations.ts';
import * as zahnlager from '#api/zahnlager.ts';
import { DASHBOARD_DAYS } from '#rules/index.ts';
import { serverT } from '#i18n/server.ts';
import { addCounts, cabinetsOf, emptyCounts } from './storage.ts';

const pad2 = (n: number) => String(n).padStart(2, '0');
const dayKey = (d: Date) => `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
function isoWeekKey(d: Date): string {
  const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const day = t.getUTCDay() || 7;
  t.setUTCDate(t.getUTCDate() + 4 - day);
  const yearStart = new Date(Date.UTC(t.getUTCFullYear(), 0, 1));
  const week = Math.ceil(((t.getTime() - yearStart.getTime()) / 86_400_000 + 1) / 7);
  return `${t.getUTCFullYear()}-W${pad2(week)}`;
}
function periodKey(iso: string, group: 'day' | 'week' | 'month'): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso.slice(0, group === 'month' ? 7 : 10);
  return group === 'day' ? dayKey(d) : group === 'week' ? isoWeekKey(d) : dayKey(d).slice(0, 7);
}
/** Every period between from and to, so charts get zero bars too. */
function periodsBetween(from: string, to: string, group: 'day' | 'week' | 'month'): string[] {
  const out: string[] = [];
  const end = new Date(`${to}T00:00:00Z`);
  for (let d = new Date(`${from}T00:00:00Z`); d <= end && out.length < 5000; d = new Date(d.getTime() + 86_400_000)) {
    const k = periodKey(d.toISOString(), group);
    if (out[out.length - 1] !== k) out.push(k);
  }
  return out;
}
const nextDay = (day: string) => dayKey(new Date(new Date(`${day}T00:00:00Z`).getTime() + 86_400_000));

async function bookingStats(db: Db, kdnr: number, from: string, to: string, group: 'day' | 'week' | 'month', lang: string, top = 10) {
  const rows = await db.selectFrom('zahnlager_bookings').select(['artikelnummer', 'menge', 'booked_at'])
    .where('kdnr', '=', kdnr).where('booked_at', '>=', from).where('booked_at', '<', nextDay(to)).orderBy('booked_at').execute();
  const per = new Map<string, number>(periodsBetween(from, to, group).map((k) => [k, 0]));
  const arts = new Map<string, number>();
  let total = 0;
  for (const r of rows) {
    const k = periodKey(r.booked_at, group);
    per.set(k, (per.get(k) ?? 0) + r.menge);
    arts.set(r.artikelnummer, (arts.get(r.artikelnummer) ?? 0) + r.menge);
    total += r.menge;
  }
  const topList = [...arts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, top);
  const bez = await designations(db, topList.map(([a]) => a), lang);
  return {
    from, to, group, total,
    perioden: [...per].map(([period, count]) => ({ period, count })),
    topGarnituren: topList.map(([artikelnummer, count]) => ({ artikelnummer, bezeichnung: bez.get(artikelnummer) ?? null, count })),
  };
}

export const statisticsRoutes: AnyRoute[] = [
  defineRoute(zahnlager.statistics, async ({ db, session, query, lang }) => {
    const today = dayKey(new Date());
    const to = query.to ?? today;
    const from = query.from ?? dayKey(new Date(new Date(`${to}T00:00:00Z`).getTime() - 364 * 86_400_000));
    if (from > to) throw badRequest('invalid_date', { field: 'from' });
    if (new Date(`${to}T00:00:00Z`).getTime() - new Date(`${from}T00:00:00Z`).getTime() > 10 * 366 * 86_400_000) throw badRequest('invalid_date', { field: 'from' });
    const group = query.group ?? 'month';
    const st = await bookingStats(db, session.kdnr, from, to, group, lang);
    if (st.total === 0) return { empty: true as const, message: serverT(lang)('statistics_no_data'), from, to, group };
    return { empty: false as const, ...st };
  }),
  defineRoute(zahnlager.dashboard, async ({ db, session, lang }) => {
    const to = dayKey(new Date());
    const from = dayKey(new Date(Date.now() - (DASHBOARD_DAYS - 1) * 86_400_000));
    const st = await bookingStats(db, session.kdnr, from, to, 'day', lang, 5);
    const cabs = await cabinetsOf(db, session.kdnr);
    return { from, to, bookings: st.total, perDay: st.perioden, topGarnituren: st.topGarnituren, counts: cabs.reduce((a, c) => addCounts(a, c.counts), emptyCounts()) };
  }),
];
