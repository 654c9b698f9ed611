// Small DOM helpers of the site scripts.
export const html = document.documentElement;

export function qs<T extends Element = HTMLElement>(sel: string, root: ParentNode = document): T | null {
  return root.querySelector<T>(sel as any) as T | null;
}
export function qsa<T extends Element = HTMLElement>(sel: string, root: ParentNode = document): T[] {
  return [...root.querySelectorAll(sel)] as T[];
}

export function getCookie(name: string): string {
  const m = new RegExp(`(?:^|; )${name}=([^;]*)`).exec(document.cookie);
  return m ? decodeURIComponent(m[1]!) : '';
}
export function setCookie(name: string, value: string, days = 365): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${days * 86400}; samesite=lax`;
}
export function clearCookie(name: string): void {
  document.cookie = `${name}=; path=/; max-age=0; samesite=lax`;
}

/** A translated UI string rendered into the page (data-* of #ui-strings). */
export function uiString(key: string): string {
  return document.getElementById('ui-strings')?.dataset[key] ?? '';
}

export const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;
