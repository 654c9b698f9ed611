// Article numbers: normalising typed/scanned input (spec section 5) and the product-detail
// URL segment "artbez" (section 2).
//
// Catalogue article numbers never contain a dash: normalising removes the only dashed forms
// (letter-dash prefixes, FH-). That is what lets artnrFromArtbez() split at the first dash.

/**
 * Normalises an article number as typed or scanned, in this order:
 *  1. "FH-" loses its dash ("FH-1234" → "FH1234"). This runs first so the FH prefix survives;
 *  2. a leading single-letter-plus-dash prefix is removed ("K-1234" → "1234"). Multi-letter
 *     prefixes are part of the number (FH is one), so only one letter is stripped;
 *  3. a trailing version after a dot or slash is cut at the first dot or slash
 *     ("1234.2" → "1234", "1234/01" → "1234").
 * Surrounding whitespace is trimmed; letter case is kept.
 */
export function normalizeArtnr(input: string | null | undefined): string {
  return (input ?? '')
    .trim()
    .replace(/^(FH)-/i, '$1')
    .replace(/^[A-Za-z]-/, '')
    .replace(/[./].*$/s, '');
}

/**
 * URL segment for product details: article number, a dash, then the lowercased description
 * with each whitespace character turned into a dash, URL-encoded.
 * artbez('1234', 'Gips Typ 4') → '1234-gips-typ-4'.
 */
export function artbez(artnr: string, bezeichnung: string | null | undefined): string {
  const slug = (bezeichnung ?? '').trim().toLowerCase().replace(/\s/g, '-');
  return `${encodeURIComponent(artnr.trim())}-${encodeURIComponent(slug)}`;
}

/**
 * Inverse of artbez: the article number is everything before the first dash (see the note at
 * the top). Accepts the encoded or the already-decoded segment; without a dash the whole
 * segment is the article number.
 */
export function artnrFromArtbez(segment: string | null | undefined): string {
  let s = (segment ?? '').trim();
  try {
    s = decodeURIComponent(s);
  } catch {
    // already decoded and containing a bare '%': use as is
  }
  const dash = s.indexOf('-');
  return dash === -1 ? s : s.slice(0, dash);
}

/** High-quality images live under the first 1 and the first 4 characters of the article number. */
export function hqImagePrefixes(artnr: string): [string, string] {
  const s = artnr.trim();
  return [s.slice(0, 1), s.slice(0, 4)];
}

export interface ArticleImages { small: string; large: string; hq: string }
export type ArticleImageSize = keyof ArticleImages;

/** Pixel width of each image size (square images): the `w` descriptors of a `srcset`. */
export const ARTICLE_IMAGE_WIDTHS: Record<ArticleImageSize, number> = { small: 240, large: 640, hq: 1280 };

/**
 * Image addresses of an article (section 9): product images by the reference when there is one
 * (variants share the reference's picture), else by the article number; the high-quality image
 * under the first 1 and 4 characters of the article number. WebP; missing files fall back to a
 * placeholder in the browser.
 */
export function articleImages(artnr: string, referenz?: string | null): ArticleImages {
  const nr = (artnr ?? '').trim();
  const ref = (referenz ?? '').trim() || nr;
  const [p1, p4] = hqImagePrefixes(nr);
  const enc = encodeURIComponent;
  return {
    small: `/images/artikel/small/${enc(ref)}.webp`,
    large: `/images/artikel/large/${enc(ref)}.webp`,
    hq: `/images/hq/${enc(p1)}/${enc(p4)}/${enc(nr)}.webp`,
  };
}

/** `srcset` of an article's images from one size to another (a card: small…large, the product page: large…hq). */
export function articleSrcset(images: ArticleImages, from: ArticleImageSize, to: ArticleImageSize): string {
  const order: ArticleImageSize[] = ['small', 'large', 'hq'];
  return order.slice(order.indexOf(from), order.indexOf(to) + 1).map((s) => `${images[s]} ${ARTICLE_IMAGE_WIDTHS[s]}w`).join(', ');
}
