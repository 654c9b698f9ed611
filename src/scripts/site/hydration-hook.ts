// Starts the hand-over of input typed before hydration (hydration.ts) for every island that hydrates.
// The hand-over itself is loaded with the first island that hydrates: islands hydrate on interaction
// or when visible, so a page nobody touched does not load it.
const settle = (island: Element) => void import('./hydration.ts').then((m) => m.settle(island));

export function initHydrationInput(): void {
  document.addEventListener('astro:hydrate', (e) => settle(e.target as Element), true);
  // islands that hydrated before this script ran
  for (const island of document.querySelectorAll('astro-island[data-keep]')) settle(island);
}
