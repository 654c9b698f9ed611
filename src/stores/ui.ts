// Global UI state of section 3: toast, one dialog at a time, panels, navigation lock.
import { atom } from 'nanostores';
import { TOAST_MS } from '../lib/rules/constants.ts';

export type ToastType = 'error' | 'warn' | 'success' | 'info';
export interface Toast { text: string; type: ToastType }
export const $toast = atom<Toast>({ text: '', type: 'info' });
let toastTimer: ReturnType<typeof setTimeout> | undefined;

export function showToast(text: string, type: ToastType = 'info'): void {
  clearTimeout(toastTimer);
  $toast.set({ text, type });
  toastTimer = setTimeout(() => $toast.set({ text: '', type: 'info' }), TOAST_MS);
}
export function clearToast(): void { clearTimeout(toastTimer); $toast.set({ text: '', type: 'info' }); }

export interface Dialog {
  title: string;
  text?: string;
  /** a prompt when onConfirm exists */
  onConfirm?: (value?: string) => void;
  onCancel?: () => void;
  showCancel?: boolean;
  input?: { label: string; value?: string };
  /** 0..100: a progress dialog, closes itself at 100 */
  progress?: number;
}
export const $dialog = atom<Dialog | null>(null);

/** One dialog at a time: a second one while another is open closes itself (is ignored). */
export function openDialog(d: Dialog): boolean {
  if ($dialog.get()) return false;
  $dialog.set(d);
  return true;
}
export function closeDialog(): void { $dialog.set(null); }
export function setProgress(p: number): void {
  const d = $dialog.get();
  if (!d) return;
  if (p >= 100) $dialog.set(null); else $dialog.set({ ...d, progress: p });
}

export const $loginOpen = atom(false);
export const $loginRequiredOpen = atom(false);
export const $userSelectOpen = atom(false);

/** Action popup (section 2): optional label and buttons, 300 px wide, at most 300 px high, placed at a target. */
export interface PopupAction { text: string; handler: () => void; highlight?: boolean }
export interface ActionPopup { label?: string; actions: PopupAction[]; target: HTMLElement }
export const $actionPopup = atom<ActionPopup | null>(null);
export function showActions(p: ActionPopup): void { $actionPopup.set(p); }
export function closeActions(): void { $actionPopup.set(null); }
