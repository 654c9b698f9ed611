// Runs a job every `everyMs` in the one instance that holds its lease; wake() runs it at once when this
// instance holds it (e.g. right after a mail was queued here).
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.ts';
import { LEASE_MS, releaseLease, tryLease } from './lease.ts';

export interface SingletonJob { wake(): void; stop(): Promise<void> }

export function runSingleton(db: Db, name: string, everyMs: number, work: () => Promise<unknown>, holder: string = randomUUID()): SingletonJob {
  if (everyMs >= LEASE_MS) throw new Error(`${name}: the job must run more often than its lease lapses`);
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const tick = (): Promise<void> => {
    if (running) { again = true; return running; }
    running = (async () => {
      do {
        again = false;
        try {
          if (await tryLease(db, name, holder)) await work();
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
