// SIGTERM on a real server process behind a proxy (TRUST_PROXY=1, so the default drain delay): while a
// login is in flight, /api/health answers 503 `draining` at once and other calls are still served; after
// the delay the port refuses new connections, the login in flight still gets its 200, and the process
// ends with code 0 once it is answered.
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DRAIN_DELAY_MS } from '../../server/config.ts';
import { DEMO_PASSWORD, LAB_A, privateDatabase } from './harness.ts';
import { call, freePort, startServerProcess } from './server-process.ts';

let proc: ChildProcess;
let port = 0;
let drop: () => Promise<void> = async () => {};

beforeAll(async () => {
  const copy = await privateDatabase();
  drop = copy.drop;
  port = await freePort();
  ({ proc } = await startServerProcess({ PORT: String(port), SQLITE_FILE: copy.file, DATABASE_URL: copy.url, TRUST_PROXY: '1', DRAIN_DELAY_MS: '' }));
}, 90_000);

afterAll(async () => {
  if (proc && proc.exitCode === null) proc.kill('SIGKILL');
  await drop();
});

/** True once a connection to the port is refused (the instance closed it). */
function refused(): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => { s.destroy(); resolve(false); });
    s.once('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'ECONNREFUSED'));
  });
}

/**
 * A login whose body arrives in two parts: resolves `started` once the server has taken the request
 * (100 Continue), `finish()` sends the rest, `answer` is its status.
 */
function slowLogin() {
  const body = JSON.stringify({ Firma: 1, Benutzername: String(LAB_A), Kennwort: DEMO_PASSWORD, kw: '' });
  const req = http.request({
    host: '127.0.0.1', port, path: '/api/login', method: 'POST', agent: false,
    headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked', expect: '100-continue' },
  });
  const started = new Promise<void>((resolve) => req.once('continue', resolve));
  const answer = new Promise<number>((resolve, reject) => {
    req.once('response', (res) => { res.resume(); res.once('end', () => resolve(res.statusCode ?? 0)); });
    req.once('error', reject);
  });
  req.flushHeaders();
  return { started: started.then(() => { req.write(body.slice(0, 20)); }), finish: () => req.end(body.slice(20)), answer };
}

describe('SIGTERM behind a proxy', () => {
  it(`answers 503 draining on /api/health for ${DEFAULT_DRAIN_DELAY_MS} ms while serving, then closes its port, finishes the request in flight and ends with 0`, async () => {
    expect((await call(port, 'GET', '/api/health')).status).toBe(200);
    const login = slowLogin();
    await login.started;
    const ended = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
    const t = Date.now();
    proc.kill('SIGTERM');

    await expect.poll(async () => {
      const r = await call(port, 'GET', '/api/health');
      return [r.status, r.body.error];
    }, { timeout: 1000, interval: 20 }).toEqual([503, 'draining']);
    // the balancer still sends requests until it has seen the 503: they are answered
    expect((await call(port, 'GET', '/api/telefon/de')).status).toBe(200);
    expect(await refused()).toBe(false);

    await expect.poll(refused, { timeout: DEFAULT_DRAIN_DELAY_MS + 3000, interval: 50 }).toBe(true);
    expect(Date.now() - t).toBeGreaterThanOrEqual(DEFAULT_DRAIN_DELAY_MS - 100);
    expect(proc.exitCode).toBeNull(); // it waits for the login in flight

    login.finish();
    expect(await login.answer).toBe(200);
    expect(await ended).toBe(0);
    // ended because nothing was left in flight, not by the 10 s drain timeout
    expect(Date.now() - t).toBeLessThan(DEFAULT_DRAIN_DELAY_MS + 5000);
  }, 30_000);
});
