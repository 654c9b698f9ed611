// Issue 9 item 5: the public forms are no spam relay and no free disk. Limits per client address and per
// target e-mail (server/lib/guest-limits.ts), the honeypot field, the guests' upload quota, and mails
// triggered by a guest only to addresses their owner proved.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../server/config.ts';
import { GUEST_LIMITS, HONEYPOT_FIELD } from '../../server/lib/guest-limits.ts';
import { resetAllThrottles } from '../../server/lib/login-throttle.ts';
import { LAB_B, setupApi, type TestEnv } from './harness.ts';

let env: TestEnv;
let uploadDir: string;
const saved = { trust: config.trustProxy, quota: config.guestUploadMbPerDay, dir: config.uploadDir };

const contact = (email: string) => ({
  anrede: 'W', vorname: 'Spam', nachname: 'Bot', email, telefon: '+49 40 555 0101',
  date: '2026-3-9', time: '9:30', betreff: 'Angebot', nachricht: 'Kaufen Sie jetzt', artikelnummer: 'A-1234',
});
const post = (url: string, body: unknown, ip = '203.0.113.60') =>
  env.client().req('POST', url, body, { 'x-forwarded-for': ip });
const mailCount = async () => Number((await env.db.selectFrom('mails').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const requestCount = async (typ: string) => Number((await env.db.selectFrom('service_requests').select((eb) => eb.fn.countAll<number>().as('n'))
  .where('typ', '=', typ).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sec-uploads-'));
  config.uploadDir = uploadDir;
  config.trustProxy = 1;
  env = await setupApi();
});
afterEach(async () => { await resetAllThrottles(env.db); });
afterAll(async () => {
  Object.assign(config, { trustProxy: saved.trust, guestUploadMbPerDay: saved.quota, uploadDir: saved.dir });
  await env.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

describe('contact form flood', () => {
  it(`100 guest posts with 100 foreign addresses: ${GUEST_LIMITS.contact.perIp} accepted, the rest 429; not one mail to them`, async () => {
    const mailsBefore = await mailCount();
    const stored = await requestCount('kontakt');
    const victims = Array.from({ length: 100 }, (_, i) => `opfer${i}@fremd.example`);
    const answers = await Promise.all(victims.map((v) => post('/api/kontakt', contact(v))));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(GUEST_LIMITS.contact.perIp);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(100 - GUEST_LIMITS.contact.perIp);
    expect(await requestCount('kontakt')).toBe(stored + GUEST_LIMITS.contact.perIp);
    const foreign = await env.db.selectFrom('mails').select('to_addr').where('to_addr', 'in', victims).execute();
    expect(foreign).toHaveLength(0);
    expect(await mailCount()).toBe(mailsBefore);
  });

  it(`one target address from many client addresses: ${GUEST_LIMITS.contact.perEmail} per hour`, async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await post('/api/kontakt', contact('ziel@fremd.example'), `198.51.100.${10 + i}`));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 429, 429, 429]);
  });

  it('a filled honeypot is refused and nothing is stored', async () => {
    const stored = await requestCount('kontakt');
    const r = await post('/api/kontakt', { ...contact('bot@fremd.example'), [HONEYPOT_FIELD]: 'https://spam.example' });
    expect([r.status, r.body.field]).toEqual([400, HONEYPOT_FIELD]);
    expect(await requestCount('kontakt')).toBe(stored);
    expect((await post('/api/kontakt', { ...contact('mensch@fremd.example'), [HONEYPOT_FIELD]: '' })).status).toBe(200);
  });
});

describe('registration, password forgotten, verification', () => {
  it(`fast registration: ${GUEST_LIMITS.register.perIp} accounts per address and hour`, async () => {
    const body = (i: number) => ({
      eMail: `neu${i}@fremd.example`, eMail2: `neu${i}@fremd.example`, Kennwort: 'Sicher-2026', Kennwort2: 'Sicher-2026', NamensZeile1: 'Labor', PLZ: '20457', LandISO2: 'DE',
    });
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => post('/api/register/fast', body(i), '203.0.113.61')));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(GUEST_LIMITS.register.perIp);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(25 - GUEST_LIMITS.register.perIp);
    // honeypot
    const hp = await post('/api/register/fast', { ...body(99), [HONEYPOT_FIELD]: 'x' }, '203.0.113.62');
    expect(hp.status).toBe(400);
  });

  it('registrations at the same moment from many addresses each get their own customer number, none a 5xx', async () => {
    const body = (i: number) => ({
      eMail: `gleichzeitig${i}@fremd.example`, eMail2: `gleichzeitig${i}@fremd.example`, Kennwort: 'Sicher-2026', Kennwort2: 'Sicher-2026', NamensZeile1: 'Labor', PLZ: '20457', LandISO2: 'DE',
    });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => post('/api/register/fast', body(i), `198.51.100.${i + 1}`)));
    expect(answers.map((r) => r.status)).toEqual(Array(30).fill(200));
    const numbers = answers.map((r) => (r.body as { result: { kdnr: number } }).result.kdnr);
    expect(new Set(numbers).size).toBe(30);
  });

  it(`password forgotten: ${GUEST_LIMITS.forgot.perEmail} mails per account and hour, however many addresses ask`, async () => {
    const to = 'praxislabor@example.com'; // LAB_B
    const before = (await env.db.selectFrom('mails').select('id').where('to_addr', '=', to).execute()).length;
    const codes = [];
    for (let i = 0; i < 8; i++) codes.push((await post('/api/password/forgot', { login: String(LAB_B) }, `198.51.100.${40 + i}`)).status);
    expect(codes).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    const after = (await env.db.selectFrom('mails').select('id').where('to_addr', '=', to).execute()).length;
    expect(after - before).toBe(GUEST_LIMITS.forgot.perEmail);
  });

  it(`verification links: ${GUEST_LIMITS.verify.perIp} guesses per address and hour`, async () => {
    const codes = [];
    for (let i = 0; i < GUEST_LIMITS.verify.perIp + 2; i++) {
      codes.push((await env.client().req('GET', `/api/register/verify/guess${i}aaaaaaaa/de/de`, undefined, { 'x-forwarded-for': '203.0.113.63' })).status);
    }
    expect(codes.filter((s) => s === 200)).toHaveLength(GUEST_LIMITS.verify.perIp);
    expect(codes.slice(-2)).toEqual([429, 429]);
  });
});

describe('guest uploads', () => {
  it('the guests\' daily disk quota: past it 507 upload_quota_exceeded and no file is written', async () => {
    // noise: photos are re-encoded before they count, and noise keeps its size through that
    const img = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c0ffee', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png().toBuffer();
    config.guestUploadMbPerDay = (img.length * 2.5) / (1024 * 1024); // room for two photos
    const artnr = (await env.db.selectFrom('articles').select('artnr').orderBy('artnr').limit(1).executeTakeFirstOrThrow()).artnr;
    const send = (i: number) => {
      const f = new FormData();
      for (const [k, v] of Object.entries({ name: 'Gast', email: `gast${i}@fremd.example`, kdnr: '123456', lieferschein: 'LS-1', artnr, menge: '1', grund: 'x', text: 'y' })) f.set(k, v);
      f.append('photos', new Blob([new Uint8Array(img)]), 'foto.png');
      return env.client().req('POST', '/api/forms/retoure', f, { 'x-forwarded-for': `198.51.100.${60 + i}` });
    };
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await send(i)).status);
    expect(codes).toEqual([200, 200, 507, 507]);
    const files = fs.readdirSync(path.join(uploadDir, 'guest'), { recursive: true }).filter((f) => String(f).endsWith('.png'));
    expect(files).toHaveLength(2);
  });
});
