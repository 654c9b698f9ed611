// This instance's life as the load balancer sees it: which site build it serves, and whether it is
// draining (stopping: /api/health answers 503 so no new requests are sent while those in flight finish).
import fs from 'node:fs';
import path from 'node:path';
import { config } from '../config.ts';

let draining = false;

export const isDraining = (): boolean => draining;
export function startDraining(): void { draining = true; }

let servedDir = config.siteDir;

/** The site host records the build directory (dist, or a published generation) it serves. */
export function setServedDir(dir: string): void { servedDir = dir; }

/**
 * The site build this instance serves: the stamp in its .built file — the build time of dist, the
 * generation id (`{base}-{job}-{run}`) of a CMS publish (server/publish/job.ts).
 */
export function servedBuild(): string | null {
  try { return fs.readFileSync(path.join(servedDir, '.built'), 'utf8').trim() || null; } catch { return null; }
}
