// Typos and compounds: a query word that finds nothing is made findable (repairWords). Trade words
// of the dictionary win over catalogue words and are never replaced themselves ("Bohrer" must not
// become "bonder"); corrected words are only used when they find something (match.ts).
import { Cache } from '../lib/cache.ts';
import { splitCompound } from './compounds.ts';
import { hasPrefix, termRange, type TermIndex } from './postings.ts';
import { expandQuery, synonyms, type QueryWord } from './synonyms.ts';

/**
 * The dictionary word a mistyped word means (edit distance 1, or 2 from 7 letters on; same first
 * letter), null when none is that close. Typos of trade words are corrected to trade words first.
 */
function nearestDictionaryWord(word: string, dict = synonyms()): string | null {
  if (word.length < 4 || /\d/.test(word)) return null;
  const max = word.length >= 7 ? 2 : 1;
  let best: string | null = null;
  let bestD = max + 1;
  for (const w of dict.words) {
    if (w[0] !== word[0] || Math.abs(w.length - word.length) > max) continue;
    const d = editDistance(word, w, max);
    if (d < bestD) { best = w; bestD = d; }
  }
  return best;
}

/** Levenshtein distance, stopping early above `maxD` (returns maxD + 1 then). */
function editDistance(a: string, b: string, maxD: number): number {
  if (Math.abs(a.length - b.length) > maxD) return maxD + 1;
  let prev = new Array<number>(b.length + 1);
  let cur = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = cur[0];
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (cur[j]! < rowMin) rowMin = cur[j]!;
    }
    if (rowMin > maxD) return maxD + 1;
    [prev, cur] = [cur, prev];
  }
  return prev[b.length]!;
}

const corrections = new WeakMap<TermIndex, Cache<string, string | null>>();

/** Closest indexed word (edit distance ≤ 2, same first two letters), the most frequent on ties; memoised per index. */
function correctToken(ix: TermIndex, token: string): string | null {
  let memo = corrections.get(ix);
  if (!memo) corrections.set(ix, (memo = new Cache({ ttlMs: Infinity, max: 5000 })));
  const hit = memo.get(token);
  if (hit !== undefined) return hit;
  let best: string | null = null;
  if (token.length >= 4 && !/\d/.test(token)) {
    let bestD = 3, bestDoc = -1;
    const [lo, hi] = termRange(ix, token.slice(0, 2), false);
    for (let t = lo; t < hi; t++) {
      const term = ix.terms[t]!;
      if (/\d/.test(term)) continue;
      // the query is a prefix search: compare with the word and with its head of the same length
      const d = Math.min(editDistance(token, term, 2), term.length > token.length ? editDistance(token, term.slice(0, token.length), 2) + 0.5 : 9);
      const docs = ix.start[t + 1]! - ix.start[t]!;
      if (d < bestD || (d === bestD && docs > bestDoc)) { best = term; bestD = d; bestDoc = docs; }
    }
    if (bestD > 2) best = null;
  }
  memo.set(token, best);
  return best;
}

/**
 * Words that find nothing, made findable: a typo of a trade word becomes that word; a compound the
 * catalogue writes apart is split ("kunststoffzähne" → kunststoff zähne), else the closest indexed
 * word replaces it. A trade word of the dictionary is never replaced. null when nothing changed.
 */
export function repairWords(ix: TermIndex, words: readonly QueryWord[]): QueryWord[] | null {
  let changed = false;
  const out: QueryWord[] = [];
  for (const w of words) {
    const single = w.alternatives.length === 1 && w.alternatives[0]!.length === 1;
    if (w.known || !single || hasPrefix(ix, w.alternatives[0]![0]!)) { out.push(w); continue; }
    const trade = nearestDictionaryWord(w.text);
    if (trade) { out.push({ ...expandQuery([trade])[0]!, text: trade }); changed = true; continue; }
    const parts = splitCompound(ix, w.text);
    if (parts) { out.push({ text: parts.join(' '), alternatives: [parts], known: false }); changed = true; continue; }
    const c = correctToken(ix, w.text);
    if (c) { out.push({ text: c, alternatives: [[c]], known: false }); changed = true; continue; }
    out.push(w);
  }
  return changed ? out : null;
}
