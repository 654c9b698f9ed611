// The session hand-over to on-demand pages (server/site.ts → x-shop-session → Astro middleware): the
// host sets the header from its own session check and always drops a header the client sent.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SiteHost } from '../../server/site.ts';
import { SESSION_HEADER, decodeSessionHeader, encodeSessionHeader } from '../../src/lib/site/sessionHeader.ts';

let root: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-session-'));
  const dist = path.join(root, 'dist');
  fs.mkdirSync(path.join(dist, 'server'), { recursive: true });
  // a stand-in build whose handler answers with the header it received
  fs.writeFileSync(path.join(dist, 'server', 'entry.mjs'),
    `export const handler = (req, res) => { res.end(String(req.headers[${JSON.stringify(SESSION_HEADER)}] ?? '-')); };\n`);
  fs.mkdirSync(path.join(dist, 'client', 'de/de/404'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'client', 'de/de/404', 'index.html'), '404');
  const host = new SiteHost({
    dir: dist, shopDomain: 'shop.example',
    session: async (sid) => (sid === 'good' ? { kdnr: 123456, firma: 1 } : null),
  });
  expect(await host.load()).toBe(true);
  server = http.createServer((req, res) => void host.handle(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  fs.rmSync(root, { recursive: true, force: true });
});

const konto = (headers: Record<string, string>) => fetch(`${base}/de/de/konto/`, { headers }).then((r) => r.text());

describe('session header of on-demand pages', () => {
  it('carries the session the host resolved from the sid cookie', async () => {
    expect(await konto({ cookie: 'sid=good' })).toBe('123456:1');
  });
  it('is absent for guests and for unknown sessions', async () => {
    expect(await konto({})).toBe('-');
    expect(await konto({ cookie: 'sid=stale' })).toBe('-');
  });
  it('cannot be forged by the client', async () => {
    expect(await konto({ [SESSION_HEADER]: '654321:1' })).toBe('-');
    expect(await konto({ [SESSION_HEADER]: '654321:1', cookie: 'sid=good' })).toBe('123456:1');
  });
  it('round-trips and rejects malformed values', () => {
    expect(decodeSessionHeader(encodeSessionHeader({ kdnr: 42, firma: 3 }))).toEqual({ kdnr: 42, firma: 3 });
    for (const bad of ['', '0:1', 'x:1', '1:', '1:2:3', '1234567890:1', null, undefined]) expect(decodeSessionHeader(bad)).toBeNull();
  });
});
