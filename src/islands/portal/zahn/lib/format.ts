// Labels of statistic periods (YYYY-MM-DD, YYYY-Www, YYYY-MM) in the page locale.
import { localeFor } from '#rules/locale.ts';

export function dayLabel(period: string, country: string, lang: string): string {
  const loc = localeFor(country, lang);
  if (/^\d{4}-\d{2}-\d{2}$/.test(period)) return new Date(`${period}T00:00:00Z`).toLocaleDateString(loc, { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
  if (/^\d{4}-\d{2}$/.test(period)) return new Date(`${period}-01T00:00:00Z`).toLocaleDateString(loc, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  return period.replace('-W', ' / KW ').replace(/^(\d{4}) \/ KW (\d+)$/, '$2/$1');
}

export function dateLabel(iso: string, country: string, lang: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString(localeFor(country, lang));
}

/** YYYY-MM-DD of a date (local calendar day). */
export function isoDay(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
