// Singleton jobs across instances: one lease holder at a time, taken over when the holder's lease lapses
// (it died); outgoing mails are claimed one by one, so two senders working at once send each mail once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestEnv } from './harness.ts';
import { LEASE_MS, releaseLease, tryLease } from '../../server/jobs/lease.ts';
import { runSingleton } from '../../server/jobs/singleton.ts';

let env: TestEnv;
beforeAll(async () => { env = await setupApi(); });
afterAll(async () => { await env.close(); });

describe('job leases', () => {
  it('one holder at a time; another takes over only when the lease lapses or is given up', async () => {
    const t0 = new Date('2026-11-24T10:00:00Z');
    expect(await tryLease(env.db, 'sweep', 'A', t0)).toBe(true);
    expect(await tryLease(env.db, 'sweep', 'B', new Date(t0.getTime() + 1000))).toBe(false);
    expect(await tryLease(env.db, 'sweep', 'A', new Date(t0.getTime() + 2000))).toBe(true); // renewed
    // A dies: its lease runs out LEASE_MS after the last renewal
    expect(await tryLease(env.db, 'sweep', 'B', new Date(t0.getTime() + 2000 + LEASE_MS - 1))).toBe(false);
    expect(await tryLease(env.db, 'sweep', 'B', new Date(t0.getTime() + 2000 + LEASE_MS + 1))).toBe(true);
    await releaseLease(env.db, 'sweep', 'B');
    expect(await tryLease(env.db, 'sweep', 'A', new Date(t0.getTime() + 2000 + LEASE_MS + 2))).toBe(true);
  });

  it('two instances running the same job: only the lease holder works', async () => {
    let runsA = 0, runsB = 0;
    const a = runSingleton(env.db, 'count', 50, async () => { runsA++; }, 'instance-a');
    const b = runSingleton(env.db, 'count', 50, async () => { runsB++; }, 'instance-b');
    await new Promise((r) => setTimeout(r, 400));
    const [ra, rb] = [runsA, runsB]; // before stopping: a stopped holder hands the lease over
    await Promise.all([a.stop(), b.stop()]);
    expect(ra + rb).toBeGreaterThan(3);
    expect(Math.min(ra, rb)).toBe(0);
  });
});

describe('mail delivery claims', () => {
  it('two senders at once deliver each unsent mail exactly once', async () => {
    const { deliverPending } = await import('../../server/lib/mail.ts');
    const now = new Date().toISOString();
    await env.db.updateTable('mails').set({ sent_at: now }).where('sent_at', 'is', null).execute();
    for (let i = 0; i < 20; i++) {
      await env.db.insertInto('mails').values({ to_addr: `m${i}@example.com`, subject: 's', body: 'b', kind: 'test', created_at: now, sent_at: null, error: null }).execute();
    }
    // no SMTP here: every delivery fails and records its error, which is as final as a success for the claim
    const [x, y] = await Promise.all([deliverPending(env.db), deliverPending(env.db)]);
    expect(x + y).toBe(20);
    const left = await env.db.selectFrom('mails').select('id').where('kind', '=', 'test').where('claimed_at', 'is', null).execute();
    expect(left).toHaveLength(0);
  });
});
