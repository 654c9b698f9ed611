// Autocomplete words: the words of the designations in a language (and the manufacturer names),
// folded for lookup, shown in their most frequent spelling; loaded once per snapshot and language.
import type { Db } from '../db/index.ts';
import type { Snapshot } from './snapshot.ts';
import { foldText, lowerBound } from './text.ts';

export interface WordList { keys: string[]; display: string[]; count: number[] }

async function wordList(db: Db, s: Snapshot, lang: string): Promise<WordList> {
  const hit = s.words.get(lang);
  if (hit) return hit;
  const rows = await db.selectFrom('articles as a')
    .leftJoin('article_texts as t', (j) => j.onRef('t.artnr', '=', 'a.artnr').on('t.lang', '=', lang))
    .innerJoin('manufacturers as m', 'm.id', 'a.hersteller_id')
    .select(['a.bezeichnung', 't.bezeichnung as bez_lang', 'm.name']).execute();
  // folded word → spelling counts (the most frequent spelling is shown)
  const words = new Map<string, Map<string, number>>();
  const add = (w: string) => {
    if (w.length < 3 || /\d/.test(w)) return;
    const k = foldText(w);
    let m = words.get(k);
    if (!m) words.set(k, (m = new Map()));
    m.set(w, (m.get(w) ?? 0) + 1);
  };
  for (const r of rows) {
    for (const w of (r.bez_lang ?? r.bezeichnung).match(/[\p{L}\p{N}][\p{L}\p{N}.\-]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu) ?? []) {
      add(w);
      // parts of hyphenated words: Kunststoff-Zähne also completes "zäh"
      if (w.includes('-')) for (const part of w.split('-')) add(part);
    }
    add(r.name);
  }
  const keys = [...words.keys()].sort();
  const list: WordList = { keys, display: [], count: [] };
  for (const k of keys) {
    let best = '', bestN = 0, total = 0;
    for (const [w, n] of words.get(k)!) { total += n; if (n > bestN) { best = w; bestN = n; } }
    list.display.push(best);
    list.count.push(total);
  }
  s.words.set(lang, list);
  return list;
}

/** Autocomplete words of the designations in a language that start with the (folded) prefix, most frequent first. */
export async function wordsWithPrefix(db: Db, s: Snapshot, lang: string, prefix: string, limit: number): Promise<string[]> {
  const list = await wordList(db, s, lang);
  const p = foldText(prefix);
  const found: number[] = [];
  for (let i = lowerBound(list.keys, p); i < list.keys.length && list.keys[i]!.startsWith(p); i++) found.push(i);
  return found.sort((a, b) => list.count[b]! - list.count[a]! || a - b).slice(0, limit).map((i) => list.display[i]!);
}
