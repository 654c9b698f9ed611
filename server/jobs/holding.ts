// A lease holder's run of a singleton job. A run may last longer than the lease (a CMS publish of a layout
// entry re-renders thousands of pages), so the lease is renewed on a heartbeat while it runs. A holder
// that stalled past its lease (a paused process, a slow disk) may find on waking that another instance
// took the lease over and is doing the same work: it must then not commit, hence the fence.
import type { Db, Tx } from '../db/index.ts';
import { renewLease } from './lease.ts';

export interface Holding {
  /** aborted once a renewal finds another holder: the run is fenced off and must not commit */
  readonly signal: AbortSignal;
  /**
   * Runs `commit` in one transaction with a renewal of the lease, only while this instance still holds
   * it; false, with nothing written, once another holder has taken it. The renewal locks the lease row,
   * so a takeover waits until the commit is done and then finds the lease renewed.
   */
  fenced(commit: (tx: Tx) => Promise<void>): Promise<boolean>;
}

/** Runs `work` as the holder of `name`'s lease, renewing it every leaseMs / 3 until the run ends. */
export async function holdWhile(db: Db, name: string, holder: string, leaseMs: number, work: (holding: Holding) => Promise<unknown>): Promise<void> {
  const lost = new AbortController();
  const lose = () => { if (!lost.signal.aborted) lost.abort(new Error(`${name}: another instance took the lease over`)); };
  let ended = false;
  let beat: NodeJS.Timeout | undefined;
  const renew = async (): Promise<void> => {
    try {
      if (!await renewLease(db, name, holder, new Date(), leaseMs)) lose();
    } catch (e) { console.error(`[job ${name}] could not renew the lease`, e); } // the next beat tries again; the fence decides
    if (!ended && !lost.signal.aborted) schedule();
  };
  // a timeout chain, not an interval: a slow database never has two renewals in flight
  const schedule = () => { beat = setTimeout(() => void renew(), leaseMs / 3); beat.unref(); };
  schedule();
  const fenced = async (commit: (tx: Tx) => Promise<void>): Promise<boolean> => {
    if (lost.signal.aborted) return false;
    const held = await db.transaction().execute(async (tx) => {
      if (!await renewLease(tx, name, holder, new Date(), leaseMs)) return false;
      await commit(tx);
      return true;
    });
    if (!held) lose();
    return held;
  };
  try { await work({ signal: lost.signal, fenced }); } finally { ended = true; clearTimeout(beat); }
}
