// Response headers that protect the shop's pages, API answers and uploads (docs/SECURITY.md):
// no sniffing, no framing, a strict referrer, the camera for the shop itself only, HSTS behind https,
// and Content-Security-Policies — pages allow only their own scripts plus the hashes of their inline
// scripts (no 'unsafe-inline' for scripts), API answers allow nothing.
import { createHash } from 'node:crypto';
import type http from 'node:http';
import { config } from '../config.ts';

/** True when the shop is published under https (PUBLIC_URL): HSTS and Secure cookies. Read once at start, as the
 *  cookie settings are: reading the environment on every answer cost more than the rest of these headers. */
const HTTPS = /^https:/i.test(process.env.PUBLIC_URL ?? '');
export const isHttps = () => HTTPS;

const COMMON: readonly (readonly [string, string])[] = Object.entries({
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()',
  ...(HTTPS ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
});

/** Headers of every answer (pages, API, uploads), as name/value pairs. */
export const commonHeaders = (): readonly (readonly [string, string])[] => COMMON;

/** CSP of JSON and file answers of the API: nothing may load or run, nobody may frame it. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/** An API answer's headers before it is written: the common ones, and the API's CSP and no-store unless the answer sets its own. */
export function apiDefaultHeaders(res: http.ServerResponse): void {
  for (const [k, v] of COMMON) res.setHeader(k, v);
  res.setHeader('content-security-policy', API_CSP);
  res.setHeader('cache-control', 'no-store');
}

function origin(url: string): string | null {
  try { return url ? new URL(url).origin : null; } catch { return null; }
}

/** Executable inline scripts (no src, a JavaScript type) of an HTML document; data blocks do not count. */
export function inlineScripts(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = m[1] ?? '';
    if (/\ssrc\s*=/i.test(attrs)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && type !== 'module' && !/^(text|application)\/(java|ecma)script$/.test(type)) continue;
    out.push(m[2] ?? '');
  }
  return out;
}

export const scriptHash = (code: string) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;

/**
 * CSP of a page: its own scripts and the hashes of the inline scripts it contains; analytics (MATOMO_URL)
 * and the consent-gated YouTube player are allowed when used. Styles may be inline (Astro inlines small
 * stylesheets and islands set style attributes); scripts may not.
 */
export function pageCsp(html: string): string {
  const hashes = [...new Set(inlineScripts(html).map(scriptHash))];
  const analytics = origin(config.analyticsUrl);
  const extra = analytics ? ` ${analytics}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${extra}${hashes.length ? ` ${hashes.join(' ')}` : ''}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${extra}`,
    "font-src 'self' data:",
    `connect-src 'self'${extra}`,
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    'frame-src https://www.youtube-nocookie.com',
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(isHttps() ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}
