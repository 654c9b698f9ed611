// Product image: lazy (loads once visible), placeholder on error (section 4).
import { useState } from 'react';
import { PLACEHOLDER_IMG } from '../lib/article.ts';

export function Img({ src, alt, className, eager }: { src: string; alt: string; className?: string; eager?: boolean }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      className={className}
      src={failed ? PLACEHOLDER_IMG : src}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      width={160}
      height={160}
      onError={() => setFailed(true)}
    />
  );
}
