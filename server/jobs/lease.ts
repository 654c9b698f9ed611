// One holder at a time for a singleton job across every instance (processes and hosts, SQLite or
// PostgreSQL alike): a lease row the holder takes when a run starts and renews while it runs (holding.ts);
// when the holder dies its lease lapses after LEASE_MS and the next instance that asks takes it over.
import type { Db } from '../db/index.ts';

export const LEASE_MS = 15_000;

/** Takes or renews the lease of `name` for `holder`; false while another holder's lease runs. */
export async function tryLease(db: Db, name: string, holder: string, now = new Date(), leaseMs = LEASE_MS): Promise<boolean> {
  const expires = new Date(now.getTime() + leaseMs).toISOString();
  await db.insertInto('job_leases').values({ name, holder, expires_at: expires })
    .onConflict((oc) => oc.column('name').doNothing()).execute();
  const r = await db.updateTable('job_leases').set({ holder, expires_at: expires }).where('name', '=', name)
    .where((eb) => eb.or([eb('holder', '=', holder), eb('expires_at', '<', now.toISOString())])).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * Renews the lease of `name` only while `holder` still has it, never taking it over: false once another
 * holder took it (or it was given up). A lapsed lease nobody took is still this holder's: nobody else can
 * have run in between. In a transaction the renewal locks the lease row until the transaction ends.
 */
export async function renewLease(db: Db, name: string, holder: string, now = new Date(), leaseMs = LEASE_MS): Promise<boolean> {
  const r = await db.updateTable('job_leases').set({ expires_at: new Date(now.getTime() + leaseMs).toISOString() })
    .where('name', '=', name).where('holder', '=', holder).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Gives the lease up at once (a stopping instance), so another takes over without waiting. */
export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.deleteFrom('job_leases').where('name', '=', name).where('holder', '=', holder).execute();
}
