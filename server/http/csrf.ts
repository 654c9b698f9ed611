// Cross-site request refusal (CSRF): a state-changing call — every POST/PUT/PATCH/DELETE and the spec's
// few GET calls that change state (logout, tooth-cabinet auto booking) — is answered only when the
// browser says it comes from the shop's own origin.
//
// Browsers tell: Sec-Fetch-Site (all current browsers) must be `same-origin`; without it, Origin must be
// the shop's own (host of the request or of PUBLIC_URL). A request with neither header is not a browser
// request made on a user's behalf (curl, server-to-server, the CMS webhook, API clients): it carries no
// ambient cookie a third site could lend it, so it is let through.
import type { Context } from 'hono';
import { ApiError } from './errors.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function host(url: string): string | null {
  try { return new URL(url).host.toLowerCase(); } catch { return null; }
}

/** The hosts this request may come from: the one it was sent to and the configured public address. */
function ownHosts(c: Context): Set<string> {
  const hosts = new Set<string>();
  const h = c.req.header('host') ?? host(c.req.url);
  if (h) hosts.add(h.toLowerCase());
  const pub = process.env.PUBLIC_URL ? host(process.env.PUBLIC_URL) : null;
  if (pub) hosts.add(pub);
  return hosts;
}

/** True when a browser reports a cross-site (or cross-origin) sender. */
export function isCrossSite(c: Context): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site) return site.toLowerCase() !== 'same-origin';
  const origin = c.req.header('origin');
  if (origin === undefined) return false;
  const h = host(origin);
  return h === null || !ownHosts(c).has(h);
}

/** Throws 403 for a cross-site state-changing call (`stateChangingGet`: a GET that changes state). */
export function refuseCrossSite(c: Context, stateChangingGet = false): void {
  if (!stateChangingGet && !UNSAFE.has(c.req.method.toUpperCase())) return;
  if (isCrossSite(c)) throw new ApiError(403, 'forbidden', { reason: 'cross_site_request' });
}
