// A count beside a filter value, category or list ("Kulzer 3.145", "15 092" in French).
import { formatCount } from '#rules/locale.ts';

export function Count({ n, lang }: { n: number; lang: string }) {
  return <span className="sh-count">{formatCount(n, lang)}</span>;
}
