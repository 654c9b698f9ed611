// The trade's synonym dictionary (server/search/synonyms/*.json, one file per language, editable):
// groups of equivalent terms (Bohrer = Fräser = Schleifer = Bur; ZrO2 = Zirkonoxid; Kunststoffzähne =
// Prothesenzähne = Garnitur …). A search word found in a group matches every term of the group;
// groups that share a term, also across files, are merged. Words are compared folded (case,
// diacritics, umlauts) and without plural endings (stem), the same way the query words are.
import fs from 'node:fs';
import path from 'node:path';
import { foldText } from './text.ts';

const SYNONYM_DIR = path.resolve(import.meta.dirname, 'synonyms');

const WORD_RE = /[\p{L}\p{N}]+/gu;

/**
 * Plural and inflection endings of a folded word, so the prefix search finds both forms:
 * zahne → zahn, garnituren → garnitur, frasern → fraser, tanks → tank. Only endings that are
 * inflections (-e after a consonant, -n after e/r/l, -en, -s after a non-s) and a stem of 4+ letters;
 * words with digits (article numbers, ZrO2) stay whole. The stem is a prefix of the word, so
 * searching it never loses a match of the word.
 */
export function stem(word: string): string {
  if (word.length < 5 || /\d/.test(word)) return word;
  const cut = (n: number) => (word.length - n >= 4 ? word.slice(0, -n) : word);
  if (word.endsWith('en')) return cut(2);
  if (/[rl]n$/.test(word)) return cut(1);
  if (/[^aeiouy]e$/.test(word)) return cut(1);
  if (/[^s]s$/.test(word)) return cut(1);
  return word;
}

/** Folded, stemmed words of a phrase. */
function phraseWords(phrase: string): string[] {
  return (foldText(phrase).match(WORD_RE) ?? []).map(stem);
}

export interface SynonymDictionary {
  /** phrase (stemmed words joined by a space) → the alternatives of its group, each a word list */
  byPhrase: Map<string, string[][]>;
  /** longest phrase in words */
  maxWords: number;
  /** every word of the dictionary, folded but not stemmed */
  words: string[];
}

/** Builds the dictionary from groups of phrases, merging groups that share a phrase. */
export function buildDictionary(groups: readonly (readonly string[])[]): SynonymDictionary {
  const words = new Set(groups.flatMap((g) => g.flatMap((p) => foldText(p).match(WORD_RE) ?? [])));
  const parent = new Map<string, string>();
  const find = (k: string): string => {
    let r = k;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(k, r);
    return r;
  };
  for (const g of groups) {
    const keys = g.map((p) => phraseWords(p).join(' ')).filter(Boolean);
    for (const k of keys) if (!parent.has(k)) parent.set(k, k);
    for (const k of keys.slice(1)) parent.set(find(k), find(keys[0]!));
  }
  const members = new Map<string, string[]>();
  for (const k of parent.keys()) {
    const root = find(k);
    members.set(root, [...(members.get(root) ?? []), k]);
  }
  const byPhrase = new Map<string, string[][]>();
  let maxWords = 1;
  for (const list of members.values()) {
    const alts = list.map((k) => k.split(' '));
    for (const k of list) {
      byPhrase.set(k, alts);
      maxWords = Math.max(maxWords, k.split(' ').length);
    }
  }
  return { byPhrase, maxWords, words: [...words] };
}

/** The groups of every dictionary file; a file that does not parse is reported and skipped. */
function readSynonymFiles(dir = SYNONYM_DIR): string[][] {
  const groups: string[][] = [];
  let files: string[] = [];
  try { files = fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort(); } catch { return groups; }
  for (const f of files) {
    try {
      const data = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { groups?: unknown };
      if (!Array.isArray(data.groups)) throw new Error('no "groups" list');
      for (const g of data.groups) {
        if (!Array.isArray(g) || !g.every((x) => typeof x === 'string')) throw new Error(`not a list of words: ${JSON.stringify(g)}`);
        groups.push(g as string[]);
      }
    } catch (e) {
      console.error(`[search] synonyms ${f} skipped: ${(e as Error).message}`);
    }
  }
  return groups;
}

let loaded: SynonymDictionary | null = null;

/** The dictionary of the synonym files (read once per process). */
export function synonyms(): SynonymDictionary {
  return (loaded ??= buildDictionary(readSynonymFiles()));
}

/** Every word of the dictionary (the index's compound splitter learns them: diamantschleifer → diamant schleifer). */
export function dictionaryWords(dict = synonyms()): string[] {
  return dict.words;
}

/** One word (or dictionary phrase) of a query: it matches when one of its alternatives matches (all words of it). */
export interface QueryWord {
  /** the query word(s) as typed, folded */
  text: string;
  alternatives: string[][];
  /** a trade word of the dictionary: never "corrected" into another word */
  known: boolean;
}

/**
 * The query's words with their alternatives: the longest dictionary phrase at each position
 * brings its group; any other word stands for its stem.
 */
export function expandQuery(tokens: readonly string[], dict = synonyms()): QueryWord[] {
  const out: QueryWord[] = [];
  const stems = tokens.map(stem);
  for (let i = 0; i < tokens.length;) {
    let n = Math.min(dict.maxWords, tokens.length - i);
    for (; n >= 1; n--) {
      const alts = dict.byPhrase.get(stems.slice(i, i + n).join(' '));
      if (alts) { out.push({ text: tokens.slice(i, i + n).join(' '), alternatives: alts, known: true }); break; }
    }
    if (n >= 1) { i += n; continue; }
    out.push({ text: tokens[i]!, alternatives: [[stems[i]!]], known: false });
    i++;
  }
  return out;
}

/** The words as typed (folded, not stemmed, no synonyms): what they find ranks first. */
export function literalQuery(words: readonly QueryWord[]): QueryWord[] {
  return words.map((w) => ({ ...w, alternatives: [w.text.split(' ')] }));
}

/** True when the query searches more than its words as typed (a stem or synonyms). */
export function isWidened(words: readonly QueryWord[]): boolean {
  return words.some((w) => w.alternatives.length > 1 || w.alternatives[0]!.join(' ') !== w.text);
}
