// The one translate function of pages, islands and server (src/i18n/translate.ts): i18next's file
// format without i18next, and keys typed from de.json.
import { describe, expect, it } from 'vitest';
import { makeT } from '../../src/i18n/translate.ts';
import { getT } from '../../src/i18n/index.ts';

// keys of the made-up dictionaries below are plain strings (typed keys check literals against de.json)
const k = (s: string): string => s;

describe('makeT', () => {
  const t = makeT({ a: 'Hallo {{name}}!', 'n_one': '{{count}} Artikel', 'n_other': '{{count}} Artikel (viele)', 'z_zero': 'keine', 'z_other': '{{count}}', plain: 'x' }, 'de');
  it('interpolates and picks plural forms', () => {
    expect(t(k('a'), { name: 'Eva' })).toBe('Hallo Eva!');
    expect(t(k('n'), { count: 1 })).toBe('1 Artikel');
    expect(t(k('n'), { count: 5 })).toBe('5 Artikel (viele)');
    expect(t(k('z'), { count: 0 })).toBe('keine');
    expect(t(k('z'), { count: 2 })).toBe('2');
    expect(t(k('missing'))).toBe('missing');
    expect(t(k('a'))).toBe('Hallo {{name}}!');
  });
  it('uses the language plural rules (pl: few/many)', () => {
    const pl = makeT({ 'x_one': 'one', 'x_few': 'few', 'x_many': 'many', 'x_other': 'other' }, 'pl');
    expect(pl(k('x'), { count: 1 })).toBe('one');
    expect(pl(k('x'), { count: 3 })).toBe('few');
    expect(pl(k('x'), { count: 5 })).toBe('many');
  });
  it('groups a count as the language writes it ({{count, number}})', () => {
    const msg = { 'n_other': '{{count, number}} articles' };
    expect(makeT(msg, 'fr')(k('n'), { count: 15092 })).toBe('15\u202f092 articles');
    expect(makeT(msg, 'de')(k('n'), { count: 15092 })).toBe('15.092 articles');
    expect(makeT(msg, 'en')(k('n'), { count: 15092 })).toBe('15,092 articles');
  });
  it('falls back to a second dictionary', () => {
    expect(makeT({}, 'en', { plain: 'German' })(k('plain'))).toBe('German');
  });
});

describe('typed keys', () => {
  it('a literal key must exist in de.json (checked by tsc: the lines below must stay errors)', () => {
    const t = makeT({}, 'de');
    // @ts-expect-error — not a key of de.json
    expect(t('no.such_key')).toBe('no.such_key');
    // @ts-expect-error — no key matches this template
    expect(t(`no_family.${k('x')}`)).toBe('no_family.x');
    expect(t('app.loading')).toBe('app.loading');
    expect(t('shop.last_purchase_months', { count: 2 })).toBe('shop.last_purchase_months');
  });
});

describe('getT (pages and server)', () => {
  it('the language first, German for keys it lacks, English for unknown languages, plural forms', async () => {
    const fr = await getT('fr');
    expect(fr('nav.search')).not.toBe((await getT('de'))('nav.search'));
    expect(fr('shop.last_purchase_months', { count: 3 })).toContain('3');
    expect((await getT('xx'))('nav.search')).toBe((await getT('en'))('nav.search'));
  });
});
