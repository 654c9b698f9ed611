// How server/site.ts hands the resolved session to the on-demand pages. The node adapter's standalone
// handler drops the `locals` argument, so the session travels in a request header that server/site.ts
// always removes from the incoming request first (a client cannot forge it) and sets itself; the Astro
// middleware turns it into Astro.locals.session.
export const SESSION_HEADER = 'x-shop-session';

export interface HeaderSession { kdnr: number; firma: number }

export function encodeSessionHeader(s: HeaderSession): string {
  return `${s.kdnr}:${s.firma}`;
}

export function decodeSessionHeader(v: string | null | undefined): HeaderSession | null {
  const m = /^(\d{1,9}):(\d{1,3})$/.exec(v ?? '');
  if (!m) return null;
  const kdnr = Number(m[1]), firma = Number(m[2]);
  return kdnr > 0 ? { kdnr, firma } : null;
}
