// Resolution rules of src/content/README.md for entries held in memory (the build's collections):
// filter by language / country / firma ("*" = any), the most specific entry of an identity wins
// (country exact 2 points, firma exact 1), sort by sort / sort_id; a language without entries for
// the brand falls back to en, then de; a language the brand does not offer (nl/pl for isLS, hu, cs)
// starts at en. Same semantics as the content calls of the API server (tests/unit/site-content.test.ts).
import { supportedLanguages } from '../rules/locale.ts';
export type Entry = Record<string, unknown> & { id?: string | number; country?: string; language?: string; firma?: number | null };

export interface ContentQuery { country: string; language: string; firma: number }

const hasFirma = (x: Entry) => x.firma !== undefined && x.firma !== null;
const firmaOk = (x: Entry, firma: number) => !hasFirma(x) || Number(x.firma) === firma;
const sortKey = (x: Entry) => Number(x.sort ?? x.sort_id ?? 0);

function dedupe(entries: Entry[], identity: readonly string[], country: string, firma: number): Entry[] {
  const best = new Map<string, { e: Entry; score: number; i: number }>();
  entries.forEach((e, i) => {
    const key = JSON.stringify(identity.map((f) => e[f] ?? null));
    const score = (e.country === country ? 2 : 0) + (hasFirma(e) && Number(e.firma) === firma ? 1 : 0);
    const cur = best.get(key);
    if (!cur || score > cur.score) best.set(key, { e, score, i: cur?.i ?? i });
  });
  return [...best.values()].sort((a, b) => a.i - b.i).map((v) => v.e);
}

export function resolveEntries(all: readonly Entry[], identity: readonly string[], q: ContentQuery): Entry[] {
  const country = q.country.toLowerCase();
  const countryOk = (x: Entry) => x.country === country || x.country === '*';
  const wanted = q.language.toLowerCase();
  const order = [...new Set([...(supportedLanguages(q.firma).includes(wanted) ? [wanted] : []), 'en', 'de'])];
  const pick = (langs: string[]) => all.filter((x) => countryOk(x) && langs.includes(String(x.language)) && firmaOk(x, q.firma));
  for (const lang of order) {
    const entries = pick([lang, '*']);
    const hasLanguage = entries.some((x) => x.language === lang) || (lang === order[order.length - 1] && entries.length > 0);
    if (!hasLanguage) continue;
    return dedupe(entries, identity, country, q.firma).sort((a, b) => sortKey(a) - sortKey(b));
  }
  return dedupe(pick(['*']), identity, country, q.firma).sort((a, b) => sortKey(a) - sortKey(b));
}
