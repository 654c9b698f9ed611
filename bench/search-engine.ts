// Server-side search timings without HTTP (npm run bench:search-engine): the search the API runs
// (runSearch: match set, page of list items, category chips) called directly on the seeded
// catalogue, each query unique (a punctuation suffix the tokenizer ignores: same answers, no cached
// match set). Prints the index build time and size, then p50/p95/p99 per query class of the
// relevance set and for frequent designation words; less noisy than the HTTP benchmark on a shared machine.
//
//   npm run bench:search-engine          BENCH_QUERIES=20000 per class (default 2000)
import { performance } from 'node:perf_hooks';
import { STATIC_CASES, codeCases, type RelevanceCase } from '../tests/api/search-relevance.cases.ts';
import { fmt } from './lib/load.ts';

const { bootDatabase } = await import('../server/boot.ts');
const { runSearch } = await import('../server/modules/search.ts');
const { engine } = await import('../server/search/engine.ts');
const { memoryBytes } = await import('../server/search/postings.ts');

const PER_CLASS = Number(process.env.BENCH_QUERIES || 2000);
const db = await bootDatabase({ quiet: true });

const heap0 = process.memoryUsage().heapUsed;
const t = performance.now();
const e = engine(db);
const [, ix] = await Promise.all([e.snap, e.index]);
const buildMs = performance.now() - t;
globalThis.gc?.();
console.log(`[bench] index: ${ix.n} documents, ${ix.terms.length} words, ${ix.docs.length} postings, ~${fmt(memoryBytes(ix) / 2 ** 20)} MB (typed arrays + strings); snapshot + index loaded in ${fmt(buildMs / 1000, 1)} s; heap +${fmt((process.memoryUsage().heapUsed - heap0) / 2 ** 20)} MB${globalThis.gc ? '' : ' (run with --expose-gc for a settled figure)'}`);

/** n-th punctuation suffix: unique per query, ignored by the tokenizer */
function bust(n: number): string {
  const marks = '-._~!*()';
  let out = '';
  do { out += marks[n % marks.length]; n = Math.floor(n / marks.length); } while (n > 0);
  return ` ${out}`;
}

const sample = await db.selectFrom('articles').select('bezeichnung').where('aus_sortiment', '=', 0).where('parent_artnr', 'is', null).execute();
const count = new Map<string, number>();
for (const r of sample) for (const w of r.bezeichnung.split(/[^\p{L}\p{N}]+/u)) if (w.length >= 4 && !/\d/.test(w)) count.set(w, (count.get(w) ?? 0) + 1);
const frequent = [...count].sort((a, b) => b[1] - a[1]).slice(0, 60).map(([w]) => w);
const cases: RelevanceCase[] = [...STATIC_CASES, ...(await codeCases(db))];
const classes = new Map<string, string[]>([['frequent words', frequent]]);
for (const c of cases) classes.set(c.kind, [...(classes.get(c.kind) ?? []), c.q]);

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const rows: string[][] = [];
const all: number[] = [];
let salt = 0;
let cpuTotal = 0;
// warm-up: JIT, list items of the first pages, category names
for (const q of frequent.slice(0, 20)) await runSearch(db, { term: q, page: 1, limit: 10, lang: 'de', country: 'de', kdnr: null, chips: 4 });
for (const [kind, qs] of classes) {
  const times: number[] = [];
  const cpu0 = process.cpuUsage();
  for (let k = 0; k < PER_CLASS; k++) {
    // codes change their answer with a suffix: repeated as typed (their match set is cached after the first)
    const q = kind === 'code' ? qs[k % qs.length]! : qs[k % qs.length]! + bust(salt++);
    const t0 = performance.now();
    await runSearch(db, { term: q, page: 1, limit: 10, lang: 'de', country: 'de', kdnr: null, chips: 4 });
    times.push(performance.now() - t0);
  }
  const cpu = process.cpuUsage(cpu0);
  times.sort((a, b) => a - b);
  all.push(...times);
  rows.push([kind, String(qs.length), String(times.length), fmt(pct(times, 50), 3), fmt(pct(times, 95), 3), fmt(pct(times, 99), 3), fmt(times[times.length - 1]!, 2), fmt((cpu.user + cpu.system) / 1000 / times.length, 3)]);
  cpuTotal += cpu.user + cpu.system;
}
all.sort((a, b) => a - b);
rows.push(['all', '', String(all.length), fmt(pct(all, 50), 3), fmt(pct(all, 95), 3), fmt(pct(all, 99), 3), fmt(all[all.length - 1]!, 2), fmt(cpuTotal / 1000 / all.length, 3)]);
const head = ['class', 'terms', 'queries', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'CPU ms/query'];
const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (c: string[]) => c.map((x, i) => (i === 0 ? x.padEnd(w[i]!) : x.padStart(w[i]!))).join('  ');
console.log(`\nSearch service time (runSearch, unique queries, first page of 10 with chips), node ${process.version}`);
console.log('p50/p95/p99: wall time per query (includes waiting for the CPU on a shared machine); CPU ms/query: process CPU (GC included) over the class\n');
console.log(line(head));
console.log(w.map((n) => '-'.repeat(n)).join('  '));
for (const r of rows) console.log(line(r));
await db.destroy();
process.exit(0);
