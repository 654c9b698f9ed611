// The site host (server/site.ts) with stand-in builds: static pages from files, on-demand pages through
// the build's handler, and the atomic switch to another site generation (CMS publish, server/publish/).
import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SiteHost } from '../../server/site.ts';

let root: string;
let server: http.Server;
let base: string;
let host: SiteHost;

/**
 * A stand-in build: a node handler answering with its version, and static pages (`files`: client/ of a
 * complete build, pages/ for the overlay of a site generation).
 */
function writeBuild(dir: string, version: string, pages = ['de/de', 'de/de/service'], files = 'client'): void {
  fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'server', 'entry.mjs'),
    `export const handler = (req, res) => { res.setHeader('x-build', ${JSON.stringify(version)}); res.end(${JSON.stringify(version)} + ' ' + req.url); };\n`);
  for (const p of [...pages, 'de/de/404']) {
    fs.mkdirSync(path.join(dir, files, p), { recursive: true });
    fs.writeFileSync(path.join(dir, files, p, 'index.html'), `<html>${version} ${p}</html>`);
  }
}

async function get(p: string): Promise<{ status: number; body: string }> {
  const res = await fetch(base + p, { redirect: 'manual' });
  return { status: res.status, body: await res.text() };
}

beforeEach(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-swap-'));
  writeBuild(path.join(root, 'dist'), 'v1');
  host = new SiteHost({ dir: path.join(root, 'dist'), shopDomain: 'shop.example', session: async () => null });
  expect(await host.load()).toBe(true);
  server = http.createServer((req, res) => void host.handle(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await new Promise((r) => server.close(r));
  fs.rmSync(root, { recursive: true, force: true });
});

describe('site host', () => {
  it('serves static pages from their files, on-demand pages through the build handler and unknown paths as its 404 page', async () => {
    expect(await get('/de/de/service/')).toEqual({ status: 200, body: '<html>v1 de/de/service</html>' });
    expect(await get('/de/de/kamera/')).toEqual({ status: 200, body: 'v1 /de/de/kamera/' });
    const nf = await get('/de/de/nothing-here');
    expect(nf.status).toBe(404);
    expect(nf.body).toBe('<html>v1 de/de/404</html>');
  });

  it('switches to a site generation: its handler, its overlay pages, the base build for the rest, withdrawn pages gone', async () => {
    fs.mkdirSync(path.join(root, 'dist', 'client', 'de', 'de', 'company'), { recursive: true });
    fs.writeFileSync(path.join(root, 'dist', 'client', 'de', 'de', 'company', 'index.html'), '<html>v1 company</html>');
    fs.mkdirSync(path.join(root, 'dist', 'client', 'de', 'de', 'alt'), { recursive: true });
    fs.writeFileSync(path.join(root, 'dist', 'client', 'de', 'de', 'alt', 'index.html'), '<html>v1 alt</html>');
    host = new SiteHost({ dir: path.join(root, 'dist'), shopDomain: 'shop.example', session: async () => null });
    await host.load();
    const next = path.join(root, 'gen-2');
    writeBuild(next, 'v2', ['de/de/service', 'de/de/neu'], 'pages');
    fs.writeFileSync(path.join(next, 'generation.json'), JSON.stringify({ removed: ['/de/de/alt/index.html'] }));
    await host.serve(next);
    expect(host.servedDir).toBe(next);
    expect(await get('/de/de/service/')).toEqual({ status: 200, body: '<html>v2 de/de/service</html>' });
    expect(await get('/de/de/neu/')).toEqual({ status: 200, body: '<html>v2 de/de/neu</html>' });
    expect(await get('/de/de/company/')).toEqual({ status: 200, body: '<html>v1 company</html>' });
    expect(await get('/de/de/kamera/')).toEqual({ status: 200, body: 'v2 /de/de/kamera/' });
    expect((await get('/de/de/alt/')).status).toBe(404);
    expect((await get('/de/de/nothing-here')).body).toContain('v2');
    // back to the base build
    await host.serve(path.join(root, 'dist'));
    expect(await get('/de/de/service/')).toEqual({ status: 200, body: '<html>v1 de/de/service</html>' });
    expect((await get('/de/de/alt/')).body).toBe('<html>v1 alt</html>');
  });

  it('keeps serving while it switches: every request sees the old or the new generation, never an error', async () => {
    const next = path.join(root, 'gen-2');
    writeBuild(next, 'v2', ['de/de', 'de/de/service'], 'pages');
    const during = Array.from({ length: 40 }, () => get('/de/de/service/'));
    await host.serve(next);
    const results = await Promise.all([...during, get('/de/de/service/')]);
    for (const r of results) {
      expect(r.status).toBe(200);
      expect(['<html>v1 de/de/service</html>', '<html>v2 de/de/service</html>']).toContain(r.body);
    }
    expect(results.at(-1)!.body).toBe('<html>v2 de/de/service</html>');
  });

  it('refuses a directory without a complete build and keeps serving the current one', async () => {
    await expect(host.serve(path.join(root, 'missing'))).rejects.toThrow(/no complete build/);
    expect((await get('/de/de/')).body).toBe('<html>v1 de/de</html>');
  });
});
