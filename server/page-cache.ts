// Short-lived cache of on-demand pages rendered for guests (product details): every guest gets the same
// HTML for the same host and address, so one render serves the next requests for `ttlMs`. Customers
// (a session) always get a fresh render; a swapped site build clears it, and so does a change of any
// article, price, currency, category or content on any instance (bus topics, server/lib/cache-topics.ts).
// A compressed copy per encoding is made once per entry, when the first client asking for it comes.
import type http from 'node:http';
import { addVary, keptBodyEncoding } from './http/compress.ts';
import { keptEncoding, type KeptBody } from './lib/encoding.ts';
import { pageCsp } from './http/security-headers.ts';
import { contentEtag, matchesEtag } from './http/etag.ts';
import { Cache } from './lib/cache.ts';
import { CATALOGUE_TOPICS, TOPIC } from './lib/cache-topics.ts';

interface Entry extends KeptBody { status: number; headers: http.OutgoingHttpHeaders }

export class GuestPageCache {
  private entries: Cache<string, Entry>;
  private ttlMs: number;
  constructor(ttlMs: number, max = 2000) {
    this.ttlMs = ttlMs;
    this.entries = new Cache({ ttlMs, max, emptiedBy: [...CATALOGUE_TOPICS, TOPIC.content] });
  }

  get enabled(): boolean { return this.ttlMs > 0; }
  clear(): void { this.entries.clear(); }

  /** Answers from the cache; false when there is nothing fresh. */
  serve(key: string, req: http.IncomingMessage, res: http.ServerResponse): boolean {
    const e = this.entries.get(key);
    if (!e) return false;
    for (const [k, v] of Object.entries(e.headers)) if (v !== undefined) res.setHeader(k, v);
    if (matchesEtag(req.headers['if-none-match'], String(e.headers.etag))) { addVary(res); res.writeHead(304).end(); return true; }
    const enc = keptBodyEncoding(req.headers['accept-encoding'], e.body.length);
    const body = enc ? keptEncoding(e, enc) : e.body;
    addVary(res);
    if (enc) res.setHeader('content-encoding', enc);
    res.setHeader('content-length', body.length);
    res.writeHead(e.status).end(req.method === 'HEAD' ? undefined : body);
    return true;
  }

  /** Lets `render` answer the request and keeps a 200 HTML answer (without cookies) for the key. */
  async fill(key: string, res: http.ServerResponse, render: () => Promise<void> | void): Promise<void> {
    const chunks: Buffer[] = [];
    const readAt = this.entries.version; // a page rendered across an invalidation is not kept
    // the renderer may pass its headers to writeHead instead of setting them: keep those as well
    let given: http.OutgoingHttpHeaders = {};
    const writeHead = res.writeHead.bind(res) as (...a: unknown[]) => http.ServerResponse;
    res.writeHead = ((status: number, ...rest: unknown[]) => {
      const h = rest.find((x) => x && typeof x === 'object');
      if (h) given = Array.isArray(h) ? Object.fromEntries(pairs(h as string[])) : { ...(h as http.OutgoingHttpHeaders) };
      return writeHead(status, ...rest);
    }) as typeof res.writeHead;
    const write = res.write.bind(res) as (...a: unknown[]) => boolean;
    const end = res.end.bind(res) as (...a: unknown[]) => http.ServerResponse;
    const keep = (c: unknown, enc?: unknown) => {
      if (c === undefined || c === null || typeof c === 'function') return;
      chunks.push(Buffer.isBuffer(c) ? c : typeof c === 'string' ? Buffer.from(c, typeof enc === 'string' ? enc as BufferEncoding : 'utf8') : Buffer.from(c as Uint8Array));
    };
    res.write = ((c: unknown, ...rest: unknown[]) => { keep(c, rest[0]); return write(c, ...rest); }) as typeof res.write;
    res.end = ((c?: unknown, ...rest: unknown[]) => {
      keep(c, rest[0]);
      const headers: http.OutgoingHttpHeaders = {};
      for (const [k, v] of Object.entries({ ...res.getHeaders(), ...given })) headers[k.toLowerCase()] = v;
      delete headers['set-cookie'];
      // the kept body is the identity one: the encoding (and its length) the response was sent with
      // belongs to that client (server/http/compress.ts compresses each answer for its own client)
      delete headers['content-encoding'];
      delete headers['content-length'];
      if (res.statusCode === 200 && String(headers['content-type'] ?? '').startsWith('text/html')) {
        const body = Buffer.concat(chunks);
        // served compressed later, the page's CSP (hashes of its inline scripts) is taken from the identity body now
        headers['content-security-policy'] = pageCsp(body.toString('utf8'));
        headers.etag = contentEtag(body);
        this.entries.set(key, { status: 200, headers, body, encoded: {} }, readAt);
      }
      return end(c, ...rest);
    }) as typeof res.end;
    await render();
  }
}

/** [name, value, name, value, …] (raw header arrays) → entries */
function pairs(a: string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i + 1 < a.length; i += 2) out.push([a[i]!, a[i + 1]!]);
  return out;
}
