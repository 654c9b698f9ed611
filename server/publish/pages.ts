// Which static pages a publish renders again: the webhook's affected patterns (server/modules/cms.ts,
// `/{country}/{language}/{page}`, `*` = any segment, a trailing `*` = any page below) matched against
// page paths, and the file a page path is written to (build.format 'directory').

/** The country segment of a page path: `dk`, or `b1-dk` for a brand variant of dk. */
const countryOf = (seg: string): string => seg.replace(/^b\d+-/, '');

/** A matcher for page paths (`/de/de/service/`) from the affected patterns. */
export function pageMatcher(patterns: string[]): (pathname: string) => boolean {
  const compiled = patterns.map((p) => p.split('/').filter(Boolean));
  return (pathname) => {
    const segs = pathname.split('/').filter(Boolean);
    return compiled.some((pat) => {
      for (let i = 0; i < pat.length; i++) {
        const want = pat[i]!;
        const last = i === pat.length - 1;
        if (want === '*' && last && i >= 2) return true; // any page below (the page itself included)
        const got = segs[i];
        if (got === undefined) return false;
        if (want === '*') continue;
        if (i === 0 ? countryOf(got) !== want : got !== want) return false;
      }
      return segs.length === pat.length;
    });
  };
}

/** The countries the patterns name (null: every country). */
export function patternCountries(patterns: string[]): Set<string> | null {
  const out = new Set<string>();
  for (const p of patterns) {
    const c = p.split('/').filter(Boolean)[0];
    if (!c || c === '*') return null;
    out.add(c);
  }
  return out;
}

/** The file of a page path below the client directory (`/de/de/service/` → `/de/de/service/index.html`). */
export function pageFile(pathname: string): string {
  if (/\.[a-z0-9]+$/i.test(pathname)) return pathname;
  return `${pathname.replace(/\/?$/, '/')}index.html`;
}
