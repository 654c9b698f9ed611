// Wakes islands mounted with client:interaction="{topic}" (src/integrations/interaction-directive.ts):
// the header's login panel, user select and cart-add panel hydrate when another island needs them.
export function activate(topic: 'login' | 'user-select' | 'cart-panel' | 'search'): void {
  if (typeof document === 'undefined') return;
  document.dispatchEvent(new CustomEvent('shop:activate', { detail: topic }));
}
