// Invalidation of process-local caches across every process that serves the shop: always this process;
// the other workers of this machine through the cluster primary (Node's cluster IPC, SQLite setups); every
// instance on every host through PostgreSQL LISTEN/NOTIFY when the shop runs on PostgreSQL.
import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';

type Handler = (key: string) => void;
interface BusMessage { bus: 'invalidate'; topic: string; key: string; from: string }

const CHANNEL = 'shop_invalidate';
const instance = randomUUID();
const handlers = new Map<string, Set<Handler>>();
let remote: ((m: BusMessage) => void) | null = cluster.isWorker ? (m) => process.send?.(m) : null;

function deliver(topic: string, key: string): void {
  for (const h of handlers.get(topic) ?? []) {
    try { h(key); } catch (e) { console.error('[bus]', topic, e); }
  }
}

/** Calls `fn` whenever any process invalidates `key` of `topic` (this process included). */
export function onInvalidate(topic: string, fn: Handler): void {
  let set = handlers.get(topic);
  if (!set) handlers.set(topic, (set = new Set()));
  set.add(fn);
}

/** Drops `key` of `topic` from the caches of every process. */
export function invalidate(topic: string, key: string): void {
  deliver(topic, key);
  remote?.({ bus: 'invalidate', topic, key, from: instance });
}

function isBusMessage(m: unknown): m is BusMessage {
  return typeof m === 'object' && m !== null && (m as BusMessage).bus === 'invalidate'
    && typeof (m as BusMessage).topic === 'string' && typeof (m as BusMessage).key === 'string';
}

if (cluster.isWorker) {
  process.on('message', (m: unknown) => { if (isBusMessage(m) && m.from !== instance) deliver(m.topic, m.key); });
}

/** In the cluster primary: passes each worker's invalidations on to the other workers. */
export function relayBetweenWorkers(): void {
  cluster.on('message', (sender, m: unknown) => {
    if (!isBusMessage(m)) return;
    for (const w of Object.values(cluster.workers ?? {})) if (w && w !== sender && w.isConnected()) w.send(m);
  });
}

/**
 * PostgreSQL: every instance listens on one channel and announces its invalidations with pg_notify,
 * which reaches the instances on other hosts as well (and replaces the cluster relay).
 */
export async function listenOnPostgres(url: string): Promise<() => Promise<void>> {
  const pg = (await import('pg')).default;
  const listener = new pg.Client({ connectionString: url });
  const sender = new pg.Pool({ connectionString: url, max: 1 });
  await listener.connect();
  listener.on('notification', (n) => {
    let m: unknown;
    try { m = JSON.parse(n.payload ?? ''); } catch { return; }
    if (isBusMessage(m) && m.from !== instance) deliver(m.topic, m.key);
  });
  // a lost listener connection would leave this instance with stale caches: stop serving (the process
  // manager or load balancer replaces it) rather than go on silently
  listener.on('error', (e) => { console.error('[bus] PostgreSQL listener lost', e); process.exit(1); });
  await listener.query(`LISTEN ${CHANNEL}`);
  remote = (m) => { void sender.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(m)]).catch((e) => console.error('[bus]', e)); };
  return async () => { remote = null; await listener.end(); await sender.end(); };
}

/**
 * For a process that serves nothing (a CLI such as `npm run db:reindex`): announces invalidations to every
 * instance through PostgreSQL. On SQLite there is no channel into the serving processes (false): their
 * caches then catch up within their lifetimes.
 */
export async function invalidateFromOutside(url: string, notices: readonly { topic: string; key: string }[]): Promise<boolean> {
  if (!url) return false;
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const from = `outside-${randomUUID()}`; // not a serving instance: every listener takes it, this process's own too
  try {
    for (const n of notices) {
      await client.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ bus: 'invalidate', topic: n.topic, key: n.key, from } satisfies BusMessage)]);
    }
  } finally { await client.end(); }
  return true;
}
