import { useSyncExternalStore } from 'react';

export type SnackbarColor = 'secondary' | 'error' | 'warning' | 'success';

export interface SnackbarMessage {
  id: number;
  message: string;
  color: SnackbarColor;
  timeoutMs: number;
}

// SPEC §4 and §9: one snack bar, open or closed, default colour secondary, closing after 5000 ms.
export const snackbarTimeoutMs = 5000;

let current: SnackbarMessage | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

const emit = () => listeners.forEach((listener) => listener());

/** Opens the snack bar from anywhere (query error handlers, mutations); a new message replaces the open one. */
export function showSnackbar(message: string, color: SnackbarColor = 'secondary'): void {
  current = { id: nextId++, message, color, timeoutMs: snackbarTimeoutMs };
  emit();
}

export function closeSnackbar(id: number): void {
  if (current?.id !== id) return;
  current = null;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSnackbarMessage(): SnackbarMessage | null {
  return useSyncExternalStore(subscribe, () => current);
}
