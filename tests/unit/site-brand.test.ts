// The brand of an isLS country's pages (section 6): the main variant on the shop domain for guests
// and main-brand customers, but a logged-in customer of the isLS company sees the isLS brand there too
// (issue 12: 777777 on a main-brand host saw "Dentalversand Nord" and the company menu).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SiteHost, type SiteSession } from '../../server/site.ts';
import { firmaFor } from '../../src/lib/site/locales.ts';
import { COMPANY_DEFAULT, COMPANY_LS } from '../../src/lib/rules/constants.ts';
import { findCountry } from '../../src/data/countries.ts';
import { config } from '../../server/config.ts';

// the routing rules (server/site-routes.ts) read the configured shop domain too
const MAIN = `www.${config.shopDomain}`;

let root: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-brand-'));
  const dir = path.join(root, 'dist');
  fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'server', 'entry.mjs'), 'export const handler = (req, res) => res.end(req.url);\n');
  for (const p of ['dk/de', 'b1-dk/de', 'b1-dk/nl', 'de/de']) {
    fs.mkdirSync(path.join(dir, 'client', p), { recursive: true });
    fs.writeFileSync(path.join(dir, 'client', p, 'index.html'), `/${p}/`); // the page names its variant
  }
  const sessions: Record<string, SiteSession> = { ls: { kdnr: 777777, firma: COMPANY_LS, subUserId: null }, main: { kdnr: 123456, firma: COMPANY_DEFAULT, subUserId: null } };
  const host = new SiteHost({ dir, shopDomain: config.shopDomain, session: async (sid) => sessions[sid] ?? null });
  expect(await host.load()).toBe(true);
  server = http.createServer((req, res) => void host.handle(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  fs.rmSync(root, { recursive: true, force: true });
});

/** node's fetch refuses a Host header: a raw request carries it */
function get(p: string, hostHeader: string, sid?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const u = new URL(base + p);
    const req = http.request({ host: u.hostname, port: u.port, path: p, headers: { host: hostHeader, ...(sid ? { cookie: `sid=${sid}` } : {}) } }, (res) => {
      let b = ''; res.on('data', (d) => (b += d)); res.on('end', () => resolve(b));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('brand of the pages of an isLS country', () => {
  it('firmaFor: the customer of the country’s company keeps its brand on the main host', () => {
    expect(findCountry('dk')?.fi).toBe(COMPANY_LS);
    expect(firmaFor('dk', true)).toBe(COMPANY_DEFAULT);
    expect(firmaFor('dk', true, COMPANY_DEFAULT)).toBe(COMPANY_DEFAULT);
    expect(firmaFor('dk', true, COMPANY_LS)).toBe(COMPANY_LS);
    expect(firmaFor('dk', false)).toBe(COMPANY_LS);
    // a company that does not serve the country changes nothing
    expect(firmaFor('de', false, COMPANY_LS)).toBe(COMPANY_DEFAULT);
  });

  it('the main host serves the main variant to guests and main customers, the isLS variant to isLS customers', async () => {
    expect(await get('/dk/de/', MAIN)).toBe('/b1-dk/de/');
    expect(await get('/dk/de/', MAIN, 'main')).toBe('/b1-dk/de/');
    expect(await get('/dk/de/', MAIN, 'ls')).toBe('/dk/de/');
    // the isLS host shows its own brand to everyone
    expect(await get('/dk/de/', 'www.ls.example')).toBe('/dk/de/');
    // a page the isLS brand does not have (Dutch) stays the main variant's, also for isLS customers
    expect(await get('/dk/nl/', MAIN, 'ls')).toBe('/b1-dk/nl/');
  });
});
