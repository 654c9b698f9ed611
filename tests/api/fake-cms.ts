// A stand-in Strapi for the publish test and `npm run bench:site`: serves the content data files
// (src/content/data) as Strapi v5 answers (`filters[country]`/`filters[language]` honoured), with
// per-entry edits the caller sets.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

const DATA = path.resolve(import.meta.dirname, '../../src/content/data');

type Entry = Record<string, unknown>;

export interface FakeCms { url: string; edits: Map<string, (e: Entry) => Entry>; close(): Promise<void> }

export async function startFakeCms(): Promise<FakeCms> {
  const edits = new Map<string, (e: Entry) => Entry>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const p = path.join(DATA, `${path.basename(decodeURIComponent(url.pathname.replace(/^\/api\//, '')))}.json`);
    const entries = fs.existsSync(p) ? (JSON.parse(fs.readFileSync(p, 'utf8')) as Entry[]) : [];
    const country = url.searchParams.get('filters[country]'), language = url.searchParams.get('filters[language]');
    const data = entries.map((e) => edits.get(String(e.id))?.(e) ?? e)
      .filter((e) => (country === null || e.country === country) && (language === null || e.language === language));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data, meta: { pagination: { pageCount: 1 } } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    edits,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
