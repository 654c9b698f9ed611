// Two shop instances on PostgreSQL behind Debian's nginx with the repository's configuration
// (deploy/nginx.conf), on loopback, serving a small real site build (tests/api/site-fixture.ts) with a
// shared site store and a stand-in CMS. Runs when the API tests run on PostgreSQL and nginx is installed
// (CI: .ci/run installs it); skipped otherwise.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../server/db/index.ts';
import { LOGIN_MAX_FAILURES } from '../../server/lib/login-throttle.ts';
import { LEASE_MS } from '../../server/jobs/lease.ts';
import { convertPrice } from '../../server/lib/articles.ts';
import { DEMO_PASSWORD, LAB_A, LAB_B, plainArticle, privateDatabase } from './harness.ts';
import { ROOT, call, cookieOf, freePort, startServerProcess } from './server-process.ts';
import { siteFixture } from './site-fixture.ts';
import { startFakeCms, type FakeCms } from './fake-cms.ts';
import { setsOnTheirWay } from './zahnlager-fixtures.ts';

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

interface Instance { proc: ChildProcess; port: number; output: () => string }
const instances: Instance[] = [];
let nginx: ChildProcess | null = null;
let lb = 0;
let url = '';
let db: Db;
let drop: () => Promise<void> = async () => {};
let tmp = '';
const sinks: net.Server[] = [];
/** Every mail the sinks received: its recipient and the instance that sent it (each has a sink port of its own). */
const delivered: { to: string; via: number; at: number }[] = [];
let cms: FakeCms;
let site = '';
const WEBHOOK_SECRET = 'cluster-webhook-secret';
const OPERATOR_SECRET = 'cluster-operator-secret';
/**
 * The stated bound for a price, rate or content change written through one instance to be served by every
 * other: the PostgreSQL notification's way (milliseconds); the caches' lifetimes (30 s to 10 min) are only
 * the safety net. docs/DEPLOY.md states it.
 */
const CHANGE_BOUND_MS = 1000;

/** Polls `read` until it returns `want` (deep equality), at most `boundMs`; answers the time it took. */
async function within<T>(boundMs: number, read: () => Promise<T>, want: T): Promise<number> {
  const t = Date.now();
  await expect.poll(read, { timeout: boundMs, interval: 20 }).toEqual(want);
  return Date.now() - t;
}

/** A minimal SMTP sink for instance `via` that records the recipient of every mail it receives. */
function smtpSink(via: number): Promise<number> {
  const smtp = net.createServer((sock) => {
    // an instance killed while it delivers resets its connection: not an error of the test
    sock.on('error', () => {});
    sock.write('220 sink\r\n');
    let buf = '', inData = false, rcpt = '';
    sock.on('data', (chunk) => {
      buf += chunk.toString();
      let i: number;
      while ((i = buf.indexOf('\r\n')) >= 0) {
        const line = buf.slice(0, i); buf = buf.slice(i + 2);
        if (inData) { if (line === '.') { inData = false; delivered.push({ to: rcpt.replace(/[<>]/g, ''), via, at: Date.now() }); sock.write('250 ok\r\n'); } continue; }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO') sock.write('250 sink\r\n');
        else if (cmd === 'RCPT') { rcpt = line.replace(/^RCPT TO:\s*/i, ''); sock.write('250 ok\r\n'); }
        else if (cmd === 'DATA') { inData = true; sock.write('354 go\r\n'); }
        else if (cmd === 'QUIT') { sock.write('221 bye\r\n'); sock.end(); }
        else sock.write('250 ok\r\n');
      }
    });
  });
  sinks.push(smtp);
  return new Promise((r) => smtp.listen(0, '127.0.0.1', () => r((smtp.address() as net.AddressInfo).port)));
}

/** deploy/nginx.conf with the test's instances, port and paths; everything else as shipped. */
function nginxConf(ports: number[], listen: number): string {
  let conf = fs.readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
  conf = conf.replace(/(upstream shop_instances \{)[\s\S]*?(\n    keepalive)/, (_m, a: string, b: string) =>
    `${a}\n${ports.map((p) => `    server 127.0.0.1:${p} max_fails=2 fail_timeout=5s;`).join('\n')}${b}`);
  conf = conf.replace(/listen 80;/, `listen 127.0.0.1:${listen};`).replace(/\/srv\/shop\/current\/dist\/client/g, path.join(site, 'client'));
  // Debian's brotli module (deploy/nginx.conf uses brotli_static), loaded by absolute path: the test runs
  // nginx with its own prefix
  const brotli = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
  const modules = fs.existsSync(brotli) ? `load_module ${brotli};` : '';
  return `${modules}\npid ${tmp}/nginx.pid;\nerror_log ${tmp}/error.log;\nevents {}\nhttp {\n  access_log off;\n  client_body_temp_path ${tmp}/body;\n  proxy_temp_path ${tmp}/proxy;\n${conf}\n}\n`;
}

/** A GET answered as sent (no decoding): status, headers and the bytes. */
function rawGet(port: number, url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: url, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** Customers with an address no other in the set has, none of the labs the tests log in as: a password reset mails each. */
async function resetRecipients(n: number): Promise<{ kdnr: number; firma: number; email: string }[]> {
  const rows = await db.selectFrom('customers').select(['kdnr', 'firma', 'email']).where('email', 'is not', null)
    .where('kdnr', 'not in', [LAB_A, LAB_B]).orderBy('kdnr').limit(n * 4).execute();
  const count = new Map<string, number>();
  for (const r of rows) count.set(r.email!.toLowerCase(), (count.get(r.email!.toLowerCase()) ?? 0) + 1);
  const own = rows.filter((r) => count.get(r.email!.toLowerCase()) === 1).slice(0, n);
  expect(own).toHaveLength(n);
  return own.map((r) => ({ kdnr: Number(r.kdnr), firma: Number(r.firma), email: r.email!.toLowerCase() }));
}

/** Queues a password-reset mail to `who` through `port` (an instance, or nginx). */
async function queueResetMail(port: number, who: { kdnr: number; firma: number }): Promise<void> {
  const r = await call(port, 'POST', '/api/password/forgot?country=de&lang=de', {
    headers: { 'x-forwarded-for': '198.51.100.7' }, body: { login: String(who.kdnr), firma: who.firma },
  });
  expect(r.status).toBe(200);
}

const deliveryTo = (email: string) => delivered.find((d) => d.to.toLowerCase() === email);

/** Margin over LEASE_MS for the survivor to take a killed holder's jobs over: its next poll (1 s) on a busy machine. */
const TAKEOVER_MARGIN_MS = 5000;

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
    site = siteFixture();
    cms = await startFakeCms();
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const smtpPort = await smtpSink(i);
      const { proc, output } = await startServerProcess({
        PORT: String(port), DATABASE_URL: url, TRUST_PROXY: '1', SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        SITE_DIR: site, SITE_STORE: path.join(tmp, 'builds'), CMS_URL: cms.url, CMS_WEBHOOK_SECRET: WEBHOOK_SECRET,
        OPERATOR_SECRET, BOOKING_SWEEP_MS: '300', DEV_TOOLS: '',
      }, 1, { site: true });
      instances.push({ proc, port, output });
    }
    lb = await freePort();
    fs.writeFileSync(path.join(tmp, 'nginx.conf'), nginxConf(instances.map((i) => i.port), lb));
    const check = spawnSync(NGINX!, ['-t', '-p', tmp, '-c', path.join(tmp, 'nginx.conf')], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`nginx -t: ${check.stderr}`);
    nginx = spawn(NGINX!, ['-p', tmp, '-c', path.join(tmp, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
    await waitFor(lb);
  }, 600_000);

  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    await cms?.close();
    for (const i of instances) if (i.proc.exitCode === null) i.proc.kill('SIGKILL');
    for (const smtp of sinks) await new Promise((r) => smtp.close(r));
    await db?.destroy();
    await drop();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
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

  it('nginx serves the hashed assets itself: the brotli file with immutable caching when asked for br, the file as built otherwise', async () => {
    const dir = path.join(site, 'client/_astro');
    const name = fs.readdirSync(dir).find((f) => f.endsWith('.js') && fs.existsSync(path.join(dir, `${f}.br`)));
    expect(name).toBeDefined();
    const file = path.join(dir, name!);
    // nginx's own ETag (modification time and size of the file it sent), not the instances' content hash
    const nginxEtag = (f: string) => { const st = fs.statSync(f); return `"${Math.floor(st.mtimeMs / 1000).toString(16)}-${st.size.toString(16)}"`; };
    const br = await rawGet(lb, `/_astro/${name}`, { 'accept-encoding': 'br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.equals(fs.readFileSync(`${file}.br`))).toBe(true);
    expect(br.headers.etag).toBe(nginxEtag(`${file}.br`));
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toBe('Accept-Encoding');
    const plain = await rawGet(lb, `/_astro/${name}`, {});
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(fs.readFileSync(file))).toBe(true);
    expect(plain.headers.etag).toBe(nginxEtag(file));
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.vary).toBe('Accept-Encoding');
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

  it('the mail sender runs once, not once per instance: one instance sends every mail, each once', async () => {
    const who = await resetRecipients(6);
    // queued on A and B in turn: the instance that queues a mail wakes its own sender at once, so with a
    // sender on each instance each would send the mails queued on it
    for (const [i, w] of who.entries()) await queueResetMail(instances[i % 2]!.port, w);
    const mine = () => delivered.filter((d) => who.some((w) => w.email === d.to.toLowerCase()));
    await expect.poll(() => mine().length, { timeout: 10_000 }).toBe(who.length);
    await new Promise((r) => setTimeout(r, 1500)); // a second sender would have sent them again by now
    expect(mine().map((d) => d.to.toLowerCase()).sort()).toEqual(who.map((w) => w.email).sort());
    // these and every mail before them (the order confirmations) went out through one instance's sink
    expect(new Set(delivered.map((d) => d.via)).size).toBe(1);
  });

  it(`a price or exchange-rate change written through A is served by B within ${CHANGE_BOUND_MS} ms, directly and through nginx`, async () => {
    const [a, b] = instances as [Instance, Instance];
    const art = await plainArticle(db);
    // a Swiss customer: the cart is priced in CHF with the rate every instance caches
    const login = await call(lb, 'POST', '/api/login?country=ch&lang=de', { body: { Firma: 1, Benutzername: String(LAB_B), Kennwort: DEMO_PASSWORD, kw: '' } });
    const cookie = cookieOf(login);
    await call(lb, 'POST', '/api/wk/delete', { cookie });
    expect((await call(lb, 'POST', `/api/wk/${encodeURIComponent(art.artnr)}/add/1`, { cookie })).status).toBe(200);
    const priceOn = async (port: number) => {
      const r = await call(port, 'GET', '/api/wkJSON/de', { cookie });
      return (r.body.result as { Artikelnummer: string; Preis: number }[]).find((l) => l.Artikelnummer === art.artnr)?.Preis;
    };
    const rate = Number((await db.selectFrom('currencies').select('rate').where('code', '=', 'CHF').executeTakeFirstOrThrow()).rate);
    for (const port of [a.port, b.port, lb, lb]) expect(await priceOn(port)).toBe(convertPrice(art.preis, rate)); // cached everywhere now
    const op = (what: string, body: unknown) => call(a.port, 'POST', `/api/operator/${what}`, { headers: { 'x-operator-secret': OPERATOR_SECRET }, body });

    expect((await op('currencies', { rates: [{ code: 'CHF', rate: 1.7 }] })).status).toBe(200);
    const want = convertPrice(art.preis, 1.7);
    expect(await within(CHANGE_BOUND_MS, () => priceOn(b.port), want)).toBeLessThan(CHANGE_BOUND_MS);
    for (let i = 0; i < 4; i++) expect(await priceOn(lb)).toBe(want);

    expect((await op('prices', { prices: [{ artikelnummer: art.artnr, preis: 27.5 }] })).status).toBe(200);
    await within(CHANGE_BOUND_MS, () => priceOn(b.port), convertPrice(27.5, 1.7));
    for (let i = 0; i < 4; i++) expect(await priceOn(lb)).toBe(convertPrice(27.5, 1.7));
    // through nginx from an allowed address (deploy/nginx.conf lets the internal network reach the calls)
    const viaLb = await call(lb, 'POST', '/api/operator/prices', { headers: { 'x-operator-secret': OPERATOR_SECRET }, body: { prices: [{ artikelnummer: art.artnr, preis: 28 }] } });
    expect(viaLb.status).toBe(200);
    await within(CHANGE_BOUND_MS, () => priceOn(b.port), convertPrice(28, 1.7));
  });

  it(`an order placed through A: B shows the article as bought (the customer's purchase facts) within ${CHANGE_BOUND_MS} ms`, async () => {
    const [a, b] = instances as [Instance, Instance];
    const bought = db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id').select('l.artnr').where('o.kdnr', '=', LAB_B);
    const art = await db.selectFrom('articles').select('artnr').where('aus_sortiment', '=', 0).where('ist_referenz', '=', 0)
      .where('preis', '>=', 20).where('preis', '<=', 40).where('kat_preis', 'not in', [0.01, 0.02]).where('artnr', 'not like', '%/%')
      .where('artnr', 'not like', '% %').where('artnr', 'not in', bought).orderBy('artnr').limit(1).executeTakeFirstOrThrow();
    const login = await call(lb, 'POST', '/api/login?country=de&lang=de', { body: { Firma: 1, Benutzername: String(LAB_B), Kennwort: DEMO_PASSWORD, kw: '' } });
    const cookie = cookieOf(login);
    const boughtOn = async (port: number) => (await call(port, 'GET', `/api/artikel/${encodeURIComponent(art.artnr)}/de/de`, { cookie })).body.result.BereitsGekauft;
    expect(await boughtOn(b.port)).toBe(0); // B holds the customer's purchase facts now
    await call(a.port, 'POST', '/api/wk/delete', { cookie });
    expect((await call(a.port, 'POST', `/api/wk/${encodeURIComponent(art.artnr)}/add/1`, { cookie })).status).toBe(200);
    const order = await call(a.port, 'POST', '/api/checkout/submit?country=de&lang=de', { cookie, body: {}, headers: { 'idempotency-key': `cluster-${art.artnr}` } });
    expect(order.status).toBe(200);
    await within(CHANGE_BOUND_MS, () => boughtOn(b.port), 1);
  });

  it('a CMS change sent to A: B serves the new content within the bound; one rebuild, after which B serves the new page', async () => {
    const [a, b] = instances as [Instance, Instance];
    const question = async (port: number) => ((await call(port, 'GET', '/api/faq/de/de')).body.result as { slug: string; question: string }[])
      .find((f) => f.slug === 'bestellung')?.question;
    const page = async (port: number) => (await call(port, 'GET', '/de/de/service/')).body as string;
    for (const port of [a.port, b.port, lb]) expect(await question(port)).toBe('Wie kann ich bestellen?');
    expect(await page(b.port)).toContain('Wie kann ich bestellen?');
    const before = (await db.selectFrom('cms_publish').select('id').execute()).length;

    cms.edits.set('faq-bestellung-de', (e) => ({ ...e, question: 'Wie bestelle ich im Verbund?' }));
    expect(await question(b.port)).toBe('Wie kann ich bestellen?'); // B still has the CMS answer cached
    const t = Date.now();
    const hook = await call(a.port, 'POST', '/api/cms/webhook', {
      headers: { 'x-webhook-secret': WEBHOOK_SECRET }, body: { event: 'entry.update', model: 'faq', entry: { id: 'faq-bestellung-de', country: '*', language: 'de' } },
    });
    expect(hook.status).toBe(200);
    expect(hook.body.result.rebuild).toBe('queued');
    await within(CHANGE_BOUND_MS, () => question(b.port), 'Wie bestelle ich im Verbund?');
    for (let i = 0; i < 4; i++) expect(await question(lb)).toBe('Wie bestelle ich im Verbund?');

    // exactly one publish, rendered by one instance, served by both (bound: 20 s for the render on a busy machine)
    const job = hook.body.result.job as number;
    await expect.poll(async () => (await db.selectFrom('cms_publish').select('status').where('id', '=', job).executeTakeFirst())?.status,
      { timeout: 20_000, interval: 100 }).toBe('done');
    const { generation } = await db.selectFrom('cms_publish').select('generation').where('id', '=', job).executeTakeFirstOrThrow();
    const health = async (port: number) => (await call(port, 'GET', '/api/health')).body.result.build as string;
    await within(5000, async () => [await health(a.port), await health(b.port)], [generation, generation]);
    expect(Date.now() - t).toBeLessThan(25_000);
    expect(await page(b.port)).toContain('Wie bestelle ich im Verbund?');
    for (let i = 0; i < 4; i++) expect(await page(lb)).toContain('Wie bestelle ich im Verbund?');
    expect((await db.selectFrom('cms_publish').select('id').execute()).length).toBe(before + 1);
    const rendered = (i: Instance) => i.output().match(/\[publish\] \S+ in [\d.]+ s: /g)?.length ?? 0;
    expect(rendered(a) + rendered(b)).toBe(1);
    expect(fs.readdirSync(path.join(tmp, 'builds'))).toEqual([generation]);
  }, 60_000);

  it('the booking sweep runs once, not once per instance: each due set is booked exactly once', async () => {
    const [a, b] = instances as [Instance, Instance];
    const artnr = (await plainArticle(db)).artnr;
    // the delivery first, then the window opens: a sweep between the two would claim the window for a part
    const slots = await setsOnTheirWay(db, LAB_B, artnr, 4);
    await db.deleteFrom('zahnlager_checks').where('kdnr', '=', LAB_B).execute();
    const bookings = async () => (await db.selectFrom('zahnlager_bookings').select('slot_id').where('slot_id', 'in', slots).execute()).map((r) => r.slot_id).sort();
    // both instances sweep every 300 ms (BOOKING_SWEEP_MS): booked within a few rounds
    await within(5000, bookings, [...slots].sort());
    await new Promise((r) => setTimeout(r, 1500)); // more rounds of a second sweeper would have booked again by now
    expect(await bookings()).toEqual([...slots].sort());
    // one instance holds the sweep: only its log reports bookings
    const swept = (i: Instance) => /\[booking-sweep\] \d+ sets booked/.test(i.output());
    expect([swept(a), swept(b)].filter(Boolean)).toHaveLength(1);
    // the customer is told once, on whichever instance the next call lands
    const login = await call(lb, 'POST', '/api/login', { body: { Firma: 1, Benutzername: String(LAB_B), Kennwort: DEMO_PASSWORD, kw: '' } });
    const cookie = cookieOf(login);
    const told = await call(b.port, 'GET', '/api/zahnlager/zubuchen/auto', { cookie });
    expect((told.body.result.outPositionen as { slotId: number }[]).map((p) => p.slotId).filter((id) => slots.includes(id)).sort()).toEqual([...slots].sort());
    expect((await call(a.port, 'GET', '/api/zahnlager/zubuchen/auto', { cookie })).body.result.outPositionen).toEqual([]);
  });

  it(`SIGKILL of the instance holding the singleton jobs under load of cart adds and submits: no acknowledged cart line or order is lost, none doubled; nginx keeps answering; the other takes the jobs over within ${LEASE_MS} ms + ${TAKEOVER_MARGIN_MS} ms`, async () => {
    // the instance whose sink gets a mail queued now holds the mail lease: that one is killed
    const [probe, late] = (await resetRecipients(8)).slice(6) as [{ kdnr: number; firma: number; email: string }, { kdnr: number; firma: number; email: string }];
    await queueResetMail(lb, probe);
    await expect.poll(() => deliveryTo(probe.email), { timeout: 5000, interval: 50 }).toBeDefined();
    const holder = deliveryTo(probe.email)!.via;
    const victim = instances[holder]!;
    let killedAt = 0;
    const login = await call(lb, 'POST', '/api/login', { body: { Firma: 1, Benutzername: String(LAB_A), Kennwort: DEMO_PASSWORD, kw: '' } });
    const cookie = cookieOf(login);
    expect((await call(lb, 'POST', '/api/wk/delete', { cookie })).status).toBe(200);
    const arts = (await db.selectFrom('articles').select('artnr').where('aus_sortiment', '=', 0).where('ist_referenz', '=', 0)
      .where('kat_preis', 'not in', [0.01, 0.02]).where('preis', '>', 0.02).where('artnr', 'not like', '%/%').where('artnr', 'not like', '% %')
      .orderBy('artnr').limit(160).execute()).map((r) => r.artnr);
    // a second lab places orders meanwhile: one article, then submit with its own idempotency key
    const buyer = cookieOf(await call(lb, 'POST', '/api/login', { body: { Firma: 1, Benutzername: String(LAB_B), Kennwort: DEMO_PASSWORD, kw: '' } }));
    const { artnr: orderArtnr } = await plainArticle(db);
    const acked: string[] = [];
    const ackedOrders = new Map<string, number>(); // idempotency key → order id
    let next = 0;
    let lostAnswers = 0;
    const killed = () => victim.proc.exitCode !== null || victim.proc.signalCode !== null;
    // a bounded load: 8 clients add 160 distinct articles; instance A is killed after the first 40
    const adder = async () => {
      while (next < arts.length) {
        const artnr = arts[next++]!;
        if (next === 40) { victim.proc.kill('SIGKILL'); killedAt = Date.now(); }
        try {
          const r = await call(lb, 'POST', `/api/wk/${encodeURIComponent(artnr)}/add/1`, { cookie });
          if (r.status === 200) acked.push(artnr);
        } catch { /* a connection reset is not an acknowledgement */ }
      }
    };
    // orders one after the other until the adders are done and 6 are acknowledged (a cart belongs to one
    // session at a time); an add or a submit that reached the killed instance (nginx answers 502 and does
    // not resend a POST) is sent again, a submit with the same key, as a client does
    const submitter = async () => {
      for (let i = 0; (ackedOrders.size < 6 || next < arts.length) && i < 30; i++) {
        const key = `sigkill-order-${process.pid}-${i}`;
        for (let attempt = 0; attempt < 3; attempt++) {
          try {
            if ((await call(lb, 'POST', `/api/wk/${encodeURIComponent(orderArtnr)}/add/1`, { cookie: buyer })).status === 200) break;
          } catch { /* no answer: sent again */ }
        }
        for (let attempt = 0; attempt < 3; attempt++) {
          try {
            const r = await call(lb, 'POST', '/api/checkout/submit?country=de&lang=de', { cookie: buyer, body: {}, headers: { 'idempotency-key': key } });
            if (r.status === 200) { ackedOrders.set(key, (r.body as { result: { orderId: number } }).result.orderId); break; }
            if (r.status < 500) break; // refused (e.g. an empty cart after a lost add): not an order
          } catch { lostAnswers++; /* no answer: not acknowledged; sent again */ }
        }
      }
    };
    await Promise.all([...Array.from({ length: 8 }, adder), submitter()]);
    expect(killed()).toBe(true);
    console.log(`[cluster] after SIGKILL: ${acked.length}/${arts.length} adds and ${ackedOrders.size} orders acknowledged, ${lostAnswers} submit answers lost and sent again`);
    const stored = new Set((await db.selectFrom('cart_items').select('artnr').where('kdnr', '=', LAB_A).execute()).map((r) => r.artnr));
    expect(acked.filter((a) => !stored.has(a))).toEqual([]);
    expect(acked.length).toBeGreaterThan(arts.length * 0.9); // nginx sent the rest to B
    // every acknowledged order is stored, once per key
    expect(ackedOrders.size).toBeGreaterThanOrEqual(6);
    const orders = await db.selectFrom('orders').select(['id', 'idempotency_key']).where('kdnr', '=', LAB_B)
      .where('idempotency_key', 'like', `sigkill-order-${process.pid}-%`).execute();
    const byKey = new Map(orders.map((o) => [o.idempotency_key, o.id]));
    expect(orders.length).toBe(byKey.size);
    for (const [key, id] of ackedOrders) expect(byKey.get(key)).toBe(id);
    for (let i = 0; i < 5; i++) expect((await call(lb, 'GET', '/api/health')).status).toBe(200);

    // the singleton jobs: a mail queued now waits for the victim's lease to lapse, then the survivor sends it
    await queueResetMail(lb, late);
    await expect.poll(() => deliveryTo(late.email), { timeout: Math.max(0, killedAt + LEASE_MS + TAKEOVER_MARGIN_MS - Date.now()), interval: 100 }).toBeDefined();
    const takeover = deliveryTo(late.email)!;
    console.log(`[cluster] the survivor sent its first mail ${takeover.at - killedAt} ms after the kill`);
    expect(takeover.via).toBe(1 - holder);
    // not before the lease lapsed (the victim renewed it every second until it died): it held the job
    expect(takeover.at - killedAt).toBeGreaterThan(LEASE_MS / 2);
    expect(takeover.at - killedAt).toBeLessThan(LEASE_MS + TAKEOVER_MARGIN_MS);
  }, 90_000);
});
