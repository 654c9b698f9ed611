// Singleton jobs across instances: one lease holder at a time, taken over when the holder's lease lapses
// (it died); outgoing mails are claimed one by one, so two senders working at once send each mail once;
// the automatic tooth-storage booking sweep books each due set once, however many instances sweep.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_B, setupApi, type TestEnv } from './harness.ts';
import { setsOnTheirWay } from './zahnlager-fixtures.ts';
import { LEASE_MS, releaseLease, tryLease } from '../../server/jobs/lease.ts';
import { runSingleton } from '../../server/jobs/singleton.ts';
import { startBookingSweep } from '../../server/jobs/booking-sweep.ts';
import { sweepAutoBookings } from '../../server/modules/zahnlager/index.ts';
import { ZAHNLAGER_AUTO_MS } from '../../src/lib/rules/constants.ts';

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

describe('automatic booking sweep', () => {
  const bookingsOf = (slots: number[]) => env.db.selectFrom('zahnlager_bookings').select(['slot_id', 'shown']).where('slot_id', 'in', slots).execute();
  let artnr = '';
  beforeAll(async () => {
    artnr = (await env.db.selectFrom('articles').select('artnr').where('aus_sortiment', '=', 0).orderBy('artnr').limit(1).executeTakeFirstOrThrow()).artnr;
  });

  it('books the due sets of a customer who does not call, once, with two sweeps at the same time; the window is then claimed', async () => {
    await env.db.deleteFrom('zahnlager_checks').where('kdnr', '=', LAB_B).execute();
    const slots = await setsOnTheirWay(env.db, LAB_B, artnr, 3);
    const [x, y] = await Promise.all([sweepAutoBookings(env.db), sweepAutoBookings(env.db)]);
    expect(x.booked + y.booked).toBeGreaterThanOrEqual(3); // seeded customers' sets may be due as well
    const booked = await bookingsOf(slots);
    expect(booked.map((b) => b.slot_id).sort()).toEqual([...slots].sort());
    expect(booked.every((b) => b.shown === 0)).toBe(true);
    const states = await env.db.selectFrom('zahnlager_slots').select(['status', 'belegt']).where('id', 'in', slots).execute();
    expect(states.every((s) => s.status === '' && s.belegt === 1)).toBe(true);
    // within the window, neither a sweep nor the customer's call books again
    const more = await setsOnTheirWay(env.db, LAB_B, artnr, 1);
    await sweepAutoBookings(env.db);
    expect(await bookingsOf(more)).toEqual([]);
  });

  it('the customer\'s next call reports what the sweep booked (the notice), once', async () => {
    const b = env.client();
    expect((await b.login(LAB_B)).status).toBe(200);
    const first = await b.call('GET /api/zahnlager/zubuchen/auto');
    expect(first.status).toBe(200);
    expect(first.body.result.checked).toBe(false); // the sweep claimed the window
    const reported = (first.body.result.outPositionen as { slotId: number; artikelnummer: string; auftrag: number | null }[]);
    expect(reported.length).toBeGreaterThanOrEqual(3);
    expect(reported.every((p) => p.artikelnummer && p.auftrag)).toBe(true);
    expect((await b.call('GET /api/zahnlager/zubuchen/auto')).body.result.outPositionen).toEqual([]);
  });

  it('after the window the sweep books again; a sweep run by two lease holders books each set once', async () => {
    const slots = await setsOnTheirWay(env.db, LAB_B, artnr, 2);
    await env.db.updateTable('zahnlager_checks').set({ last_check: new Date(Date.now() - ZAHNLAGER_AUTO_MS - 1000).toISOString() }).execute();
    const a = startBookingSweep(env.db, 30, 'sweeper-a');
    const c = startBookingSweep(env.db, 30, 'sweeper-c');
    await expect.poll(async () => (await bookingsOf(slots)).length, { timeout: 5000, interval: 50 }).toBe(2);
    await new Promise((r) => setTimeout(r, 300)); // more rounds of both: still once
    await Promise.all([a.stop(), c.stop()]);
    expect((await bookingsOf(slots)).length).toBe(2);
  });
});
