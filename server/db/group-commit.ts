// Group commit for hot writes (cart add): the jobs that arrive while the previous batch is still
// committing run together in one transaction, so many concurrent requests cost one commit (one WAL
// flush) instead of one each. Every job answers only after the commit, with its own answer or error:
//  - a job refuses itself by throwing from `writes` or `answer` (e.g. error_artnr, error_menge); its
//    writes must then have changed nothing (a conditional upsert that matched no row);
//  - a statement that fails in the database (constraint, deadlock, …) would take the whole transaction
//    with it (PostgreSQL aborts it), so the batch is rolled back and every job runs again on its own:
//    only the failing job gets the error.
// On PostgreSQL a batch goes over a pipelined connection (server/db/postgres.ts): all reads (if any) in one round
// trip, then BEGIN, all writes (jobs of one `merge` kind as one statement), the shared reads after them and COMMIT
// in a second one. On SQLite the batch is one Kysely transaction.
import type { CompiledQuery, Kysely } from 'kysely';
import type pgTypes from 'pg';
import { pipelinedPool } from './postgres.ts';

export interface WriteJob<T> {
  /** batches run their jobs in this order, so two batches lock rows in the same order (no deadlock) */
  order: readonly [number, string];
  /** statements before the writes (e.g. reading the article) */
  reads: readonly CompiledQuery[];
  /** the writes, given the reads' rows; throwing refuses the job */
  writes: (reads: unknown[][]) => readonly CompiledQuery[];
  /**
   * A read after the writes of the whole batch, run once for all jobs that name the same key (a customer's line
   * count: one count per customer and batch instead of one per add, so a busier moment costs less per add).
   */
  after?: { key: string; query: CompiledQuery };
  /** the answer, given the writes' rows and the `after` read's rows; throwing refuses the job (its writes changed nothing) */
  answer: (writes: unknown[][], after: unknown[]) => T;
  /**
   * PostgreSQL: the jobs of a batch that name the same `kind` write with one statement, `statement(every job's args)`,
   * instead of one statement each (its writes, which must then be a single statement): a busy moment's ten adds cost
   * the database one statement. The statement answers rows carrying `n`, the 1-based position of the job's args; a job
   * gets its own rows as if its writes had answered them. A job whose `key` is already in the statement (the same
   * cart line added twice in one batch) runs its own writes after it.
   */
  merge?: { kind: string; key: string; args: readonly unknown[]; statement: (args: readonly (readonly unknown[])[]) => CompiledQuery };
}

type Outcome = { ok: true; v: unknown } | { ok: false; e: unknown };
type Queued = { job: WriteJob<unknown>; resolve: (v: any) => void; reject: (e: unknown) => void };

/** A statement failed in the database (not a refusal of the job): the batch is retried job by job. */
class StatementFailed extends Error {
  constructor(cause: unknown) { super('statement failed', { cause }); }
}

const byOrder = (x: Queued, y: Queued) => x.job.order[0] - y.job.order[0]
  || (x.job.order[1] < y.job.order[1] ? -1 : x.job.order[1] > y.job.order[1] ? 1 : 0);

function refusal(f: () => unknown): Outcome {
  try { return { ok: true, v: f() }; } catch (e) { return { ok: false, e }; }
}

// ---- one job on a Kysely executor (SQLite, or inside a caller's transaction on either engine) ----

/** Runs one job's statements in order on `exec` (a transaction the caller holds); refusals throw. */
export async function runJob<T>(exec: Kysely<any>, job: WriteJob<T>): Promise<T> {
  const reads: unknown[][] = [];
  for (const q of job.reads) reads.push((await exec.executeQuery(q)).rows as unknown[]);
  const written: unknown[][] = [];
  for (const q of job.writes(reads)) written.push((await exec.executeQuery(q)).rows as unknown[]);
  return job.answer(written, job.after ? (await exec.executeQuery(job.after.query)).rows as unknown[] : []);
}

/** The distinct `after` reads of the jobs that wrote, once per key. */
function afterReads(jobs: readonly Queued[], wrote: (i: number) => boolean): Map<string, CompiledQuery> {
  const m = new Map<string, CompiledQuery>();
  jobs.forEach(({ job }, i) => { if (job.after && wrote(i) && !m.has(job.after.key)) m.set(job.after.key, job.after.query); });
  return m;
}

async function kyselyBatch(db: Kysely<any>, jobs: Queued[]): Promise<Outcome[]> {
  const out: Outcome[] = [];
  await db.transaction().execute(async (tx) => {
    const written: (unknown[][] | null)[] = [];
    const after = new Map<string, unknown[]>();
    try {
      for (const [i, { job }] of jobs.entries()) {
        const reads: unknown[][] = [];
        for (const q of job.reads) reads.push((await tx.executeQuery(q)).rows as unknown[]);
        const w = refusal(() => job.writes(reads));
        written[i] = null;
        if (!w.ok) { out[i] = w; continue; }
        const rows: unknown[][] = [];
        for (const q of w.v as CompiledQuery[]) rows.push((await tx.executeQuery(q)).rows as unknown[]);
        written[i] = rows;
      }
      for (const [key, q] of afterReads(jobs, (i) => written[i] !== null)) after.set(key, (await tx.executeQuery(q)).rows as unknown[]);
    } catch (e) {
      throw new StatementFailed(e);
    }
    jobs.forEach(({ job }, i) => {
      const rows = written[i];
      if (rows) out[i] = refusal(() => job.answer(rows, job.after ? after.get(job.after.key)! : []));
    });
  });
  return out;
}

// ---- a batch over a pipelined PostgreSQL connection: one round trip (two when the jobs read first) ----

type Settled = PromiseSettledResult<unknown[]>[];

/**
 * Sends the merged statement of every `merge` kind with at least two jobs (a key once per statement) and answers,
 * per merged job, its share of the rows; the other jobs send their own writes.
 */
function sendMerged(jobs: readonly Queued[], plans: readonly (readonly CompiledQuery[] | null)[], send: (q: CompiledQuery) => Promise<unknown[]>): Map<number, Promise<Settled>> {
  const kinds = new Map<string, { members: number[]; keys: Set<string> }>();
  plans.forEach((p, i) => {
    const m = jobs[i]!.job.merge;
    if (!p || !m) return;
    let k = kinds.get(m.kind);
    if (!k) kinds.set(m.kind, (k = { members: [], keys: new Set() }));
    if (k.keys.has(m.key)) return;
    k.keys.add(m.key);
    k.members.push(i);
  });
  const shares = new Map<number, Promise<Settled>>();
  for (const { members } of kinds.values()) {
    if (members.length < 2) continue;
    const { statement } = jobs[members[0]!]!.job.merge!;
    // the rows by job, grouped once
    const byJob = send(statement(members.map((i) => jobs[i]!.job.merge!.args))).then((rs) => {
      const out = members.map((): unknown[] => []);
      for (const r of rs as { n: number }[]) out[r.n - 1]?.push(r);
      return out;
    });
    members.forEach((i, k) => shares.set(i, Promise.allSettled([byJob.then((b) => b[k]!)])));
  }
  return shares;
}

async function pipelinedBatch(client: pgTypes.PoolClient, jobs: Queued[], durability: Durability): Promise<Outcome[]> {
  const send = (q: CompiledQuery) => client.query(q.sql, q.parameters as unknown[]).then((r) => r.rows as unknown[]);
  const settle = <V>(ps: Promise<V>[]) => Promise.allSettled(ps);
  // 1. every job's reads, sent together
  const reads = await Promise.all(jobs.map(({ job }) => settle(job.reads.map(send))));
  const out: Outcome[] = [];
  const plans: (readonly CompiledQuery[] | null)[] = jobs.map(({ job }, i) => {
    const failed = reads[i]!.find((r) => r.status === 'rejected');
    if (failed) { out[i] = { ok: false, e: failed.reason }; return null; }
    const w = refusal(() => job.writes(reads[i]!.map((r) => (r as PromiseFulfilledResult<unknown[]>).value)));
    if (!w.ok) { out[i] = w; return null; }
    return w.v as CompiledQuery[];
  });
  if (plans.every((p) => p === null)) return out;
  // 2. BEGIN, every job's writes, the shared reads after them, COMMIT, sent together; a failed statement turns
  // the COMMIT into ROLLBACK
  const begin = client.query(durability === 'flush' ? 'BEGIN' : 'BEGIN; SET LOCAL synchronous_commit = off');
  const merged = sendMerged(jobs, plans, send);
  const writes = plans.map((p, i) => (p ? merged.get(i) ?? settle(p.map(send)) : null));
  const afterKeys = [...afterReads(jobs, (i) => plans[i] !== null)];
  const after = settle(afterKeys.map(([, q]) => send(q)));
  const commit = client.query('COMMIT');
  const [, results, afterResults, done] = await Promise.all([begin, Promise.all(writes), after, commit]);
  const failed = [...results.flatMap((r) => r ?? []), ...afterResults].find((x) => x.status === 'rejected');
  if (done.command !== 'COMMIT' || failed) throw new StatementFailed(failed?.reason);
  const afterRows = new Map(afterKeys.map(([key], k) => [key, (afterResults[k] as PromiseFulfilledResult<unknown[]>).value]));
  results.forEach((r, i) => {
    const { job } = jobs[i]!;
    if (r) out[i] = refusal(() => job.answer(r.map((x) => (x as PromiseFulfilledResult<unknown[]>).value), job.after ? afterRows.get(job.after.key)! : []));
  });
  return out;
}

// ---- the queue ----

interface Batcher { queue: Queued[]; inFlight: number; scheduled: boolean; durability: Durability }
const batchers = new WeakMap<Kysely<any>, Map<Durability, Batcher>>();

async function runBatch(db: Kysely<any>, jobs: Queued[], durability: Durability): Promise<Outcome[]> {
  const pool = pipelinedPool(db);
  if (!pool) return kyselyBatch(db, jobs);
  const client = await pool.connect();
  let broken: unknown;
  try {
    return await pipelinedBatch(client, jobs, durability);
  } catch (e) {
    // a failed COMMIT or lost connection: roll back whatever is open before the client is reused
    if (!(e instanceof StatementFailed)) broken = e;
    else await client.query('ROLLBACK').catch((x: unknown) => { broken = x; });
    throw e;
  } finally {
    client.release(broken instanceof Error ? broken : undefined);
  }
}

async function settleBatch(db: Kysely<any>, jobs: Queued[], durability: Durability): Promise<void> {
  jobs.sort(byOrder);
  let out: Outcome[];
  try {
    out = await runBatch(db, jobs, durability);
  } catch (e) {
    if (!(e instanceof StatementFailed) || jobs.length === 1) {
      const cause = e instanceof StatementFailed ? e.cause : e;
      out = jobs.map(() => ({ ok: false, e: cause }));
    } else {
      // one statement failed: nothing of the batch was committed; every job again in a transaction of its own
      out = [];
      for (const j of jobs) {
        try { out.push((await runBatch(db, [j], durability))[0]!); } catch (x) { out.push({ ok: false, e: x instanceof StatementFailed ? x.cause : x }); }
      }
    }
  }
  jobs.forEach((j, i) => { const o = out[i]!; if (o.ok) j.resolve(o.v); else j.reject(o.e); });
}

/** Batches in flight per database: PostgreSQL sends the next batch while one commits; SQLite has one writer. */
const maxInFlight = (db: Kysely<any>) => (pipelinedPool(db) ? 2 : 1);

function flush(db: Kysely<any>, b: Batcher): void {
  b.scheduled = false;
  if (b.queue.length === 0 || b.inFlight >= maxInFlight(db)) return; // the batch in flight flushes when done
  const jobs = b.queue;
  b.queue = [];
  b.inFlight++;
  void settleBatch(db, jobs, b.durability).finally(() => {
    b.inFlight--;
    schedule(db, b);
  });
}

function schedule(db: Kysely<any>, b: Batcher): void {
  if (b.scheduled || b.queue.length === 0) return;
  b.scheduled = true;
  setImmediate(() => flush(db, b));
}

/**
 * How a batch commits on PostgreSQL. `flush`: the answer waits for the WAL flush (orders, money).
 * `process-crash-safe`: the commit is acknowledged once PostgreSQL has it in its WAL buffers
 * (`synchronous_commit = off` for this transaction only): it survives the crash of any shop instance, and
 * a crash of the database server itself may lose the last ~0.6 s (3 × wal_writer_delay) — the guarantee
 * SQLite gives in WAL mode with synchronous=NORMAL. The database stays consistent either way.
 */
export type Durability = 'flush' | 'process-crash-safe';

/** Queues a job for the next group commit of `db` (the root database, not a transaction). */
export function groupCommit<T>(db: Kysely<any>, job: WriteJob<T>, durability: Durability = 'flush'): Promise<T> {
  let m = batchers.get(db);
  if (!m) batchers.set(db, (m = new Map()));
  let b = m.get(durability);
  if (!b) m.set(durability, (b = { queue: [], inFlight: 0, scheduled: false, durability }));
  const batcher = b;
  return new Promise<T>((resolve, reject) => {
    batcher.queue.push({ job: job as WriteJob<unknown>, resolve, reject });
    schedule(db, batcher);
  });
}
