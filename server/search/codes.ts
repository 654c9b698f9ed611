// Article numbers and product codes in a query: the article a typed number names (as typed,
// upper-cased, normalised: section 5), article-number prefixes for the quick order, and GTIN /
// GS1 / HIBC codes resolved to their article (scan-codes.ts, shared with the logbook's scanner).
import type { Db } from '../db/index.ts';
import { normalizeArtnr } from '#rules/artnr.ts';
import { articlesByCode } from '../lib/scan-codes.ts';
import type { Snapshot } from './snapshot.ts';
import { looksLikeArtnr, lowerBound } from './text.ts';

/** A typed article number as typed, upper-cased, normalised (section 5) and normalised upper-cased. */
export function artnrForms(term: string): string[] {
  const t = term.trim();
  const n = normalizeArtnr(t);
  return [...new Set([t, t.toUpperCase(), n, n.toUpperCase()])].filter((x) => x.length > 0);
}

/**
 * The catalogue article numbers a typed or scanned term names (section 5 quick suggestion).
 * One hit = the article; none or several = no unique answer.
 */
export function artnrMatches(s: Snapshot, term: string): string[] {
  return artnrForms(term).filter((c) => s.idxOf.has(c));
}

/** Article numbers the term names exactly, when it looks like one. */
export function exactCandidates(term: string): string[] {
  return looksLikeArtnr(term.trim()) ? artnrForms(term) : [];
}

// code-unit order of the article numbers (the database's order depends on its collation)
const sortedArtnrs = new WeakMap<Snapshot, string[]>();

/** Up to `max` article numbers starting with `prefix`, in code-unit order. */
export function artnrsWithPrefix(s: Snapshot, prefix: string, max: number): string[] {
  if (!prefix) return [];
  let a = sortedArtnrs.get(s);
  if (!a) sortedArtnrs.set(s, (a = [...s.artnr].sort()));
  const out: string[] = [];
  for (let i = lowerBound(a, prefix); i < a.length && out.length < max && a[i]!.startsWith(prefix); i++) out.push(a[i]!);
  return out;
}

/** Snapshot indices of the articles the term names: article numbers first, then product codes (no SQL for plain words). */
export async function exactArticles(db: Db, s: Snapshot, term: string): Promise<number[]> {
  const out: number[] = [];
  const add = (artnr: string) => { const i = s.idxOf.get(artnr); if (i !== undefined && !out.includes(i)) out.push(i); };
  for (const c of exactCandidates(term)) add(c);
  for (const a of await articlesByCode(db, term)) add(a);
  return out;
}
