// The built site's text files (pages, scripts, styles, SVG, sitemaps) served with their precompressed
// variants (src/integrations/precompress.ts): content negotiation on Accept-Encoding (br before gzip,
// `Vary: Accept-Encoding`, the variant's own Content-Length), an ETag from the content for
// If-None-Match revalidation (304), and a year of immutable caching for the hashed /_astro assets.
// Other files (images, videos: ranges, no compression) stay with the build's own static handler.
import type http from 'node:http';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { contentEtag, matchesEtag } from './http/etag.ts';
import { ENCODING_SUFFIX, negotiateEncoding, type Encoding } from './lib/encoding.ts';
import { pageCsp } from './http/security-headers.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json',
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';

interface Entry { file: string; type: string; etag: string; encodings: Encoding[]; csp: string | null }

export class StaticFiles {
  private entries = new Map<string, Promise<Entry>>();
  private readonly locate: (file: string) => string;
  private readonly files: ReadonlySet<string>;

  /** `files`: URL paths of the site's files (see listFiles in site.ts); `locate`: a URL path's file on disk */
  constructor(locate: (file: string) => string, files: ReadonlySet<string>) { this.locate = locate; this.files = files; }

  /** The file a URL path names when this class serves it (a directory means its index.html), else null. */
  resolve(pathname: string): string | null {
    const file = pathname.endsWith('/') ? `${pathname}index.html`
      : this.files.has(`${pathname}/index.html`) ? `${pathname}/index.html` : pathname;
    return this.files.has(file) && TYPES[path.posix.extname(file)] ? file : null;
  }

  /** Answers a GET/HEAD for `file` (from resolve). */
  async serve(file: string, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    let pending = this.entries.get(file);
    if (!pending) {
      pending = this.describe(file);
      this.entries.set(file, pending);
      pending.catch(() => this.entries.delete(file));
    }
    const e = await pending;
    const headers: http.OutgoingHttpHeaders = {
      'content-type': e.type,
      'cache-control': file.startsWith('/_astro/') ? IMMUTABLE : REVALIDATE,
      etag: e.etag,
      vary: 'Accept-Encoding',
    };
    if (e.csp) headers['content-security-policy'] = e.csp;
    if (matchesEtag(req.headers['if-none-match'], e.etag)) { res.writeHead(304, headers).end(); return; }
    const enc = negotiateEncoding(req.headers['accept-encoding'], e.encodings);
    const body = await fsp.readFile(enc ? this.locate(file + ENCODING_SUFFIX[enc]) : e.file);
    if (enc) headers['content-encoding'] = enc;
    headers['content-length'] = body.length;
    res.writeHead(200, headers).end(req.method === 'HEAD' ? undefined : body);
  }

  /** Type, content ETag and available variants of a file (once per build and file). */
  private async describe(file: string): Promise<Entry> {
    const abs = this.locate(file);
    const data = await fsp.readFile(abs);
    const etag = contentEtag(data);
    const encodings = (Object.keys(ENCODING_SUFFIX) as Encoding[]).filter((enc) => this.files.has(file + ENCODING_SUFFIX[enc]));
    const type = TYPES[path.posix.extname(file)]!;
    // a page's CSP carries the hashes of its inline scripts: taken from the identity file once
    const csp = type.startsWith('text/html') ? pageCsp(data.toString('utf8')) : null;
    return { file: abs, type, etag, encodings, csp };
  }
}
