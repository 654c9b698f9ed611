// Two shop instances on PostgreSQL behind Debian's nginx with the repository's configuration
// (deploy/nginx.conf), on loopback. Runs when the API tests run on PostgreSQL and nginx is installed
// (CI: .ci/run installs it); skipped otherwise.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../server/db/index.ts';
import { LOGIN_MAX_FAILURES } from '../../server/lib/login-throttle.ts';
import { DEMO_PASSWORD, LAB_A, privateDatabase } from './harness.ts';
import { ROOT, call, cookieOf, freePort, startServerProcess } from './server-process.ts';

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

interface Instance { proc: ChildProcess; port: number }
const instances: Instance[] = [];
let nginx: ChildProcess | null = null;
let lb = 0;
let url = '';
let db: Db;
let drop: () => Promise<void> = async () => {};
let tmp = '';
let smtp: net.Server;
const delivered: string[] = [];

/** A minimal SMTP sink that records the recipient of every mail it receives. */
function smtpSink(): Promise<number> {
  smtp = net.createServer((sock) => {
    sock.write('220 sink\r\n');
    let buf = '', inData = false, rcpt = '';
    sock.on('data', (chunk) => {
      buf += chunk.toString();
      let i: number;
      while ((i = buf.indexOf('\r\n')) >= 0) {
        const line = buf.slice(0, i); buf = buf.slice(i + 2);
        if (inData) { if (line === '.') { inData = false; delivered.push(rcpt); sock.write('250 ok\r\n'); } continue; }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO') sock.write('250 sink\r\n');
        else if (cmd === 'RCPT') { rcpt = line.replace(/^RCPT TO:\s*/i, ''); sock.write('250 ok\r\n'); }
        else if (cmd === 'DATA') { inData = true; sock.write('354 go\r\n'); }
        else if (cmd === 'QUIT') { sock.write('221 bye\r\n'); sock.end(); }
        else sock.write('250 ok\r\n');
      }
    });
  });
  return new Promise((r) => smtp.listen(0, '127.0.0.1', () => r((smtp.address() as net.AddressInfo).port)));
}

/** deploy/nginx.conf with the test's instances, port and paths; everything else as shipped. */
function nginxConf(ports: number[], listen: number): string {
  let conf = fs.readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
  conf = conf.replace(/(upstream shop_instances \{)[\s\S]*?(\n    keepalive)/, (_m, a: string, b: string) =>
    `${a}\n${ports.map((p) => `    server 127.0.0.1:${p} max_fails=2 fail_timeout=5s;`).join('\n')}${b}`);
  conf = conf.replace(/listen 80;/, `listen 127.0.0.1:${listen};`).replace(/\/srv\/shop\/current\/dist\/client/g, path.join(ROOT, 'dist/client'));
  // Debian's brotli module (deploy/nginx.conf uses brotli_static), loaded by absolute path: the test runs
  // nginx with its own prefix
  const brotli = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
  const modules = fs.existsSync(brotli) ? `load_module ${brotli};` : '';
  return `${modules}\npid ${tmp}/nginx.pid;\nerror_log ${tmp}/error.log;\nevents {}\nhttp {\n  access_log off;\n  client_body_temp_path ${tmp}/body;\n  proxy_temp_path ${tmp}/proxy;\n${conf}\n}\n`;
}

async function waitFor(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try { if ((await call(port, 'GET', '/api/health')).status === 200) return; } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing answers on ${port}`);
}

describe.skipIf(!onPostgres || !NGINX)('two instances on PostgreSQL behind nginx', () => {
  beforeAll(async () => {
    const copy = await privateDatabase();
    url = copy.url; drop = copy.drop;
    db = await createDb({ url });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lb-'));
    const smtpPort = await smtpSink();
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const { proc } = await startServerProcess({ PORT: String(port), DATABASE_URL: url, TRUST_PROXY: '1', SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
      instances.push({ proc, port });
    }
    lb = await freePort();
    fs.writeFileSync(path.join(tmp, 'nginx.conf'), nginxConf(instances.map((i) => i.port), lb));
    const check = spawnSync(NGINX!, ['-t', '-p', tmp, '-c', path.join(tmp, 'nginx.conf')], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`nginx -t: ${check.stderr}`);
    nginx = spawn(NGINX!, ['-p', tmp, '-c', path.join(tmp, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
    await waitFor(lb);
  }, 120_000);

  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    for (const i of instances) if (i.proc.exitCode === null) i.proc.kill('SIGKILL');
    await new Promise((r) => smtp?.close(r));
    await db?.destroy();
    await drop();
  });

  it('a session made on A works on B, directly and through nginx; a logout on B ends it on A', async () => {
    const [a, b] = instances as [Instance, Instance];
    const login = await call(a.port, 'POST', '/api/login', { body: { Firma: 1, Benutzername: String(LAB_A), Kennwort: DEMO_PASSWORD, kw: '' } });
    expect(login.status).toBe(200);
    const cookie = cookieOf(login);
    expect((await call(b.port, 'GET', '/api/user/infos', { cookie })).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await call(lb, 'GET', '/api/user/infos', { cookie })).status).toBe(200);
    expect((await call(a.port, 'GET', '/api/user/infos', { cookie })).status).toBe(200); // now cached on A
    expect((await call(b.port, 'GET', '/api/logout', { cookie })).status).toBe(200);
    await expect.poll(async () => (await call(a.port, 'GET', '/api/user/infos', { cookie })).status, { timeout: 500, interval: 20 }).toBe(401);
  });

  it(`login failures counted on A and B together hit the cap at ${LOGIN_MAX_FAILURES}`, async () => {
    // one client address (TRUST_PROXY=1: the address nginx appends; sent directly it is the header's), one
    // account, guesses spread over both instances; its own address, so the other tests' logins stay free
    const attacker = { 'x-forwarded-for': '203.0.113.77' };
    const guess = (port: number) => call(port, 'POST', '/api/login', { headers: attacker, body: { Firma: 1, Benutzername: '654321', Kennwort: 'falsch-123', kw: '' } });
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => guess(instances[i % 2]!.port)));
    const checked = answers.filter((a) => a.status === 401).length;
    expect(checked).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(40 - LOGIN_MAX_FAILURES);
  });

  it('the mail sender runs once, not once per instance: each queued mail is delivered exactly once', async () => {
    const now = new Date().toISOString();
    const to = Array.from({ length: 12 }, (_, i) => `lb-${i}@example.com`);
    for (const t of to) await db.insertInto('mails').values({ to_addr: t, subject: 'Test', body: 'x', kind: 'lb', created_at: now, sent_at: null, error: null }).execute();
    await expect.poll(() => delivered.filter((d) => d.includes('lb-')).length, { timeout: 10_000 }).toBe(12);
    await new Promise((r) => setTimeout(r, 1500)); // a second sender would have sent them again by now
    const got = delivered.filter((d) => d.includes('lb-')).map((d) => d.replace(/[<>]/g, '')).sort();
    expect(got).toEqual([...to].sort());
  });

  it('SIGKILL of one instance under load: no acknowledged cart line is lost and nginx keeps answering', async () => {
    const login = await call(lb, 'POST', '/api/login', { body: { Firma: 1, Benutzername: String(LAB_A), Kennwort: DEMO_PASSWORD, kw: '' } });
    const cookie = cookieOf(login);
    expect((await call(lb, 'POST', '/api/wk/delete', { cookie })).status).toBe(200);
    const arts = (await db.selectFrom('articles').select('artnr').where('aus_sortiment', '=', 0).where('ist_referenz', '=', 0)
      .where('kat_preis', 'not in', [0.01, 0.02]).where('preis', '>', 0.02).where('artnr', 'not like', '%/%').where('artnr', 'not like', '% %')
      .orderBy('artnr').limit(160).execute()).map((r) => r.artnr);
    const acked: string[] = [];
    let next = 0;
    // a bounded load: 8 clients add 160 distinct articles; instance A is killed after the first 40
    const worker = async () => {
      while (next < arts.length) {
        const artnr = arts[next++]!;
        if (next === 40) instances[0]!.proc.kill('SIGKILL');
        try {
          const r = await call(lb, 'POST', `/api/wk/${encodeURIComponent(artnr)}/add/1`, { cookie });
          if (r.status === 200) acked.push(artnr);
        } catch { /* a connection reset is not an acknowledgement */ }
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    const stored = new Set((await db.selectFrom('cart_items').select('artnr').where('kdnr', '=', LAB_A).execute()).map((r) => r.artnr));
    expect(acked.filter((a) => !stored.has(a))).toEqual([]);
    expect(acked.length).toBeGreaterThan(arts.length * 0.9); // nginx sent the rest to B
    for (let i = 0; i < 5; i++) expect((await call(lb, 'GET', '/api/health')).status).toBe(200);
  }, 60_000);
});
