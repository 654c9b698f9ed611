// German compounds, both sides of the index. Indexing: "Frontzahngarnitur" is also found by "zahn" and
// "garnitur" (addCompoundParts). Querying: a compound the catalogue writes apart, "kunststoffzähne",
// is split into an indexed word and an indexed prefix (splitCompound).
import { hasPrefix, docCount, type TermIndex } from './postings.ts';

/**
 * German compounds: "Frontzahngarnitur" should be found by "zahn" and "garnitur". A designation word
 * of 8+ letters is split into a tail of known words (words of the catalogue, of category and group
 * names, and their stems without plural endings; each 4+ letters, optionally after a linking s) and
 * a head of 4+ letters that may be unknown (frontzahngarnitur → front, zahn, garnitur); the parts
 * are added to the document. Words in `whole` (manufacturer names) are never split.
 */
export function addCompoundParts(docs: Set<string>[], extraWords: Iterable<string> = [], whole: ReadonlySet<string> = new Set()): void {
  const vocab = new Set<string>();
  const learn = (w: string) => {
    if (w.length < 4 || /\d/.test(w)) return;
    vocab.add(w);
    // plural and inflection endings: Zähne → zahn, Garnituren → garnitur
    for (const end of ['en', 'er', 'e', 'n', 's']) if (w.endsWith(end) && w.length - end.length >= 4) vocab.add(w.slice(0, -end.length));
  };
  for (const d of docs) for (const w of d) learn(w);
  for (const w of extraWords) learn(w);
  const known = new Map<string, string[] | null>();
  /** w as a sequence of known words, longest first word first */
  const knownSplit = (w: string): string[] | null => {
    const hit = known.get(w);
    if (hit !== undefined) return hit;
    let best: string[] | null = vocab.has(w) ? [w] : null;
    for (let i = w.length - 4; i >= 4 && !best; i--) {
      const head = w.slice(0, i);
      if (!vocab.has(head)) continue;
      const tail = knownSplit(w.slice(i)) ?? (w[i] === 's' && head[head.length - 1] !== 's' ? knownSplit(w.slice(i + 1)) : null);
      if (tail) best = [head, ...tail];
    }
    known.set(w, best);
    return best;
  };
  const memo = new Map<string, string[] | null>();
  const split = (w: string): string[] | null => {
    const hit = memo.get(w);
    if (hit !== undefined) return hit;
    let best: string[] | null = null;
    // longest decomposable tail first; the head is known, decomposable, or just 4+ letters
    for (let i = 4; i <= w.length - 4 && !best; i++) {
      const head = w.slice(0, i);
      const linked = w[i] === 's' && head[i - 1] !== 's' && w.length - i - 1 >= 4;
      const tail = knownSplit(w.slice(i)) ?? (linked ? knownSplit(w.slice(i + 1)) : null);
      if (!tail) continue;
      const headParts = knownSplit(head);
      // an unknown head only before a tail of 5+ letters ("kontrast" stays whole)
      if (!headParts && w.length - i < 5) continue;
      best = [...(headParts ?? [head]), ...tail];
    }
    memo.set(w, best);
    return best;
  };
  for (const d of docs) {
    const extra: string[] = [];
    for (const w of d) if (w.length >= 8 && !/\d/.test(w) && !whole.has(w)) { const parts = split(w); if (parts) extra.push(...parts); }
    for (const p of extra) d.add(p);
  }
}

/** Splits a query word into an indexed word and an indexed prefix (longest head first), e.g. kunststoffzahne. */
export function splitCompound(ix: TermIndex, token: string): string[] | null {
  if (token.length < 7 || /\d/.test(token)) return null;
  for (let i = token.length - 3; i >= 3; i--) {
    const head = token.slice(0, i);
    if (docCount(ix, head) === 0) continue;
    for (const rest of [token.slice(i), token[i] === 's' ? token.slice(i + 1) : '']) {
      if (rest.length >= 3 && hasPrefix(ix, rest)) return [head, rest];
    }
  }
  return null;
}
