// Toast queue (spec 9: toasts 350 px wide, shown above modals). Any feature may push a toast.
import { proxy } from 'valtio';

export type ToastVariant = 'success' | 'danger' | 'warning' | 'info';

export interface ToastItem {
  id: number;
  /** Already translated text. */
  text: string;
  variant: ToastVariant;
  /** Milliseconds before it hides itself; 0 keeps it until closed. */
  delay: number;
}

export const toasts = proxy<{ items: ToastItem[] }>({ items: [] });
let nextId = 1;

/** Shows `text` (translated by the caller) as a toast; returns its id. */
export function showToast(text: string, variant: ToastVariant = 'success', delay = 6000): number {
  const id = nextId++;
  toasts.items.push({ id, text, variant, delay });
  return id;
}

export function dismissToast(id: number): void {
  const index = toasts.items.findIndex((t) => t.id === id);
  if (index >= 0) toasts.items.splice(index, 1);
}
