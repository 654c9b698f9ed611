// A CMS publisher (server/publish/job.ts) over a test database with stand-ins for the site host and the
// generation build: for the tests of the webhook and the job queue, without a site build.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../server/db/index.ts';
import { startPublisher, type Publisher, type PublisherOptions } from '../../server/publish/job.ts';
import type { SiteHost } from '../../server/site.ts';

/** `opts`: a store shared with another stand-in (two instances), and the lease of PublisherOptions. */
export function standInPublisher(db: Db, build: (affected: string[], to: string) => Promise<void>,
  opts: Pick<PublisherOptions, 'holder' | 'leaseMs' | 'log'> & { store?: string } = {}): { publisher: Publisher; idle(): Promise<void>; close(): Promise<void> } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'publish-'));
  const base = path.join(root, 'dist');
  fs.mkdirSync(path.join(base, 'server', 'renderer'), { recursive: true });
  fs.writeFileSync(path.join(base, 'server', 'renderer', 'renderer.json'), '{}');
  fs.writeFileSync(path.join(base, 'server', 'entry.mjs'), '');
  fs.writeFileSync(path.join(base, '.built'), 'base');
  let served = base;
  const host = { get servedDir() { return served; }, files: new Set<string>(), serve: async (dir: string) => { served = dir; } } as unknown as SiteHost;
  const publisher = startPublisher({
    db, host, baseDir: base, store: opts.store ?? path.join(root, 'store'), log: opts.log ?? (() => {}), holder: opts.holder, leaseMs: opts.leaseMs,
    build: async ({ to, affected }) => {
      await build(affected, to);
      fs.mkdirSync(to, { recursive: true });
      return { rendered: 0, changed: [], removed: [], ms: 0, phases: {} };
    },
  });
  return {
    publisher,
    /** until no row is pending or running */
    async idle() {
      for (;;) {
        const open = await db.selectFrom('cms_publish').select('id').where('status', 'in', ['pending', 'running']).executeTakeFirst();
        if (!open) return;
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close() { await publisher.stop(); fs.rmSync(root, { recursive: true, force: true }); },
  };
}
