// Singleton jobs across instances: one lease holder at a time, taken over when the holder's lease lapses
// (it died), renewed while a run lasts, and a holder that lost it anyway commits nothing (a CMS publish
// included: one generation per webhook, in a folder nobody else writes); outgoing mails are claimed one by one, so two senders working at once send each mail once;
// the automatic tooth-storage booking sweep books each due set once, however many instances sweep.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_B, setupApi, type TestEnv } from './harness.ts';
import { setsOnTheirWay } from './zahnlager-fixtures.ts';
import { standInPublisher } from './publisher-stand-in.ts';
import type { Tx } from '../../server/db/index.ts';
import { holdWhile } from '../../server/jobs/holding.ts';
import { LEASE_MS, releaseLease, tryLease } from '../../server/jobs/lease.ts';
import { PUBLISH_JOB } from '../../server/publish/job.ts';
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

  /** A lease this short (renewed every 100 ms) lets the tests outlast it several times in a second. */
  const SHORT = 300;

  it('a run longer than the lease keeps it: the other instance does not run meanwhile', async () => {
    let resume!: () => void;
    const longRun = new Promise<void>((r) => { resume = r; });
    let runsA = 0, runsB = 0;
    let lostA: boolean | null = null;
    const a = runSingleton(env.db, 'long', 50, async ({ signal }) => {
      if (++runsA === 1) { await longRun; lostA = signal.aborted; }
    }, 'instance-a', SHORT);
    await expect.poll(() => runsA).toBe(1);
    const b = runSingleton(env.db, 'long', 50, async () => { runsB++; }, 'instance-b', SHORT);
    await new Promise((r) => setTimeout(r, 4 * SHORT));
    expect(await tryLease(env.db, 'long', 'instance-c', new Date(), SHORT)).toBe(false);
    resume();
    await expect.poll(() => lostA).toBe(false);
    const rb = runsB; // before stopping: a stopped holder hands the lease over
    await Promise.all([a.stop(), b.stop()]);
    expect(rb).toBe(0);
  });

  it('a holder whose lease was taken over is told so, and what its run commits is not written', async () => {
    const commitMarker = (name: string) => async (tx: Tx) => {
      await tx.insertInto('job_leases').values({ name, holder: 'marker', expires_at: '' }).execute();
    };
    const marker = async (name: string) => (await env.db.selectFrom('job_leases').select('name').where('name', '=', name).execute()).length;
    // the lease's own length: no beat within this run, so only the fence can find the takeover
    expect(await tryLease(env.db, 'fence', 'A')).toBe(true);
    await holdWhile(env.db, 'fence', 'A', LEASE_MS, async ({ signal, fenced }) => {
      expect(await fenced(commitMarker('fence-held'))).toBe(true);
      // A stalls past its lease: B, whose clock finds it lapsed, takes it over
      expect(await tryLease(env.db, 'fence', 'B', new Date(Date.now() + LEASE_MS + 1))).toBe(true);
      expect(signal.aborted).toBe(false);
      expect(await fenced(commitMarker('fence-lost'))).toBe(false);
      expect(signal.aborted).toBe(true);
    });
    expect([await marker('fence-held'), await marker('fence-lost')]).toEqual([1, 0]);

    // a run of a singleton job learns it from the heartbeat, without committing
    let told: boolean | null = null;
    let committed: boolean | null = null;
    const a = runSingleton(env.db, 'beat', 50, async ({ signal, fenced }) => {
      if (told !== null) return;
      expect(await tryLease(env.db, 'beat', 'B', new Date(Date.now() + SHORT + 1), SHORT)).toBe(true);
      const until = Date.now() + 2000;
      while (!signal.aborted && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      told = signal.aborted;
      committed = await fenced(commitMarker('beat-lost'));
    }, 'A', SHORT);
    await expect.poll(() => committed, { timeout: 5000 }).not.toBeNull();
    await a.stop();
    expect({ told, committed }).toEqual({ told: true, committed: false });
    expect(await marker('beat-lost')).toBe(0);
  });
});

describe('CMS publish across a lease takeover', () => {
  it('a holder that lost its lease during a long publish records nothing; the new holder publishes the job once, in a folder of its own', async () => {
    const lease = 1500; // above the publisher's poll (1 s)
    const store = fs.mkdtempSync(path.join(os.tmpdir(), 'site-store-'));
    const logs: string[] = [];
    const builds: string[] = [];
    let resumeA!: () => void;
    const stalled = new Promise<void>((r) => { resumeA = r; });
    /** a stand-in build that writes which instance built the folder, after `wait` */
    const building = (who: string, wait: Promise<void>) => async (_affected: string[], to: string) => {
      builds.push(who);
      await wait;
      fs.mkdirSync(to, { recursive: true });
      fs.writeFileSync(path.join(to, 'built-by'), who);
    };
    const a = standInPublisher(env.db, building('A', stalled), { store, holder: 'A', leaseMs: lease, log: (m) => logs.push(`A ${m}`) });
    let b: ReturnType<typeof standInPublisher> | null = null;
    try {
      const job = await a.publisher.request(['/*/de/service']);
      await expect.poll(() => builds).toEqual(['A']);
      // A stalls in a long publish past its lease; B, whose clock finds it lapsed, takes it over and
      // finds the job `running`
      expect(await tryLease(env.db, PUBLISH_JOB, 'B', new Date(Date.now() + lease + 1), lease)).toBe(true);
      b = standInPublisher(env.db, building('B', Promise.resolve()), { store, holder: 'B', leaseMs: lease, log: (m) => logs.push(`B ${m}`) });
      await b.idle();
      // A wakes and goes on writing, then finishes its run
      resumeA();
      await expect.poll(() => logs.some((l) => /^A \S+ (in [\d.]+ s:|abandoned)/.test(l)), { timeout: 5000 }).toBe(true);

      const rows = await env.db.selectFrom('cms_publish').select(['id', 'status', 'generation']).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: job, status: 'done' });
      const generation = rows[0]!.generation!;
      expect(builds).toEqual(['A', 'B']);
      // one generation, B's, written by B alone; A's run records nothing and removes its own folder
      expect(logs.filter((l) => / in [\d.]+ s: /.test(l))).toEqual([expect.stringMatching(new RegExp(`^B ${generation} in `))]);
      expect(fs.readdirSync(store)).toEqual([generation]);
      expect(fs.readFileSync(path.join(store, generation, 'built-by'), 'utf8')).toBe('B');
      expect(fs.readFileSync(path.join(store, generation, '.built'), 'utf8')).toBe(generation);
    } finally {
      resumeA();
      await a.close();
      await b?.close();
      fs.rmSync(store, { recursive: true, force: true });
    }
  }, 20_000);
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
