// WORKERS=n: n server processes on one machine sharing the port (Node's cluster module). The primary
// migrates and seeds once, relays cache invalidations between the workers, replaces a worker that dies,
// and on SIGTERM lets every worker drain.
import cluster from 'node:cluster';
import os from 'node:os';
import { relayBetweenWorkers } from './lib/bus.ts';

/** WORKERS: a number, or `auto` for one per core; anything else (or unset) is 1. */
export function workerCount(value = process.env.WORKERS): number {
  if (value === 'auto') return Math.max(1, os.availableParallelism());
  const n = Math.floor(Number(value));
  return Number.isFinite(n) && n >= 1 ? Math.min(n, 64) : 1;
}

export function superviseWorkers(n: number): void {
  let stopping = false;
  relayBetweenWorkers();
  for (let i = 0; i < n; i++) cluster.fork();
  cluster.on('exit', (w, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`[shop] worker ${w.process.pid} ended (${signal ?? code}); starting a new one`);
    cluster.fork();
  });
  const stop = (sig: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(sig);
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGTERM'));
  console.log(`[shop] ${n} workers`);
}
