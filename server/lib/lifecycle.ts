// This instance's life as the load balancer sees it: which site build it serves, and whether it is
// draining (stopping: /api/health answers 503 so no new requests are sent while those in flight finish).
import fs from 'node:fs';
import path from 'node:path';
import { config } from '../config.ts';

let draining = false;

export const isDraining = (): boolean => draining;
export function startDraining(): void { draining = true; }

/** The stamp of the site build this instance serves (dist/.built, written when a build completes). */
export function servedBuild(): string | null {
  try { return fs.readFileSync(path.join(config.siteDir, '.built'), 'utf8').trim() || null; } catch { return null; }
}
