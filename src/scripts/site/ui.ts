// Renders the UI primitives of src/stores/ui.ts for every page: toast (shown while its text is
// non-empty; hazard, checkmark or info icon; close clears it), one dialog at a time (confirm,
// prompt, progress closing at 100) and the action popup (300 px wide, ≤ 300 px high, kept in the
// window). Islands only set the stores; this module owns the DOM.
import { ACTION_POPUP_MAX_HEIGHT_PX, ACTION_POPUP_WIDTH_PX } from '../../lib/rules/constants.ts';
import {
  $actionPopup, $dialog, $toast, clearToast, closeActions, closeDialog, openDialog, setProgress, showActions, showToast,
  type ActionPopup, type Dialog, type Toast,
} from '../../stores/ui.ts';
import { qs, uiString } from './dom.ts';

const ICONS: Record<string, string> = { error: 'hazard', warn: 'hazard', success: 'check', info: 'info' };

function icon(name: string): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('class', 'icon');
  svg.setAttribute('aria-hidden', 'true');
  const use = document.createElementNS('http://www.w3.org/2000/svg', 'use');
  use.setAttribute('href', `/images/icons.svg#${name}`);
  svg.append(use);
  return svg;
}

function button(text: string, cls: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = cls;
  b.textContent = text;
  b.addEventListener('click', onClick);
  return b;
}

function renderToast(): void {
  const region = qs('[data-toast-region]');
  if (!region) return;
  const t = $toast.get();
  region.replaceChildren();
  if (!t.text) return;
  const box = document.createElement('div');
  box.className = `toast toast--${t.type}`;
  box.setAttribute('role', t.type === 'error' ? 'alert' : 'status');
  const text = document.createElement('p');
  text.textContent = t.text;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'toast__close';
  close.setAttribute('aria-label', uiString('toastClose'));
  close.append(icon('close'));
  close.addEventListener('click', clearToast);
  box.append(icon(ICONS[t.type] ?? 'info'), text, close);
  region.append(box);
}

let shownDialog: Dialog | null = null;
function renderDialog(): void {
  const el = qs<HTMLDialogElement>('[data-ui-dialog]');
  if (!el) return;
  const d = $dialog.get();
  if (!d) { shownDialog = null; if (el.open) el.close(); return; }
  // progress updates of the same dialog only move the bar
  if (shownDialog && d.progress !== undefined && shownDialog.title === d.title) {
    const bar = qs<HTMLProgressElement>('progress', el);
    if (bar) { bar.value = d.progress; shownDialog = d; return; }
  }
  shownDialog = d;
  const h = document.createElement('h2');
  h.id = 'ui-dialog-title';
  h.textContent = d.title;
  const body: Node[] = [h];
  if (d.text) { const p = document.createElement('p'); p.textContent = d.text; body.push(p); }
  let input: HTMLInputElement | null = null;
  if (d.input) {
    const label = document.createElement('label');
    label.textContent = d.input.label;
    input = document.createElement('input');
    input.value = d.input.value ?? '';
    label.append(input);
    body.push(label);
  }
  if (d.progress !== undefined) {
    const bar = document.createElement('progress');
    bar.max = 100;
    bar.value = d.progress;
    bar.setAttribute('aria-label', uiString('pleaseWait'));
    body.push(bar);
  } else {
    const actions = document.createElement('div');
    actions.className = 'dialog__actions';
    if (d.showCancel || d.onCancel) actions.append(button(uiString('cancel'), 'btn', () => { closeDialog(); d.onCancel?.(); }));
    // a prompt when a confirm handler exists, otherwise a notice with OK
    actions.append(d.onConfirm
      ? button(uiString('confirm'), 'btn btn--primary', () => { const v = input?.value; closeDialog(); d.onConfirm!(v); })
      : button(uiString('ok'), 'btn btn--primary', closeDialog));
    body.push(actions);
  }
  el.replaceChildren(...body);
  el.setAttribute('aria-labelledby', h.id);
  if (!el.open) el.showModal();
}

function renderActions(): void {
  const el = qs('[data-action-popup]');
  if (!el) return;
  const p = $actionPopup.get();
  if (!p) { el.hidden = true; el.replaceChildren(); return; }
  const items: Node[] = [];
  if (p.label) { const l = document.createElement('p'); l.className = 'action-popup__label'; l.textContent = p.label; items.push(l); }
  for (const a of p.actions) {
    items.push(button(a.text, a.highlight ? 'action-popup__btn is-highlight' : 'action-popup__btn', () => { closeActions(); a.handler(); }));
  }
  el.replaceChildren(...items);
  el.hidden = false;
  el.style.width = `${ACTION_POPUP_WIDTH_PX}px`;
  el.style.maxHeight = `${ACTION_POPUP_MAX_HEIGHT_PX}px`;
  const r = p.target.getBoundingClientRect();
  const h = Math.min(el.offsetHeight, ACTION_POPUP_MAX_HEIGHT_PX);
  const left = Math.min(Math.max(8, r.left), window.innerWidth - ACTION_POPUP_WIDTH_PX - 8);
  const below = r.bottom + 4;
  const top = below + h > window.innerHeight - 8 ? Math.max(8, r.top - h - 4) : below;
  el.style.left = `${Math.max(8, left)}px`;
  el.style.top = `${top}px`;
  (el.querySelector('button') as HTMLButtonElement | null)?.focus();
}

export function initUi(): void {
  $toast.subscribe(renderToast);
  $dialog.subscribe(renderDialog);
  $actionPopup.subscribe(renderActions);
  const dlg = qs<HTMLDialogElement>('[data-ui-dialog]');
  dlg?.addEventListener('cancel', (e) => { e.preventDefault(); const d = $dialog.get(); if (d && d.progress === undefined) { closeDialog(); d.onCancel?.(); } });
  document.addEventListener('click', (e) => {
    const el = qs('[data-action-popup]');
    if (el && !el.hidden && !el.contains(e.target as Node) && !$actionPopup.get()?.target.contains(e.target as Node)) closeActions();
  });
  document.addEventListener('keydown', (e) => { if (e.key === 'Escape') closeActions(); });
  // the same primitives for code that does not import the stores (inline scripts, server-rendered forms)
  document.addEventListener('shop:toast', (e) => { const t = (e as CustomEvent<Toast>).detail; showToast(t.text, t.type); });
  document.addEventListener('shop:dialog', (e) => { openDialog((e as CustomEvent<Dialog>).detail); });
  document.addEventListener('shop:progress', (e) => { setProgress((e as CustomEvent<number>).detail); });
  document.addEventListener('shop:actions', (e) => { showActions((e as CustomEvent<ActionPopup>).detail); });
}
