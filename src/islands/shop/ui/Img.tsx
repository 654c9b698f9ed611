// Product image: the article's small picture with a srcset up to its large one (the browser picks by
// `sizes` and pixel density), lazy (loads once visible), placeholder on error (section 4).
import { useState } from 'react';
import { articleImages, articleSrcset } from '#rules/artnr.ts';
import { PLACEHOLDER_IMG, type ArticleItem } from '../lib/article.ts';

/** Rendered width of the image: the `sizes` attribute (a card column, a cart thumbnail, …). */
export const CARD_IMG_SIZES = '(max-width: 600px) 45vw, 240px';

export function Img({ a, sizes = CARD_IMG_SIZES, alt, className, eager }: {
  a: Pick<ArticleItem, 'Artikelnummer' | 'Referenz'>; sizes?: string; alt: string; className?: string; eager?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const images = articleImages(a.Artikelnummer, a.Referenz);
  return (
    <img
      className={className}
      src={failed ? PLACEHOLDER_IMG : images.small}
      srcSet={failed ? undefined : articleSrcset(images, 'small', 'large')}
      sizes={failed ? undefined : sizes}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      width={160}
      height={160}
      onError={() => setFailed(true)}
    />
  );
}
