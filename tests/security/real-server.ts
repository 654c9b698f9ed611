// A shop started exactly as the README says (`npm start`) as its own process on a free port, on a copy of
// the test template database, for attacks that need the real HTTP stack (streaming bodies, memory use).
// SITE_DIR points at an empty directory: the server runs API-only and never starts a site build.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { freePort } from '../api/server-process.ts';

export interface RealServer { url: string; port: number; log: () => string; serverPid: () => number; rssBytes: () => number; stop: () => Promise<void> }

function children(pid: number): number[] {
  try {
    return fs.readdirSync(`/proc/${pid}/task`).flatMap((t) =>
      fs.readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
  } catch { return []; }
}

/** The node process running scripts/start.ts below `root` (npm → sh → node). */
function findServer(root: number): number {
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift()!;
    const cmd = fs.existsSync(`/proc/${pid}/cmdline`) ? fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8') : '';
    if (cmd.includes('scripts/start.ts') && /(^|\/)node\0/.test(cmd)) return pid;
    queue.push(...children(pid));
  }
  throw new Error('server process not found');
}

export async function startRealServer(env: Record<string, string | undefined> = {}): Promise<RealServer> {
  const template = inject('shopTemplate');
  if (template.startsWith('postgres')) throw new Error('the real-server tests run on the SQLite template');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-real-'));
  fs.copyFileSync(template, path.join(dir, 'shop.sqlite'));
  fs.mkdirSync(path.join(dir, 'site'));
  const port = await freePort();
  const childEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, ...env })) if (v !== undefined) childEnv[k] = v;
  // exactly the production start: none of the harness switches
  for (const k of ['DEV_TOOLS', 'NODE_ENV', 'VITEST', 'VITEST_POOL_ID', 'VITEST_WORKER_ID', 'TEST']) if (!(k in env)) delete childEnv[k];
  Object.assign(childEnv, { PORT: String(port), HOST: '127.0.0.1', SQLITE_FILE: path.join(dir, 'shop.sqlite'), UPLOAD_DIR: path.join(dir, 'uploads'), SITE_DIR: path.join(dir, 'site') });
  const child: ChildProcess = spawn('npm', ['start'], { env: childEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => { out += d.toString(); });
  child.stderr!.on('data', (d: Buffer) => { out += d.toString(); });
  const started = Date.now();
  while (!out.includes('[shop] listening on')) {
    if (child.exitCode !== null || Date.now() - started > 60_000) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  let serverPid = 0;
  const pidOf = () => (serverPid ||= findServer(child.pid!));
  return {
    url: `http://127.0.0.1:${port}`, port, log: () => out, serverPid: pidOf,
    rssBytes: () => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pidOf()}/status`, 'utf8'))![1]) * 1024,
    stop: async () => {
      try { process.kill(-child.pid!, 'SIGTERM'); } catch { /* already gone */ }
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
