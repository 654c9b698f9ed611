// Query parsing and normalisation: the one folding of text that both the index and the queries use,
// so a word matches whatever its case, accents or ß/ss.

/** words of a query beyond this are ignored (each costs an intersection) */
const MAX_TOKENS = 8;

const WORD_RE = /[\p{L}\p{N}]+/gu;

/** Lower-case, diacritics removed, ß → ss. */
export function foldText(s: string): string {
  // ASCII needs no decomposition (most designations, all numbers)
  if (!/[^\x00-\x7f]/.test(s)) return s.toLowerCase();
  return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/ß/g, 'ss').toLowerCase();
}

/** Folded words (letters and digits) of a text. */
export function foldedWords(s: string): string[] {
  return foldText(s).match(WORD_RE) ?? [];
}

/** The words of a query (at most MAX_TOKENS). */
export function tokenize(term: string): string[] {
  return foldedWords(term).slice(0, MAX_TOKENS);
}

/** A single word with a digit: treat as (possibly prefixed or versioned) article number. */
export function looksLikeArtnr(term: string): boolean {
  const t = term.trim();
  return t.length > 0 && t.length <= 40 && !/\s/.test(t) && /\d/.test(t);
}

/** Index of the first string >= t in an ascending (code-unit order) list. */
export function lowerBound(sorted: readonly string[], t: string): number {
  let lo = 0, hi = sorted.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (sorted[mid]! < t) lo = mid + 1; else hi = mid; }
  return lo;
}
