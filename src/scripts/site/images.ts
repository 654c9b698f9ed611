// Images fall back to a placeholder on error (section 8); lazy loading is native (loading="lazy").
const PLACEHOLDER = '/images/placeholder.svg';

function fallback(img: HTMLImageElement): void {
  if (img.dataset.fallback === '1' || img.src.endsWith(PLACEHOLDER)) return;
  img.dataset.fallback = '1';
  img.srcset = '';
  img.src = PLACEHOLDER;
}

export function initImages(): void {
  document.addEventListener('error', (e) => { if (e.target instanceof HTMLImageElement) fallback(e.target); }, true);
  // errors that happened before this module ran
  for (const img of document.images) if (img.complete && img.naturalWidth === 0 && img.currentSrc) fallback(img);
}
