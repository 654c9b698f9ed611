// Article designations in a language, for lists that show articles by number (storage, logbook, documents, orders).
import type { Db, Tx } from '../db/index.ts';

/** Article designations in the interface language (falls back to the base text). */
export async function designations(db: Db | Tx, artnrs: readonly (string | null)[], lang: string): Promise<Map<string, string>> {
  const list = [...new Set(artnrs.filter((a): a is string => !!a))];
  const out = new Map<string, string>();
  for (let i = 0; i < list.length; i += 500) {
    const chunk = list.slice(i, i + 500);
    const rows = await db.selectFrom('articles as a')
      .leftJoin('article_texts as t', (j) => j.onRef('t.artnr', '=', 'a.artnr').on('t.lang', '=', lang))
      .select(['a.artnr', 'a.bezeichnung', 't.bezeichnung as bez_lang']).where('a.artnr', 'in', chunk).execute();
    for (const r of rows) out.set(r.artnr, r.bez_lang || r.bezeichnung);
  }
  return out;
}
