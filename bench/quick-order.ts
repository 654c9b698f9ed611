// Quick-order benchmark (npm run bench:quick): the server time of one POST /api/schnellbestellung/pruefen
// with 500 lines (issue 11: under 1 s), measured in process on the seeded database (65,000 articles):
// the lines mix plain, prefixed, versioned and lower-case numbers with unknown ones, variant
// parents, request-price and out-of-range articles and bad quantities.
//
//   npm run bench:quick                  20 timed runs after one warm-up (the first builds the catalogue snapshot)
//   BENCH_RUNS=50 npm run bench:quick
import { performance } from 'node:perf_hooks';

async function main(): Promise<void> {
  const runs = Number(process.env.BENCH_RUNS || 20);
  const { bootDatabase } = await import('../server/boot.ts');
  const { createApi } = await import('../server/http/app.ts');
  const db = await bootDatabase();
  const pick = (q: ReturnType<typeof db.selectFrom<'articles'>>, n: number) =>
    q.select('artnr').orderBy('artnr').limit(n).execute().then((r) => r.map((x) => x.artnr));
  const base = db.selectFrom('articles');
  const plain = await pick(base.where('aus_sortiment', '=', 0).where('ist_referenz', '=', 0).where('preis', 'not in', [0.01, 0.02]), 440);
  const parents = await pick(base.where('ist_referenz', '=', 1), 10);
  const onRequest = await pick(base.where('preis', 'in', [0.01, 0.02]), 10);
  const outOfRange = await pick(base.where('aus_sortiment', '=', 1), 10);
  const variants = [(a: string) => a, (a: string) => `K-${a}`, (a: string) => `${a}.2`, (a: string) => ` ${a.toLowerCase()} `, (a: string) => `${a}/01`];
  const lines = [
    ...plain.map((a, i) => ({ artnr: variants[i % variants.length]!(a), menge: String((i % 20) + 1) })),
    ...parents.map((artnr) => ({ artnr })), ...onRequest.map((artnr) => ({ artnr })), ...outOfRange.map((artnr) => ({ artnr })),
    ...Array.from({ length: 20 }, (_, i) => ({ artnr: `ZZ${900000 + i}`, menge: i % 2 ? 'abc' : '1' })),
    ...plain.slice(0, 10).map((artnr) => ({ artnr, menge: '0' })),
  ].slice(0, 500);

  const app = createApi(db);
  const login = await app.request('/api/login', {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Firma: 1, Benutzername: '123456', Kennwort: process.env.BENCH_PASSWORD || 'Demo-Labor-2026', kw: '' }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const body = JSON.stringify({ lines });
  const once = async () => {
    const t0 = performance.now();
    const r = await app.request('/api/schnellbestellung/pruefen?country=de&lang=de', { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body });
    const json = await r.json() as { result: { valid: number; invalid: number; ms: number } };
    return { wall: performance.now() - t0, ...json.result };
  };
  const first = await once();
  console.log(`[bench:quick] ${lines.length} lines: ${first.valid} valid, ${first.invalid} invalid; first call (loads the catalogue snapshot) ${first.wall.toFixed(1)} ms`);
  const walls: number[] = [];
  const handler: number[] = [];
  for (let i = 0; i < runs; i++) { const r = await once(); walls.push(r.wall); handler.push(r.ms); }
  walls.sort((a, b) => a - b); handler.sort((a, b) => a - b);
  const q = (a: number[], p: number) => a[Math.min(a.length - 1, Math.floor(p * a.length))]!.toFixed(1);
  console.log(`[bench:quick] server time per 500-line check over ${runs} runs (request in, JSON out): p50 ${q(walls, 0.5)} ms, p95 ${q(walls, 0.95)} ms, max ${q(walls, 1)} ms`);
  console.log(`[bench:quick] of which the check itself: p50 ${q(handler, 0.5)} ms, max ${q(handler, 1)} ms`);
  await db.destroy();
}

main().catch((e) => { console.error(e); process.exit(1); });
