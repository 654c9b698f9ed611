// Real server processes for the scale-out tests: start `npm start`'s entry on a free port, wait until it
// listens, and talk to it over HTTP with a fresh connection per request.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const NODE = path.join(ROOT, 'node_modules/.bin/node');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => { const p = (s.address() as net.AddressInfo).port; s.close(() => resolve(p)); });
  });
}

export interface Answer { status: number; body: any; setCookie: string[] }

/** One request on a fresh connection (so the kernel may hand it to any worker sharing the port). */
export function call(port: number, method: string, url: string, opts: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const data = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const req = http.request({
      host: '127.0.0.1', port, path: url, method, agent: false,
      headers: { ...(data ? { 'content-type': 'application/json' } : {}), ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers },
    }, (res) => {
      let text = '';
      res.on('error', reject); // the connection reset while the answer came in
      res.on('data', (c) => { text += c; });
      res.on('end', () => {
        let body: unknown = text;
        try { body = JSON.parse(text); } catch { /* not JSON */ }
        resolve({ status: res.statusCode ?? 0, body, setCookie: res.headers['set-cookie'] ?? [] });
      });
    });
    req.on('error', reject);
    req.end(data);
  });
}

export const cookieOf = (a: Answer) => a.setCookie.map((c) => c.split(';')[0]).join('; ');

/**
 * Starts scripts/start.ts (API only unless `site`: then with the build in SITE_DIR) and resolves once
 * `listening` lines have appeared `listeners` times.
 */
export async function startServerProcess(env: Record<string, string>, listeners = 1, opts: { site?: boolean } = {}): Promise<{ proc: ChildProcess; output: () => string }> {
  const proc = spawn(NODE, ['--disable-warning=ExperimentalWarning', 'scripts/start.ts', ...(opts.site ? [] : ['--api-only'])], {
    cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LOGIN_DELAY_BASE_MS: '0', ...env },
  });
  let out = '';
  proc.stdout!.on('data', (c) => { out += c; });
  proc.stderr!.on('data', (c) => { out += c; });
  const until = Date.now() + 60_000;
  while ((out.match(/listening on/g) ?? []).length < listeners) {
    if (Date.now() > until || proc.exitCode !== null) { proc.kill('SIGKILL'); throw new Error(`server did not start:\n${out}`); }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { proc, output: () => out };
}
