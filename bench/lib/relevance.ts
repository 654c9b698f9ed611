// The search relevance score shared by the benchmarks (npm run bench, bench:shop, bench:site): every
// query of the relevance set (tests/api/search-relevance.cases.ts, the code queries built for the
// catalogue at hand) asked of a running server as a guest, its first 10 results judged as the test
// (tests/api/search-relevance.test.ts) judges them.
import type { Db } from '../../server/db/index.ts';
import { STATIC_CASES, codeCases, judge, type CaseResult, type RelevanceCase } from '../../tests/api/search-relevance.cases.ts';
import { fmt } from './load.ts';

/** The set's queries and the category of every article (what the judge compares with). */
export interface RelevanceSet { cases: RelevanceCase[]; katOf: Map<string, number> }

/** Read from the database the server answers from (before the server starts, if the bench closes it). */
export async function relevanceSet(db: Db): Promise<RelevanceSet> {
  const katOf = new Map((await db.selectFrom('articles').select(['artnr', 'kat_id']).execute()).map((r) => [r.artnr, r.kat_id]));
  return { cases: [...STATIC_CASES, ...(await codeCases(db))], katOf };
}

/** Every query of the set as a guest's search (no customer prices), one after the other. */
export async function judgeRelevance(base: string, set: RelevanceSet): Promise<CaseResult[]> {
  const out: CaseResult[] = [];
  for (const c of set.cases) {
    const r = await fetch(`${base}/api/suche/de?q=${encodeURIComponent(c.q)}&nocustomprice=1&offset=0&limit=10`);
    // a failed answer is a missed query, not the end of a benchmark that has measured everything else
    if (!r.ok) { out.push({ c, ok: false, top: [], why: `HTTP ${r.status}` }); continue; }
    const body = await r.json() as { result: { items: { Artikelnummer: string }[] } };
    out.push(judge(c, body.result.items.map((i) => ({ artnr: i.Artikelnummer, kat: set.katOf.get(i.Artikelnummer) ?? -1 }))));
  }
  return out;
}

/** The score line (on how large a catalogue: a small one has fewer articles per category) and the queries that missed. */
export function printRelevance(results: CaseResult[], articles: number): void {
  if (!results.length) return;
  const passed = results.filter((r) => r.ok).length;
  console.log(`\nSearch relevance set (tests/api/search-relevance.cases.ts), ${articles} articles: ${passed}/${results.length} queries with the expected articles in the first 10 (${fmt((100 * passed) / results.length, 0)} %)`);
  for (const r of results.filter((x) => !x.ok)) console.log(`  missed: ${r.c.q} (${r.why})`);
}

/**
 * For a bench that started the server and holds no database: reads the set from the server's database
 * (`file`: its SQLite file when not the configured one) and asks the server.
 */
export async function relevanceOf(base: string, dbOpts: { file?: string } = {}): Promise<{ results: CaseResult[]; articles: number }> {
  // imported here: the server's config and database layer only load when the score is asked for
  const { bootDatabase } = await import('../../server/boot.ts');
  const db = await bootDatabase({ ...dbOpts, quiet: true });
  let set: RelevanceSet;
  try { set = await relevanceSet(db); } finally { await db.destroy(); }
  return { results: await judgeRelevance(base, set), articles: set.katOf.size };
}
