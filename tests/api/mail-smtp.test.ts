// Mails go to a real SMTP server when SMTP_URL is set (server/lib/mail.ts, nodemailer): a minimal SMTP
// sink receives the password-reset mail, the outbox row records the delivery, and the development
// outbox call is closed while SMTP is configured.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestEnv } from './harness.ts';

interface Received { from: string; to: string[]; data: string }
const received: Received[] = [];
let sink: net.Server;
let env: TestEnv;
let stopJobs: () => Promise<void> = async () => {};

/** Just enough SMTP for nodemailer: EHLO, MAIL, RCPT, DATA, QUIT. */
function startSink(): Promise<number> {
  sink = net.createServer((sock) => {
    sock.write('220 sink ESMTP\r\n');
    let buf = '', inData = false, cur: Received = { from: '', to: [], data: '' };
    sock.on('data', (chunk) => {
      buf += chunk.toString('utf8');
      let i: number;
      while ((i = buf.indexOf('\r\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 2);
        if (inData) {
          if (line === '.') { inData = false; received.push(cur); cur = { from: '', to: [], data: '' }; sock.write('250 queued\r\n'); }
          else cur.data += line.replace(/^\.\./, '.') + '\n';
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO') sock.write('250-sink\r\n250 8BITMIME\r\n');
        else if (cmd === 'MAIL') { cur.from = line; sock.write('250 ok\r\n'); }
        else if (cmd === 'RCPT') { cur.to.push(line); sock.write('250 ok\r\n'); }
        else if (cmd === 'DATA') { inData = true; sock.write('354 go ahead\r\n'); }
        else if (cmd === 'QUIT') { sock.write('221 bye\r\n'); sock.end(); }
        else sock.write('250 ok\r\n');
      }
    });
  });
  return new Promise((r) => sink.listen(0, '127.0.0.1', () => r((sink.address() as AddressInfo).port)));
}

beforeAll(async () => {
  const port = await startSink();
  // before the server modules load: config reads SMTP_URL once
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  process.env.MAIL_FROM = 'shop@test.example';
  const { setupApi } = await import('./harness.ts');
  env = await setupApi();
  // the mail-delivery job, as a started server runs it
  const { startJobs } = await import('../../server/jobs/index.ts');
  stopJobs = startJobs(env.db);
});

afterAll(async () => {
  await stopJobs();
  await env?.close();
  await new Promise((r) => sink.close(r));
  delete process.env.SMTP_URL;
  delete process.env.MAIL_FROM;
});

describe('SMTP delivery', () => {
  it('the password-reset mail reaches the SMTP server and the outbox row records it', async () => {
    const c = env.client();
    const r = await c.post('/api/guest/password/forgot?country=de&lang=de', { login: '123456', firma: 1 });
    expect(r.status).toBe(200);
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(1);
    const mail = received[0]!;
    expect(mail.from).toContain('shop@test.example');
    expect(mail.data.replace(/=\n/g, '')).toContain('Ihr Team von Dentalversand Nord GmbH');
    expect(mail.to.join()).toContain('labor@example.com');
    // quoted-printable soft line breaks removed, the link is whole
    const body = mail.data.replace(/=\n/g, '');
    expect(body).toMatch(/Subject: .*Kennwort/);
    expect(body).toMatch(/\/de\/de\/new-password\/123456\/[A-Za-z0-9_-]{20,}/);
    await expect.poll(async () => (await env.db.selectFrom('mails').select(['sent_at', 'error']).where('kind', '=', 'password_reset')
      .orderBy('id', 'desc').executeTakeFirst())?.sent_at ?? null, { timeout: 5000 }).not.toBeNull();
  });

  it("an isLS customer's mail comes from LS Dental Logistik and is signed by it, not by the default brand", async () => {
    const before = received.length;
    const r = await env.client().post('/api/guest/password/forgot?country=dk&lang=en', { login: '777777', firma: 3 });
    expect(r.status).toBe(200);
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(before + 1);
    const mail = received.at(-1)!;
    // MAIL_FROM is the default brand's sender; the other brand keeps its own
    expect(mail.from).toContain('service@ls-dental-logistik.example');
    expect(mail.from).not.toContain('shop@test.example');
    const body = mail.data.replace(/=\n/g, '');
    expect(body).toMatch(/^From: .*LS Dental Logistik GmbH.*<service@ls-dental-logistik\.example>/m);
    expect(body).toContain('Your LS Dental Logistik GmbH team');
    expect(body).toContain('+49 421 555 470-0');
    expect(body).not.toContain('Dentalversand Nord');
  });

  it('the development outbox is closed while SMTP is configured', async () => {
    expect((await env.client().get('/api/dev/outbox?to=labor@example.com')).status).toBe(404);
  });
});
