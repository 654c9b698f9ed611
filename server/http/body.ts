// Request bodies read under limits counted on the bytes actually received, while streaming: a declared
// Content-Length over the limit is refused before reading, a chunked body as soon as it passes the limit.
// JSON (and other plain) bodies: config.bodyLimitBytes. Multipart: per file, per field, per request and
// files per request; files are kept in memory, so one request holds at most uploadRequestMaxBytes and all
// requests together at most uploadMemoryBytes (the reservation ends with the request: releaseBody).
import { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { config } from '../config.ts';
import { ApiError } from './errors.ts';

export interface UploadLimits { fileBytes: number; requestBytes: number; maxFiles: number; fieldBytes: number; maxFields: number }

export const uploadLimits = (): UploadLimits => ({
  fileBytes: config.uploadFileMaxBytes, requestBytes: config.uploadRequestMaxBytes, maxFiles: config.uploadMaxFiles,
  fieldBytes: config.bodyLimitBytes, maxFields: 1000,
});

/** 413 with the limit (the rest of the body is discarded, see discardRest). */
export const tooLarge = (key: string, extra: Record<string, unknown>) => new ApiError(413, key, extra);

/** Bytes of multipart bodies held in memory, per request and in total. */
const held = new WeakMap<Context, number>();
let heldTotal = 0;

function reserve(c: Context, bytes: number): void {
  if (heldTotal + bytes > config.uploadMemoryBytes) {
    throw new ApiError(503, 'uploads_busy', { retryAfter: 10 });
  }
  heldTotal += bytes;
  held.set(c, (held.get(c) ?? 0) + bytes);
}

/** Ends the request's memory reservation (called when its answer is ready). */
export function releaseBody(c: Context): void {
  heldTotal -= held.get(c) ?? 0;
  held.delete(c);
}

/** How much of a refused body is still read (and dropped), and for how long, before the connection is cut. */
const DISCARD_MAX_BYTES = 64 * 1024 * 1024;
const DISCARD_MAX_MS = 5000;

function declaredLength(c: Context): number | null {
  const v = c.req.header('content-length');
  const n = v === undefined ? NaN : Number(v);
  return Number.isFinite(n) ? n : null;
}

/**
 * Reads and drops what the client still sends after a refusal, so it receives the answer instead of a
 * reset connection; nothing is kept. After `maxBytes` more or `maxMs` the connection is cut.
 */
function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, maxBytes = DISCARD_MAX_BYTES, maxMs = DISCARD_MAX_MS): void {
  const cut = () => void reader.cancel().catch(() => {});
  const timer = setTimeout(cut, maxMs);
  timer.unref?.();
  void (async () => {
    let n = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        n += value.byteLength;
        if (n > maxBytes) { cut(); break; }
      }
    } catch { /* connection gone */ } finally { clearTimeout(timer); }
  })();
}

/**
 * The Node request behind the context (@hono/node-server's `env.incoming`) while nobody read its body:
 * read directly it costs no web Request and ReadableStream per call (a tenth of a small search's CPU).
 */
function untouchedIncoming(c: Context): IncomingMessage | null {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  return incoming instanceof IncomingMessage && !incoming.readableDidRead && !incoming.destroyed ? incoming : null;
}

/** As discardRest, for the Node request: the rest is read and dropped, the connection cut past the bounds. */
function discardIncoming(incoming: IncomingMessage, maxBytes = DISCARD_MAX_BYTES, maxMs = DISCARD_MAX_MS): void {
  let n = 0;
  const cut = () => incoming.destroy();
  const timer = setTimeout(cut, maxMs);
  timer.unref?.();
  incoming.on('data', (ch: Buffer) => { n += ch.byteLength; if (n > maxBytes) cut(); });
  incoming.once('close', () => clearTimeout(timer));
  incoming.resume();
}

/** Chunks of the body; throws (via `over`) as soon as more than `limit` bytes arrived. */
async function* chunks(c: Context, limit: number, over: () => ApiError): AsyncGenerator<Uint8Array> {
  const declared = declaredLength(c);
  if (declared !== null && declared > limit) throw over();
  const incoming = untouchedIncoming(c);
  if (incoming) {
    let total = 0, complete = false;
    try {
      // destroyOnReturn false: a refused body is drained (the client gets the answer), not reset
      for await (const ch of incoming.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
        total += ch.byteLength;
        if (total > limit) throw over();
        yield ch;
      }
      complete = true;
    } finally {
      if (!complete) discardIncoming(incoming);
    }
    return;
  }
  const body = c.req.raw.body;
  if (!body) return;
  const reader = body.getReader();
  let total = 0, complete = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) { complete = true; return; }
      total += value.byteLength;
      if (total > limit) throw over();
      yield value;
    }
  } finally {
    // refused (or the reader stopped early): drop the rest instead of buffering or resetting
    if (complete) reader.releaseLock(); else discardRest(reader);
  }
}

/** The whole body as text, at most `limit` bytes (default: BODY_LIMIT_BYTES). */
export async function readText(c: Context, limit = config.bodyLimitBytes): Promise<string> {
  const parts: Uint8Array[] = [];
  for await (const ch of chunks(c, limit, () => tooLarge('body_too_large', { maxBytes: limit }))) parts.push(ch);
  return Buffer.concat(parts).toString('utf8');
}

/** A JSON body (empty body: {}); 400 invalid_json, 413 body_too_large. */
export async function readJson(c: Context, limit = config.bodyLimitBytes): Promise<unknown> {
  const text = await readText(c, limit);
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, 'invalid_json');
  }
}

const CRLF2 = Buffer.from('\r\n\r\n');
const MAX_PART_HEADER = 8 * 1024;

function partHeaders(raw: string): { name: string; filename: string | null; type: string } {
  const disp = /^content-disposition:(.*)$/im.exec(raw)?.[1] ?? '';
  const param = (k: string) => {
    const m = new RegExp(`(?:^|;)\\s*${k}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(disp) ?? new RegExp(`(?:^|;)\\s*${k}=([^;]*)`, 'i').exec(disp);
    return m ? m[1]!.replace(/\\(.)/g, '$1').trim() : null;
  };
  const name = param('name');
  if (name === null) throw new ApiError(400, 'invalid_input', { reason: 'multipart_part_without_name' });
  return { name, filename: param('filename'), type: (/^content-type:(.*)$/im.exec(raw)?.[1] ?? '').trim() };
}

/**
 * Reads a multipart/form-data (or urlencoded) body; every field may repeat (arrays). Limits are checked
 * on every chunk: a too large file answers 413 upload_too_large with its field, too many files 413
 * too_many_files, a too large request 413 upload_too_large. Other content types answer 400.
 */
export async function readMultipart(c: Context, limits: UploadLimits = uploadLimits()): Promise<Record<string, (string | File)[]>> {
  const type = c.req.header('content-type') ?? '';
  const out: Record<string, (string | File)[]> = {};
  const add = (k: string, v: string | File) => { (out[k] ??= []).push(v); };
  if (/^application\/x-www-form-urlencoded/i.test(type)) {
    for (const [k, v] of new URLSearchParams(await readText(c, limits.fieldBytes))) add(k, v);
    return out;
  }
  const boundary = /^multipart\/form-data\b.*?;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(type);
  if (!boundary) throw new ApiError(400, 'multipart_required');
  const delim = Buffer.from(`\r\n--${boundary[1] ?? boundary[2]}`);

  let buf: Buffer = Buffer.from('\r\n'); // the first delimiter has no CRLF before it
  let state: 'preamble' | 'after' | 'headers' | 'body' | 'done' = 'preamble';
  let part: { name: string; filename: string | null; type: string; chunks: Buffer[]; size: number } | null = null;
  let files = 0, fields = 0;
  const keep = (data: Buffer) => {
    if (!part || data.length === 0) return;
    part.size += data.length;
    if (part.filename !== null && part.size > limits.fileBytes) throw tooLarge('upload_too_large', { field: part.name, maxBytes: limits.fileBytes });
    if (part.filename === null && part.size > limits.fieldBytes) throw tooLarge('body_too_large', { field: part.name, maxBytes: limits.fieldBytes });
    reserve(c, data.length);
    part.chunks.push(data);
  };
  const finish = () => {
    if (!part) return;
    const data = Buffer.concat(part.chunks);
    add(part.name, part.filename === null ? data.toString('utf8') : new File([data], part.filename, { type: part.type }));
    part = null;
  };

  const over = () => tooLarge('upload_too_large', { maxBytes: limits.requestBytes });
  for await (const ch of chunks(c, limits.requestBytes, over)) {
    buf = buf.length ? Buffer.concat([buf, ch]) : Buffer.from(ch);
    for (let progressed = true; progressed && state !== 'done';) {
      progressed = false;
      if (state === 'preamble' || state === 'body') {
        const at = buf.indexOf(delim);
        if (at < 0) {
          // everything that cannot be the start of a delimiter belongs to the part
          const safe = Math.max(0, buf.length - delim.length + 1);
          if (state === 'body') keep(buf.subarray(0, safe));
          buf = buf.subarray(safe);
          if (state === 'preamble' && buf.length > MAX_PART_HEADER) throw new ApiError(400, 'invalid_input');
          break;
        }
        if (state === 'body') { keep(buf.subarray(0, at)); finish(); }
        buf = buf.subarray(at + delim.length);
        state = 'after';
        progressed = true;
      } else if (state === 'after') {
        if (buf.length < 2) break;
        if (buf[0] === 0x2d && buf[1] === 0x2d) { state = 'done'; break; } // "--": closing delimiter
        const nl = buf.indexOf('\r\n');
        if (nl < 0) { if (buf.length > 256) throw new ApiError(400, 'invalid_input'); break; }
        buf = buf.subarray(nl + 2);
        state = 'headers';
        progressed = true;
      } else if (state === 'headers') {
        const end = buf.indexOf(CRLF2);
        if (end < 0) { if (buf.length > MAX_PART_HEADER) throw new ApiError(400, 'invalid_input'); break; }
        const h = partHeaders(buf.subarray(0, end).toString('utf8'));
        if (h.filename !== null && ++files > limits.maxFiles) throw tooLarge('too_many_files', { maxFiles: limits.maxFiles });
        if (h.filename === null && ++fields > limits.maxFields) throw tooLarge('body_too_large', { maxFields: limits.maxFields });
        part = { ...h, chunks: [], size: 0 };
        buf = buf.subarray(end + CRLF2.length);
        state = 'body';
        progressed = true;
      }
    }
  }
  if (state !== 'done') throw new ApiError(400, 'invalid_input', { reason: 'multipart_incomplete' });
  return out;
}

/** The text fields of a multipart form (the first value of each), the object a form's body schema parses; files stay apart. */
export function multipartText(form: Record<string, (string | File)[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, vals] of Object.entries(form)) if (typeof vals[0] === 'string') out[k] = vals[0];
  return out;
}
