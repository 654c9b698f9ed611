// Runs a job every `everyMs` in the one instance that holds its lease; wake() runs it at once when this
// instance holds it (e.g. right after a mail was queued here). The lease is renewed while a run lasts and
// the run is told when it lost it (holding.ts).
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.ts';
import { holdWhile, type Holding } from './holding.ts';
import { LEASE_MS, releaseLease, tryLease } from './lease.ts';

export interface SingletonJob { wake(): void; stop(): Promise<void> }

/** `leaseMs`: how long the lease lasts without a renewal (tests shorten it). */
export function runSingleton(db: Db, name: string, everyMs: number, work: (holding: Holding) => Promise<unknown>,
  holder: string = randomUUID(), leaseMs = LEASE_MS): SingletonJob {
  if (everyMs >= leaseMs) throw new Error(`${name}: the job must run more often than its lease lapses`);
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const tick = (): Promise<void> => {
    if (running) { again = true; return running; }
    running = (async () => {
      do {
        again = false;
        try {
          if (await tryLease(db, name, holder, new Date(), leaseMs)) await holdWhile(db, name, holder, leaseMs, work);
        } catch (e) { console.error(`[job ${name}]`, e); }
      } while (again && !stopped);
    })().finally(() => { running = null; });
    return running;
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  void tick();
  return {
    wake: () => { if (!stopped) void tick(); },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      await releaseLease(db, name, holder).catch(() => {});
    },
  };
}
