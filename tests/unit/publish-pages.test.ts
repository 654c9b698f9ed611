// Which pages a CMS publish renders again (server/publish/pages.ts): the webhook's patterns against page paths.
import { describe, expect, it } from 'vitest';
import { pageFile, pageMatcher, patternCountries } from '../../server/publish/pages.ts';

describe('publish page matcher', () => {
  it('a page pattern matches that page in the country and its brand variants, not its neighbours', () => {
    const hit = pageMatcher(['/*/de/service']);
    expect(hit('/de/de/service/')).toBe(true);
    expect(hit('/b1-dk/de/service/')).toBe(true);
    expect(hit('/de/en/service/')).toBe(false);
    expect(hit('/de/de/service/extra/')).toBe(false);
    expect(hit('/de/de/')).toBe(false);
  });
  it('a trailing * is every page below (the page itself included); the home page pattern only the home page', () => {
    const all = pageMatcher(['/dk/de/*']);
    for (const p of ['/dk/de/', '/dk/de/service/', '/dk/de/legal/agb/', '/b1-dk/de/']) expect(all(p)).toBe(true);
    expect(all('/de/de/')).toBe(false);
    const legal = pageMatcher(['/de/de/legal/*']);
    expect(legal('/de/de/legal/agb/')).toBe(true);
    expect(legal('/de/de/impressum/')).toBe(false);
    const home = pageMatcher(['/de/de/']);
    expect(home('/de/de/')).toBe(true);
    expect(home('/de/de/service/')).toBe(false);
  });
  it('files and countries', () => {
    expect(pageFile('/de/de/service/')).toBe('/de/de/service/index.html');
    expect(pageFile('/de/de')).toBe('/de/de/index.html');
    expect(pageFile('/sitemap-de.xml')).toBe('/sitemap-de.xml');
    expect(patternCountries(['/de/de/service', '/dk/en/*'])).toEqual(new Set(['de', 'dk']));
    expect(patternCountries(['/*/de/service'])).toBeNull();
  });
});
