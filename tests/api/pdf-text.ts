// The text of a PDF as a reader sees it: poppler's pdftotext (UTF-8), so a test checks what prints,
// not how the content stream encodes it (the embedded Unicode font draws glyph ids, not letters).
import { execFileSync } from 'node:child_process';
import type { Client, TestEnv } from './harness.ts';

/** The PDF's text, page by page in drawing order (-raw), no-break spaces as spaces. */
export function pdfToText(bytes: Uint8Array, mode: '-raw' | '-layout' = '-raw'): string {
  return execFileSync('pdftotext', [mode, '-enc', 'UTF-8', '-', '-'], { input: bytes }).toString('utf8').replace(/[\u00a0\u202f]/g, ' ');
}

/** The raw bytes of a GET or POST answer with the client's cookies (the harness reads bodies as text). */
export async function rawBytes(env: TestEnv, c: Client, method: string, url: string, body?: unknown) {
  const cookies = (c as unknown as { cookies: Map<string, string> }).cookies;
  const headers: Record<string, string> = { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await env.app.request(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}
