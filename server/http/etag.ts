// Content ETags and If-None-Match for everything the site answers with a body it knows in full: the
// prebuilt files (static-files.ts) and the on-demand pages held back for their CSP (page-headers.ts).
import { createHash } from 'node:crypto';

/** A weak ETag from the content: the same for every encoding of it (they are semantically equal). */
export function contentEtag(data: Buffer | string): string {
  return `W/"${createHash('sha1').update(data).digest('base64url').slice(0, 22)}"`;
}

/** If-None-Match against a (weak) ETag: weak comparison, `*`, lists. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => opaque(t) === opaque(etag));
}
