// Short-lived cache of server-rendered product pages (shop/artikel/{artbez}/details): a render costs
// several milliseconds of CPU (layout, header islands, React islands), the same page for every visitor of
// the same auth state. The page's data comes from the article cache (60 s) anyway, so keeping the
// finished HTML for PAGE_TTL_MS changes nothing visible and answers repeated views in microseconds.
// Keyed by host, URL and auth state (guest/customer: the only visitor-dependent input of the page);
// dropped with the build it was rendered from (one cache per loaded build).
import type http from 'node:http';

const PAGE_TTL_MS = 30_000;
const PRODUCT_PAGE = /^shop\/artikel\/[^/]+\/details(?:\/\d{1,5})?\/?$/;

interface Entry { at: number; status: number; headers: http.OutgoingHttpHeaders; body: Buffer }

export class PageCache {
  private map = new Map<string, Entry>();
  private readonly max: number;
  /** max: entries kept (SITE_PAGE_CACHE, default 1000 ≈ 70 MB; 0 turns the cache off) */
  constructor(max = Number(process.env.SITE_PAGE_CACHE ?? 1000)) { this.max = max; }

  /** The cache key of a request, or null when the page is not cacheable. */
  keyOf(req: http.IncomingMessage, rest: string, loggedIn: boolean): string | null {
    if (this.max <= 0 || req.method !== 'GET' || !PRODUCT_PAGE.test(rest)) return null;
    return `${req.headers.host ?? ''}|${req.url ?? ''}|${loggedIn ? 'c' : 'g'}`;
  }

  /** Answers from the cache; false when there is no fresh entry. */
  serve(key: string, res: http.ServerResponse): boolean {
    const e = this.map.get(key);
    if (!e) return false;
    if (Date.now() - e.at > PAGE_TTL_MS) { this.map.delete(key); return false; }
    for (const [k, v] of Object.entries(e.headers)) if (v !== undefined && !res.hasHeader(k)) res.setHeader(k, v);
    res.writeHead(e.status, { 'content-length': e.body.length }).end(e.body);
    return true;
  }

  /** Lets `render` answer the request and keeps a copy of a complete 200/404 answer without cookies of its own. */
  async capture(key: string, res: http.ServerResponse, render: () => unknown): Promise<void> {
    const chunks: Buffer[] = [];
    const before = res.getHeader('set-cookie');
    let head: http.OutgoingHttpHeaders = {};
    const writeHead = res.writeHead.bind(res);
    res.writeHead = ((status: number, ...rest: unknown[]) => {
      const h = rest[rest.length - 1];
      if (h && typeof h === 'object' && !Array.isArray(h)) head = { ...(h as http.OutgoingHttpHeaders) };
      return (writeHead as (...a: unknown[]) => http.ServerResponse)(status, ...rest);
    }) as typeof res.writeHead;
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    const keep = (c: unknown, enc?: unknown) => {
      if (c === undefined || c === null || typeof c === 'function') return;
      chunks.push(Buffer.isBuffer(c) ? c : typeof c === 'string' ? Buffer.from(c, typeof enc === 'string' ? enc as BufferEncoding : 'utf8') : Buffer.from(c as Uint8Array));
    };
    res.write = ((c: unknown, ...rest: unknown[]) => { keep(c, rest[0]); return (write as (...a: unknown[]) => boolean)(c, ...rest); }) as typeof res.write;
    res.end = ((c?: unknown, ...rest: unknown[]) => { keep(c, rest[0]); return (end as (...a: unknown[]) => http.ServerResponse)(c, ...rest); }) as typeof res.end;
    res.once('finish', () => {
      if ((res.statusCode !== 200 && res.statusCode !== 404) || res.getHeader('set-cookie') !== before || head['set-cookie']) return;
      const headers: http.OutgoingHttpHeaders = { ...res.getHeaders() };
      for (const [k, v] of Object.entries(head)) headers[k.toLowerCase()] = v;
      for (const h of ['set-cookie', 'content-length', 'transfer-encoding', 'date', 'connection', 'keep-alive']) delete headers[h];
      if (this.map.size >= this.max) this.map.delete(this.map.keys().next().value!);
      this.map.set(key, { at: Date.now(), status: res.statusCode, headers, body: Buffer.concat(chunks) });
    });
    await render();
  }
}
