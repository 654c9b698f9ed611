// Security headers on every answer of the site (static files and on-demand pages). HTML is held back
// until it is complete so its CSP can carry the hashes of exactly the inline scripts it contains — for
// prerendered and server-rendered pages alike, whatever renders them (server/http/security-headers.ts).
import type http from 'node:http';
import { commonHeaders, pageCsp } from './http/security-headers.ts';
import { contentEtag, matchesEtag } from './http/etag.ts';

/** A header among writeHead's arguments (object, [k, v, …] or [[k, v], …]), else the one already set. */
function headerOf(res: http.ServerResponse, head: unknown[] | null, name: string): string {
  const h = head?.find((x) => x && typeof x === 'object');
  let v: unknown;
  if (Array.isArray(h)) {
    const pairs: unknown[][] = Array.isArray(h[0]) ? h as unknown[][] : h.flatMap((x, i) => (i % 2 ? [] : [[x, h[i + 1]]]));
    v = pairs.find((p) => String(p[0]).toLowerCase() === name)?.[1];
  } else if (h) v = Object.entries(h).find(([k]) => k.toLowerCase() === name)?.[1];
  return String(v ?? res.getHeader(name) ?? '');
}

/** Installs the headers on `res`; call before the site's handler writes anything. */
export function withPageHeaders(req: http.IncomingMessage, res: http.ServerResponse): void {
  for (const [k, v] of commonHeaders()) res.setHeader(k, v);
  const writeHead = res.writeHead.bind(res) as (...a: unknown[]) => http.ServerResponse;
  const write = res.write.bind(res) as (...a: unknown[]) => boolean;
  const end = res.end.bind(res) as (...a: unknown[]) => http.ServerResponse;
  let head: unknown[] | null = null; // writeHead's arguments, held back while an HTML body is collected
  let held: boolean | null = null; // decided at the first writeHead/write/end
  const chunks: Buffer[] = [];
  const decide = () => {
    if (held !== null) return;
    const html = /^text\/html/i.test(headerOf(res, head, 'content-type'));
    // a prebuilt page comes with its CSP (static-files.ts: hashed from the file, the body may be compressed)
    const ready = headerOf(res, head, 'content-security-policy') !== '';
    held = html && !ready && req.method !== 'HEAD';
    if (ready) { res.writeHead = writeHead as typeof res.writeHead; if (head) writeHead(...head); return; }
    if (html && !held) res.setHeader('content-security-policy', pageCsp(''));
    if (held) return;
    // passed through: Node writes an implicit head through res.writeHead, which must be the real one again
    res.writeHead = writeHead as typeof res.writeHead;
    if (head) writeHead(...head);
  };
  const keep = (c: unknown, enc?: unknown) => {
    if (c === undefined || c === null || typeof c === 'function') return;
    chunks.push(Buffer.isBuffer(c) ? c : typeof c === 'string' ? Buffer.from(c, typeof enc === 'string' ? enc as BufferEncoding : 'utf8') : Buffer.from(c as Uint8Array));
  };
  res.writeHead = ((...a: unknown[]) => { head = a; decide(); return res; }) as typeof res.writeHead;
  res.write = ((c: unknown, ...rest: unknown[]) => {
    decide();
    if (!held) return write(c, ...rest);
    keep(c, rest[0]);
    const cb = rest.find((x) => typeof x === 'function') as (() => void) | undefined;
    if (cb) queueMicrotask(cb);
    return true;
  }) as typeof res.write;
  res.end = ((c?: unknown, ...rest: unknown[]) => {
    decide();
    if (!held) return end(c, ...rest);
    keep(c, rest[0]);
    const body = Buffer.concat(chunks);
    res.setHeader('content-security-policy', pageCsp(body.toString('utf8')));
    res.writeHead = writeHead as typeof res.writeHead; // end() may write the implicit head through it
    const cb = [c, ...rest].find((x) => typeof x === 'function') as (() => void) | undefined;
    // a page rendered on demand revalidates like a prebuilt one: its ETag from the bytes, 304 when unchanged
    const status = typeof head?.[0] === 'number' ? head[0] : res.statusCode;
    if (status === 200) {
      const etag = contentEtag(body);
      res.setHeader('etag', etag);
      if (matchesEtag(req.headers['if-none-match'], etag)) {
        if (head) { head[0] = 304; if (typeof head[1] === 'string') head[1] = 'Not Modified'; } else res.statusCode = 304;
        res.statusMessage = 'Not Modified';
        res.removeHeader('content-length');
        if (head) writeHead(...head);
        return end(cb);
      }
    }
    if (head) writeHead(...head);
    return end(body, cb);
  }) as typeof res.end;
}
