import { describe, it, expect } from 'vitest';
import { artbez, ARTICLE_IMAGE_WIDTHS, articleImages, articleSrcset, artnrFromArtbez, hqImagePrefixes, normalizeArtnr } from '../../src/lib/rules/artnr.ts';

describe('normalizeArtnr', () => {
  it('removes a leading letter-plus-dash prefix', () => {
    expect(normalizeArtnr('K-123456')).toBe('123456');
    expect(normalizeArtnr('a-123456')).toBe('123456');
  });
  it('FH- loses its dash (and is not removed as a prefix)', () => {
    expect(normalizeArtnr('FH-123456')).toBe('FH123456');
    expect(normalizeArtnr('fh-123456')).toBe('fh123456');
    expect(normalizeArtnr('FH123456')).toBe('FH123456');
  });
  it('cuts a trailing version after a dot or slash', () => {
    expect(normalizeArtnr('123456.2')).toBe('123456');
    expect(normalizeArtnr('123456/01')).toBe('123456');
    expect(normalizeArtnr('123456.1.2')).toBe('123456');
    expect(normalizeArtnr('123456/1.2')).toBe('123456');
  });
  it('combines the steps', () => {
    expect(normalizeArtnr('K-123456.3')).toBe('123456');
    expect(normalizeArtnr('FH-4711/2')).toBe('FH4711');
    expect(normalizeArtnr('  FH-4711.9  ')).toBe('FH4711');
  });
  it('leaves plain and multi-letter-prefixed numbers alone', () => {
    expect(normalizeArtnr('123456')).toBe('123456');
    expect(normalizeArtnr('AB-123')).toBe('AB-123');
    expect(normalizeArtnr('12-345')).toBe('12-345');
    expect(normalizeArtnr('123S')).toBe('123S');
    expect(normalizeArtnr('1234-K')).toBe('1234-K');
  });
  it('removes only one prefix and only at the start', () => {
    expect(normalizeArtnr('K-L-123')).toBe('L-123');
    expect(normalizeArtnr('123K-4')).toBe('123K-4');
  });
  it('handles empty input', () => {
    expect(normalizeArtnr('')).toBe('');
    expect(normalizeArtnr(null)).toBe('');
    expect(normalizeArtnr(undefined)).toBe('');
    expect(normalizeArtnr('.5')).toBe('');
  });
});

describe('artbez', () => {
  it('article number, dash, lowercased description with spaces as dashes', () => {
    expect(artbez('123456', 'Gips Typ 4')).toBe('123456-gips-typ-4');
    expect(artbez('FH4711', 'Modellgips')).toBe('FH4711-modellgips');
  });
  it('URL-encodes', () => {
    expect(artbez('123456', 'Zähne Größe A/B')).toBe(`123456-${encodeURIComponent('zähne-größe-a/b')}`);
    expect(artbez('123456', 'Zähne Größe A/B')).toBe('123456-z%C3%A4hne-gr%C3%B6%C3%9Fe-a%2Fb');
    expect(artbez('1', '50% Rabatt & mehr?')).toBe('1-50%25-rabatt-%26-mehr%3F');
  });
  it('turns every space into a dash and trims', () => {
    expect(artbez('1', '  A  B ')).toBe('1-a--b');
    expect(artbez('1', 'A\tB')).toBe('1-a-b');
  });
  it('keeps the dash for an empty description', () => {
    expect(artbez('123456', '')).toBe('123456-');
    expect(artbez('123456', null)).toBe('123456-');
  });
});

describe('artnrFromArtbez', () => {
  it('is everything before the first dash', () => {
    expect(artnrFromArtbez('123456-gips-typ-4')).toBe('123456');
    expect(artnrFromArtbez('123456-')).toBe('123456');
    expect(artnrFromArtbez('123456')).toBe('123456');
    expect(artnrFromArtbez('')).toBe('');
    expect(artnrFromArtbez(null)).toBe('');
  });
  it('inverts artbez for encoded and decoded segments', () => {
    for (const [nr, bez] of [['123456', 'Zähne Größe A/B'], ['FH4711', '50% Rabatt'], ['999S1', 'Set - oben']] as const) {
      const seg = artbez(nr, bez);
      expect(artnrFromArtbez(seg)).toBe(nr);
      expect(artnrFromArtbez(decodeURIComponent(seg))).toBe(nr);
    }
  });
  it('survives a bare percent sign in an already-decoded segment', () => {
    expect(artnrFromArtbez('123-50%-rabatt')).toBe('123');
  });
});

describe('hqImagePrefixes', () => {
  it('first 1 and first 4 characters', () => {
    expect(hqImagePrefixes('123456')).toEqual(['1', '1234']);
    expect(hqImagePrefixes('FH47')).toEqual(['F', 'FH47']);
    expect(hqImagePrefixes('12')).toEqual(['1', '12']);
  });
});

describe('articleImages', () => {
  it('product images by the reference, else by the article number; hq under the first 1 and 4 characters', () => {
    expect(articleImages('61593S1', '182769S')).toEqual({
      small: '/images/artikel/small/182769S.webp',
      large: '/images/artikel/large/182769S.webp',
      hq: '/images/hq/6/6159/61593S1.webp',
    });
    expect(articleImages('123456', '')).toMatchObject({ small: '/images/artikel/small/123456.webp' });
    expect(articleImages('123456', null).large).toBe('/images/artikel/large/123456.webp');
  });
  it('encodes the path parts', () => {
    expect(articleImages('A/B 1').small).toBe('/images/artikel/small/A%2FB%201.webp');
  });
  it('srcset lists the sizes between two with their pixel widths', () => {
    const i = articleImages('61593S1', '182769S');
    expect(articleSrcset(i, 'small', 'large')).toBe(`${i.small} ${ARTICLE_IMAGE_WIDTHS.small}w, ${i.large} ${ARTICLE_IMAGE_WIDTHS.large}w`);
    expect(articleSrcset(i, 'large', 'hq')).toBe(`${i.large} ${ARTICLE_IMAGE_WIDTHS.large}w, ${i.hq} ${ARTICLE_IMAGE_WIDTHS.hq}w`);
    expect(ARTICLE_IMAGE_WIDTHS.small).toBeLessThan(ARTICLE_IMAGE_WIDTHS.large);
    expect(ARTICLE_IMAGE_WIDTHS.large).toBeLessThan(ARTICLE_IMAGE_WIDTHS.hq);
  });
});
