// On-the-fly compression of what is rendered per request (on-demand pages, API JSON): a response of a
// compressible type that reaches THRESHOLD bytes is streamed through brotli (fast level) or gzip as
// the client's Accept-Encoding prefers; smaller ones, already encoded ones (precompressed files) and
// other types pass unchanged. The renderers write to the Node response as usual: this wraps its
// writeHead/write/end, holding the head back until the first THRESHOLD bytes (or the end) decide.
import type http from 'node:http';
import { compressibleType, compressWhole, liveCompressor, negotiateEncoding, type Encoding } from '../lib/encoding.ts';

/** below this many bytes compression saves less than the header and the CPU cost it adds */
export const COMPRESS_THRESHOLD = 1024;
/** up to this size a complete answer is compressed in one call: a stream costs more to set up than it saves */
const WHOLE_MAX = 64 * 1024;
const OFFERED: Encoding[] = ['br', 'gzip'];

/** The encoding a kept body (cached page or answer) of `size` bytes goes to a client in; null: as it is. */
export function keptBodyEncoding(acceptEncoding: string | string[] | undefined, size: number): Encoding | null {
  return size >= COMPRESS_THRESHOLD ? negotiateEncoding(acceptEncoding, OFFERED) : null;
}

type Listener = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** Wraps a request listener so its responses are compressed as described above. */
export function withCompression(listener: Listener, threshold = COMPRESS_THRESHOLD): Listener {
  return (req, res) => {
    compressResponse(req, res, threshold);
    listener(req, res);
  };
}

/** Adds Accept-Encoding to the Vary header (once). */
export function addVary(res: http.ServerResponse): void {
  const vary = String(res.getHeader('vary') ?? '');
  if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) res.setHeader('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/** Adds Vary to an answer that could be compressed (a compressible type not encoded yet); returns whether it could. */
function varyIfCompressible(res: http.ServerResponse): boolean {
  const compressible = !res.getHeader('content-encoding') && compressibleType(res.getHeader('content-type'));
  if (compressible) addVary(res);
  return compressible;
}

/** writeHead's own headers (object or [k, v, …]) moved into setHeader, so headers can still join them. */
function moveHeaders(res: http.ServerResponse, args: unknown[]): void {
  const h = args.find((x) => x && typeof x === 'object');
  if (Array.isArray(h)) for (let i = 0; i + 1 < h.length; i += 2) res.setHeader(String(h[i]), h[i + 1] as string);
  else if (h) for (const [k, v] of Object.entries(h as http.OutgoingHttpHeaders)) if (v !== undefined) res.setHeader(k, v);
}

/** A client that accepts no encoding we offer: the answer passes as written (no buffering), told to vary. */
function varyOnly(res: http.ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (...a: unknown[]) => http.ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    moveHeaders(res, rest);
    varyIfCompressible(res);
    return writeHead(status, ...rest.filter((x) => typeof x === 'string')); // the reason phrase, if given
  }) as typeof res.writeHead;
}

export function compressResponse(req: http.IncomingMessage, res: http.ServerResponse, threshold = COMPRESS_THRESHOLD): void {
  const enc = negotiateEncoding(req.headers['accept-encoding'], OFFERED);
  if (req.method === 'HEAD') return;
  if (enc === null) return varyOnly(res);
  const writeHead = res.writeHead.bind(res) as (...a: unknown[]) => http.ServerResponse;
  const write = res.write.bind(res) as (...a: unknown[]) => boolean;
  const end = res.end.bind(res) as (...a: unknown[]) => http.ServerResponse;
  let held: Buffer[] = [];
  let heldBytes = 0;
  let decided: 'plain' | 'compress' | null = null;
  let stream: ReturnType<typeof liveCompressor> | null = null;

  /** the head with the headers as set so far (writeHead's own headers were moved into setHeader) */
  const sendHead = () => { if (!res.headersSent) writeHead(res.statusCode); };

  /** whether the answer of `total` bytes (null: not known yet) is compressed; Vary for every compressible type */
  const eligible = (total: number | null): boolean => {
    const status = res.statusCode;
    return varyIfCompressible(res) && status >= 200 && status !== 204 && status !== 206 && status !== 304
      && !/no-transform/i.test(String(res.getHeader('cache-control') ?? ''))
      && (total === null || total >= threshold);
  };

  /** `total`: the whole length when the end is known; plain output that is held is left to the caller */
  const decide = (total: number | null): 'plain' | 'compress' => {
    if (!eligible(total)) {
      decided = 'plain';
      if (total === null) { sendHead(); write(Buffer.concat(held)); held = []; }
      return decided;
    }
    decided = 'compress';
    res.setHeader('content-encoding', enc);
    res.removeHeader('content-length');
    sendHead();
    stream = liveCompressor(enc, total ?? undefined);
    stream.on('data', (d: Buffer) => write(d));
    stream.on('end', () => end());
    // a client that went away: drop the compressor's buffers with it
    res.once('close', () => { if (!res.writableFinished) stream?.destroy(); });
    for (const c of held) stream.write(c);
    held = [];
    return decided;
  };

  const toBuffer = (c: unknown, e?: unknown): Buffer | null => {
    if (c === undefined || c === null || typeof c === 'function') return null;
    if (Buffer.isBuffer(c)) return c;
    if (typeof c === 'string') return Buffer.from(c, typeof e === 'string' ? e as BufferEncoding : 'utf8');
    return Buffer.from(c as Uint8Array);
  };

  res.writeHead = ((status: number, ...rest: unknown[]) => {
    if (decided === 'plain') return writeHead(status, ...rest);
    res.statusCode = status;
    moveHeaders(res, rest);
    return res;
  }) as typeof res.writeHead;

  res.write = ((c: unknown, ...rest: unknown[]) => {
    const cb = rest.find((x) => typeof x === 'function') as (() => void) | undefined;
    const buf = toBuffer(c, rest[0]);
    if (decided === 'plain') return write(c, ...rest);
    if (decided === 'compress') { if (buf) stream!.write(buf); cb?.(); return true; }
    if (buf) { held.push(buf); heldBytes += buf.length; }
    if (heldBytes >= threshold) decide(null);
    cb?.();
    return true;
  }) as typeof res.write;

  res.end = ((c?: unknown, ...rest: unknown[]) => {
    const cb = [c, ...rest].find((x) => typeof x === 'function') as (() => void) | undefined;
    const buf = toBuffer(c, rest[0]);
    if (decided === null) {
      if (buf) { held.push(buf); heldBytes += buf.length; }
      const length = Number(res.getHeader('content-length'));
      const total = Number.isFinite(length) && length > 0 ? Math.max(length, heldBytes) : heldBytes;
      if (total === heldBytes && total <= WHOLE_MAX && eligible(total)) {
        // the whole answer is here (API JSON, a small page): one compressed write with its length
        decided = 'compress';
        const body = Buffer.concat(held);
        held = [];
        const send = (out: Buffer) => {
          if (res.destroyed) return;
          res.setHeader('content-encoding', enc);
          res.setHeader('content-length', out.length);
          sendHead();
          end(out, ...(cb ? [cb] : []));
        };
        const out = compressWhole(enc, body);
        if (Buffer.isBuffer(out)) send(out);
        else out.then(send, (e: unknown) => res.destroy(e as Error));
        return res;
      }
      if (decide(total) === 'plain') {
        const body = Buffer.concat(held);
        held = [];
        // no explicit head: end() writes it with the Content-Length of the body
        return end(...(body.length ? [body] : []), ...(cb ? [cb] : []));
      }
    } else if (decided === 'plain') return end(c, ...rest);
    else if (buf) stream!.write(buf);
    if (cb) res.once('finish', cb);
    stream!.end();
    return res;
  }) as typeof res.end;
}
