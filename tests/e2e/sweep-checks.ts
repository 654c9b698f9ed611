// What the route sweep (sweep.spec.ts) checks on a rendered page, as a person would see it:
// horizontal overflow, text that looks like an untranslated key, German pack-size units on a page in
// another language, controls without a name (what a screen reader says of a link, button or field), and
// plain spaces a line may break at where it must not ("10 %", French "Total :": src/lib/rules/typeset.ts).
// Runs inside the page.
import type { Page } from '@playwright/test';
import { renderOutOfSight } from './helpers.ts';

export interface PageFindings {
  /** document width beyond the window (0 = none) and the widest offenders */
  overflow: { scrollWidth: number; innerWidth: number; culprits: string[] } | null;
  /** visible texts (and titles, placeholders, labels) that look like translation keys */
  keys: string[];
  /** on a page in another language than German: pack sizes in the catalogue's German notation ("6 Z", "1 Stk") */
  germanUnits: string[];
  /** visible links, buttons and fields with no accessible name (an icon whose label is display:none) */
  unnamed: string[];
  /** texts with a plain space before "%", or in French before : ; ! ? » or after «: the line may break there */
  breakable: string[];
}

/**
 * Runs in the browser. A "key" is a whole token that is
 *  - dotted lowercase words (`zahnassistent.choose`, `shop.avail.kurzf`), not a domain, e-mail or file name;
 *  - snake_case (`error_menge`, `online_features`);
 *  - an unreplaced interpolation (`{{name}}`, `{name}`).
 * Text inside code/pre/kbd/samp, form field values, scripts and hidden elements does not count;
 * option texts count when their select is visible (a raw key in a select is still shown).
 */
function inspect(): PageFindings {
  // file and package names ("preisliste.pdf", "chart.js" on the open-source page)
  const FILE_EXT = /\.(pdf|csv|jpe?g|png|webp|svg|gif|zip|xlsx?|docx?|stl|ply|obj|txt|xml|json|html?|js|mjs|ts|css)$/i;
  const TLD = /\.(de|com|net|org|eu|at|ch|dk|fr|be|nl|it|es|pl|hu|cz|lu|uk|io|example|info)$/i;
  const DOTTED = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*(?:\.[a-z][a-z0-9]*(?:_[a-z0-9]+)*)+$/;
  const SNAKE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/;
  // Italian titles written with a dotted ending ("la dott.ssa Albers", "sig.ra", "prof.ssa")
  const TITLE = /^(?:dott|prof|sig|avv|ing|arch)\.(?:ssa|ra|na)$/;
  const MUSTACHE = /\{\{?\s*[A-Za-z_][\w.]*\s*(?:,\s*\w+\s*)?\}?\}/;
  const SKIP = 'script,style,noscript,template,code,pre,kbd,samp,textarea,[data-sweep-ignore]';

  const looksLikeKey = (text: string): string | null => {
    const m = MUSTACHE.exec(text);
    if (m) return m[0];
    for (const raw of text.split(/\s+/)) {
      const tok = raw.replace(/^[("'„“«»[]+|[)"'“”«»\],;:!?…]+$/g, '').replace(/\.$/, '');
      if (tok.length < 4 || tok.includes('@') || tok.includes('/')) continue;
      if (DOTTED.test(tok)) {
        const segs = tok.split('.');
        // "z.b", "e.max", "u.a": abbreviations and brand names have a one-letter part
        if (segs.some((s) => s.length < 2) || FILE_EXT.test(tok) || TLD.test(tok) || TITLE.test(tok)) continue;
        return tok;
      }
      if (SNAKE.test(tok)) return tok;
    }
    return null;
  };
  const visible = (el: Element | null): boolean => !!el && (el as HTMLElement).checkVisibility?.({ visibilityProperty: true }) !== false
    && !el.closest('[hidden],[aria-hidden="true"]');

  const keys = new Set<string>();
  const germanUnits = new Set<string>();
  // the catalogue's counted units (articles.gebinde): shown as they are stored, a French lab read "6 Z"
  const GERMAN_UNIT = /\b\d+(?:[.,]\d+)?[ \u00a0](?:Stk|Z|Pkg)(?![\p{L}\d])/u;
  const german = document.documentElement.lang.toLowerCase().startsWith('de');
  const french = document.documentElement.lang.toLowerCase().startsWith('fr');
  // a plain space (U+0020) only: the no-break spaces of typeset() are what is wanted. Percentages and
  // the units of measure of designations and pack sizes ("D3 4 g", "Ø 1,8 mm", "6 dents")
  const UNIT = /\d (?:%|‰|mm|cm|ml|kg|g|°C|Stk|Zähne|dents|teeth|pièces?|pcs)(?![\p{L}\p{N}])/u;
  const FRENCH = / [:;!?»]|« /;
  const mayBreak = (t: string) => UNIT.test(t) || (french && FRENCH.test(t));
  const breakable = new Set<string>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent?.trim();
    const el = n.parentElement;
    if (!text || !el || el.closest(SKIP)) continue;
    const inSelect = el.closest('select');
    if (!visible(inSelect ?? el)) continue;
    const k = looksLikeKey(text);
    if (k) keys.add(`${k} «${text.slice(0, 80)}»`);
    if (!german && GERMAN_UNIT.test(text)) germanUnits.add(`«${text.slice(0, 80)}»`);
    // untrimmed: a node " : 12 €" after a label breaks too
    if (mayBreak(n.textContent ?? '')) breakable.add(`«${(n.textContent ?? '').trim().slice(0, 80)}»`);
  }
  for (const el of document.body.querySelectorAll('[placeholder],[aria-label],[title],img[alt]')) {
    if (el.closest(SKIP) || !visible(el)) continue;
    for (const attr of ['placeholder', 'aria-label', 'title', 'alt']) {
      const v = el.getAttribute(attr);
      const k = v ? looksLikeKey(v) : null;
      if (k) keys.add(`${k} [${attr}]`);
    }
  }
  // The accessible name as far as a page can tell (aria-label, aria-labelledby, label, text, alt, title);
  // innerText leaves out what display:none hides and keeps what .sr-only clips.
  const nameOf = (el: HTMLElement): string => {
    const aria = el.getAttribute('aria-label')?.trim();
    if (aria) return aria;
    const by = (el.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();
    if (by) return by;
    if (el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) {
      const lab = [...(el.labels ?? [])].map((l) => l.innerText).join(' ').trim();
      if (lab) return lab;
      if (el instanceof HTMLInputElement && /^(submit|button|reset)$/.test(el.type)) return el.value.trim();
    } else {
      const text = el.innerText.trim() || [...el.querySelectorAll('img[alt], svg title')].map((x) => x.getAttribute('alt') ?? x.textContent ?? '').join(' ').trim();
      if (text) return text;
    }
    return (el.getAttribute('title') ?? el.getAttribute('placeholder') ?? '').trim();
  };
  const unnamed = new Set<string>();
  const CONTROLS = 'a[href],button,input:not([type="hidden"]),select,textarea,[role="button"],[role="link"],[role="checkbox"],[role="tab"]';
  for (const el of document.body.querySelectorAll<HTMLElement>(CONTROLS)) {
    if (el.closest('[inert],' + SKIP.replace(',textarea', '')) || !visible(el) || nameOf(el)) continue;
    const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    unnamed.add(`${el.tagName.toLowerCase()}${cls} ${(el.getAttribute('href') ?? el.getAttribute('name') ?? '').slice(0, 60)}`.trim());
  }

  const tk = looksLikeKey(document.title);
  if (tk) keys.add(`${tk} [title]`);

  const sw = document.documentElement.scrollWidth;
  let overflow: PageFindings['overflow'] = null;
  if (sw > innerWidth) {
    const culprits: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.right > innerWidth + 1 && r.width > 0 && getComputedStyle(el).position !== 'fixed') {
        // report the outermost offender, not each of its children
        if (el.parentElement && el.parentElement.getBoundingClientRect().right > innerWidth + 1) continue;
        const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
        culprits.push(`${el.tagName.toLowerCase()}${cls} (${Math.round(r.right)}px)`);
        if (culprits.length >= 3) break;
      }
    }
    overflow = { scrollWidth: sw, innerWidth, culprits };
  }
  return { overflow, keys: [...keys], germanUnits: [...germanUnits], unnamed: [...unnamed], breakable: [...breakable] };
}

export async function inspectPage(page: Page): Promise<PageFindings> {
  await renderOutOfSight(page);
  return page.evaluate(inspect);
}
