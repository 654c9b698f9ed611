// The search documents of the catalogue, one per article: `numbers` holds the article number and its
// prefix-less forms (so normalised input hits); `body` the designations of all languages with their
// compound parts, manufacturer name, manufacturer number and GTIN. The in-memory index (postings.ts)
// is built from them; nothing is stored (the database's full-text tables went with migration 0009).
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { isPostgres } from '../db/dialect.ts';
import { normalizeArtnr } from '#rules/artnr.ts';
import { addCompoundParts } from './compounds.ts';
import { dictionaryWords } from './synonyms.ts';
import { foldText, foldedWords as words } from './text.ts';

/** Article number plus the forms a user may type without prefix: "FH1234" → "FH1234 1234". */
function artnrVariants(artnr: string): string[] {
  const out = new Set<string>([artnr]);
  const norm = normalizeArtnr(artnr);
  if (norm) out.add(norm);
  const bare = artnr.replace(/^[A-Za-z]+-?/, '');
  if (bare && bare !== artnr && /\d/.test(bare)) out.add(bare);
  return [...out];
}

/** An article's folded words: its number forms and its body (each word once). */
export interface SearchDocument { artnr: string; numbers: string[]; body: string[] }

/**
 * One document per article. The body holds each word once (designations of all languages,
 * compound parts, manufacturer, manufacturer number, GTIN): a title that is the same in seven
 * languages must not outrank others by term frequency.
 */
export async function collectDocs(db: Db): Promise<SearchDocument[]> {
  // the designations of all languages arrive concatenated: one row per article
  const agg = isPostgres(db) ? sql<string>`string_agg(t.bezeichnung, ' | ')` : sql<string>`group_concat(t.bezeichnung, ' | ')`;
  const arts = await db.selectFrom('articles as a').innerJoin('manufacturers as m', 'm.id', 'a.hersteller_id')
    .select(['a.artnr', 'a.bezeichnung', 'a.hersteller_artnr', 'a.gtin', 'a.aus_sortiment', 'm.name as hersteller'])
    .select((eb) => eb.selectFrom('article_texts as t').select(agg.as('txt')).whereRef('t.artnr', '=', 'a.artnr').as('txt'))
    .execute();
  // rowids follow a static rank (in range first, shorter designation first): large match sets are
  // returned in rowid order without scoring every match
  arts.sort((a, b) => a.aus_sortiment - b.aus_sortiment || a.bezeichnung.length - b.bezeichnung.length || (a.artnr < b.artnr ? -1 : 1));
  const designations = arts.map((a) => new Set<string>(words(`${a.bezeichnung} | ${a.txt ?? ''}`)));
  // category and group names and the trade's synonym dictionary teach the splitter words that
  // designations only use inside compounds (diamantschleifer → diamant schleifer)
  const names = [
    ...(await db.selectFrom('category_names').select('name').execute()).map((r) => r.name),
    ...(await db.selectFrom('product_group_names').select('bez as name').execute()).map((r) => r.name),
  ];
  // manufacturer names are not compounds: "Zirkonzahn" stays whole although zirkon and zahn are words
  const makers = new Set((await db.selectFrom('manufacturers').select('name').execute()).flatMap((m) => words(m.name)));
  addCompoundParts(designations, [...names.flatMap((n) => words(n)), ...dictionaryWords()], makers);
  return arts.map((a, k) => {
    const set = designations[k]!;
    for (const w of words(a.hersteller)) set.add(w);
    if (a.hersteller_artnr) {
      for (const w of words(a.hersteller_artnr)) set.add(w);
      const compact = foldText(a.hersteller_artnr).replace(/[^\p{L}\p{N}]/gu, '');
      if (compact) set.add(compact);
    }
    if (a.gtin) for (const w of words(a.gtin)) set.add(w);
    return { artnr: a.artnr, numbers: words(artnrVariants(a.artnr).join(' ')), body: [...set] };
  });
}
