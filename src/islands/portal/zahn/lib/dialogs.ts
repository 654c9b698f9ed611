// Promise wrappers around the shared dialog store (src/stores/ui.ts): confirm and prompt.
import { openDialog } from '#stores/ui.ts';

export function confirmDialog(title: string, text?: string): Promise<boolean> {
  return new Promise((resolve) => {
    const opened = openDialog({ title, text, showCancel: true, onConfirm: () => resolve(true), onCancel: () => resolve(false) });
    if (!opened) resolve(false);
  });
}

export function promptDialog(title: string, label: string, value = ''): Promise<string | null> {
  return new Promise((resolve) => {
    const opened = openDialog({ title, input: { label, value }, showCancel: true, onConfirm: (v) => resolve(v ?? ''), onCancel: () => resolve(null) });
    if (!opened) resolve(null);
  });
}
