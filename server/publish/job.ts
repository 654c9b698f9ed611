// CMS publishing across every instance: a webhook on any instance queues a `cms_publish` row; the one
// instance holding the `cms-publish` lease (server/jobs/) renders all queued rows into one new site
// generation in the shared store (SITE_STORE, each generation its own folder), records it on the rows
// (the pointer: the newest done row of the base build) and announces it on the bus topic 'site-build';
// every instance then serves it, and looks the pointer up when it starts. The lease is renewed while a
// publish runs; a holder that lost it anyway (stalled past it) records nothing and leaves its rows.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/index.ts';
import { invalidate, onInvalidate } from '../lib/bus.ts';
import type { Holding } from '../jobs/holding.ts';
import { runSingleton, type SingletonJob } from '../jobs/singleton.ts';
import type { SiteHost } from '../site.ts';
import { GenerationWorker, type buildGeneration, type GenerationResult } from './generation.ts';
import { RENDERER_DIR } from './renderer.ts';
import type { PublishRun } from '#api/cms.ts';

export const SITE_BUILD_TOPIC = 'site-build';
export const PUBLISH_JOB = 'cms-publish';
/** How often the lease holder looks for rows queued on other hosts (a webhook here wakes it at once). */
const POLL_MS = 1000;
/** Generations kept per base build: the served one and the one before (a request may still be reading it). */
const KEEP = 2;

export interface PublishState { running: boolean; last: PublishRun | null }

export interface Publisher {
  /** queues the affected pages; the job id */
  request(affected: string[]): Promise<number>;
  state(): Promise<PublishState>;
  /** serves the generation the pointer names (on start and on every 'site-build' notice) */
  follow(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The identity of a complete build: its renderer's manifest and server entry (Vite's content hashes), so
 * the same source built on two hosts has the same identity and a new deployment starts a new lineage.
 */
export function baseBuildId(dir: string): string | null {
  try {
    const h = createHash('sha1');
    h.update(fs.readFileSync(path.join(dir, RENDERER_DIR, 'renderer.json')));
    h.update(fs.readFileSync(path.join(dir, 'server', 'entry.mjs')));
    return h.digest('hex').slice(0, 12);
  } catch { return null; }
}

export interface PublisherOptions {
  db: Db;
  host: SiteHost;
  /** the complete build this instance started with (dist) */
  baseDir: string;
  /** the shared directory of the generations */
  store: string;
  holder?: string;
  log?: (msg: string) => void;
  /** the generation builder (tests put a stand-in here) */
  build?: typeof buildGeneration;
  /** how long the `cms-publish` lease lasts without a renewal (tests shorten it; default LEASE_MS) */
  leaseMs?: number;
}

export function startPublisher(opts: PublisherOptions): Publisher {
  const { db, host, store } = opts;
  const log = opts.log ?? ((m: string) => console.log(`[publish] ${m}`));
  const base = baseBuildId(opts.baseDir);
  if (!base) log(`${opts.baseDir} has no kept renderer (built before CMS publishing existed): publishes wait until it is rebuilt (npm start -- --rebuild)`);
  const dirOf = (generation: string) => path.join(store, generation);
  const worker = new GenerationWorker();
  const build = opts.build ?? worker.build;

  /** The newest published generation of this base (null: the base build itself). */
  const pointer = async (): Promise<string | null> => {
    if (!base) return null;
    const row = await db.selectFrom('cms_publish').select('generation').where('status', '=', 'done').where('base', '=', base)
      .orderBy('id', 'desc').limit(1).executeTakeFirst();
    return row?.generation ?? null;
  };

  let following: Promise<void> = Promise.resolve();
  const follow = (): Promise<void> => (following = following.then(async () => {
    const generation = await pointer();
    const dir = generation ? dirOf(generation) : opts.baseDir;
    if (host.servedDir === dir || !fs.existsSync(path.join(dir, '.built'))) return;
    await host.serve(dir);
    log(`serving ${generation ?? 'the base build'}`);
  }).catch((e) => log(`could not switch to the published generation: ${(e as Error).message}`)));

  const work = async ({ signal, fenced }: Holding): Promise<void> => {
    if (!base) return;
    // pending rows, and rows a holder that died (or lost its lease) left running
    const rows = await db.selectFrom('cms_publish').select(['id', 'affected']).where('status', 'in', ['pending', 'running'])
      .orderBy('id').execute();
    if (!rows.length) return;
    const ids = rows.map((r) => r.id);
    await db.updateTable('cms_publish').set({ status: 'running' }).where('id', 'in', ids).execute();
    const affected = [...new Set(rows.flatMap((r) => JSON.parse(r.affected) as string[]))];
    // serve the generation this publish derives from first: its files are the ones compared against
    await follow();
    const pointed = await pointer();
    const from = pointed && fs.existsSync(path.join(dirOf(pointed), '.built')) ? pointed : null;
    // A folder of this run's own, never one named by the rows alone: rows found `running` may belong to a
    // holder whose lease lapsed while it still writes (stalled, not dead); it keeps writing into its folder,
    // never into this one, and the fence records the generation of the lease holder only.
    const generation = `${base}-${ids.at(-1)}-${randomBytes(3).toString('hex')}`;
    const dir = dirOf(generation);
    const t = Date.now();
    const abandon = async (): Promise<void> => {
      await fsp.rm(dir, { recursive: true, force: true }).catch(() => {});
      log(`${generation} abandoned: another instance took the ${PUBLISH_JOB} lease over; jobs ${ids.join(', ')} are its to publish`);
    };
    let r: GenerationResult;
    try {
      r = await build({ base: opts.baseDir, from: from ? dirOf(from) : null, to: dir, liveFiles: host.files, affected });
      if (signal.aborted) return await abandon();
      // complete: only now does the generation count as one (follow() needs .built)
      await fsp.writeFile(path.join(dir, '.built'), generation);
      const recorded = await fenced(async (tx) => {
        await tx.updateTable('cms_publish').set({
          status: 'done', base, generation, ms: Date.now() - t, rendered: r.rendered, changed: r.changed.length, finished_at: new Date().toISOString(),
        }).where('id', 'in', ids).execute();
      });
      if (!recorded) return await abandon();
    } catch (e) {
      await fsp.rm(dir, { recursive: true, force: true }).catch(() => {});
      const recorded = await fenced(async (tx) => {
        await tx.updateTable('cms_publish').set({ status: 'failed', error: (e as Error).message.slice(0, 2000), ms: Date.now() - t, finished_at: new Date().toISOString() })
          .where('id', 'in', ids).execute();
      });
      if (!recorded) return await abandon(); // the failure may be the new holder pruning this run's folder
      log(`publish failed, the live site is unchanged: ${(e as Error).message}`);
      return;
    }
    const phases = Object.entries(r.phases).map(([k, v]) => `${k} ${v} ms`).join(', ');
    log(`${generation} in ${((Date.now() - t) / 1000).toFixed(2)} s: ${r.rendered} pages rendered, ${r.changed.length} changed, ${r.removed.length} removed (${affected.join(', ')}; ${phases})`);
    invalidate(SITE_BUILD_TOPIC, generation);
    await prune(signal, generation, from);
  };

  /**
   * Removes this base's generations older than the KEEP newest (and folders of abandoned runs). Only the
   * lease holder may: once the lease is lost, a folder not kept may be the new holder's, being written.
   */
  const prune = async (signal: AbortSignal, ...keep: (string | null)[]): Promise<void> => {
    const names = await fsp.readdir(store).catch(() => [] as string[]);
    const ours = names.filter((n) => n.startsWith(`${base}-`) && !keep.slice(0, KEEP).includes(n));
    for (const n of ours) {
      if (signal.aborted) return;
      await fsp.rm(dirOf(n), { recursive: true, force: true });
    }
  };

  const job: SingletonJob = runSingleton(db, PUBLISH_JOB, POLL_MS, work, opts.holder, opts.leaseMs);
  onInvalidate(SITE_BUILD_TOPIC, (key) => { if (key === 'requested') job.wake(); else void follow(); });
  void follow();

  return {
    async request(affected) {
      const row = await db.insertInto('cms_publish')
        .values({ affected: JSON.stringify(affected), status: 'pending', requested_at: new Date().toISOString() })
        .returning('id').executeTakeFirstOrThrow();
      // the lease holder may be another worker or host: wake it wherever it runs
      invalidate(SITE_BUILD_TOPIC, 'requested');
      return row.id;
    },
    async state() {
      const running = await db.selectFrom('cms_publish').select('id').where('status', 'in', ['pending', 'running']).limit(1).executeTakeFirst();
      const last = await db.selectFrom('cms_publish').selectAll().where('status', 'in', ['done', 'failed']).orderBy('id', 'desc').limit(1).executeTakeFirst();
      return { running: running !== undefined, last: last ? { ...last, affected: JSON.parse(last.affected) as string[] } : null };
    },
    follow,
    stop: async () => { await job.stop(); await worker.stop(); },
  };
}
