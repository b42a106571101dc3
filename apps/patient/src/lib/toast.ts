import { lockBodyScroll } from './scroll-lock';

/**
 * Toast notices (spec §4, §9): loading, success, warning, info, error; one at a time unless
 * `multiple`; 3000 ms unless told; loading stays until closed; shown at the top above
 * every overlay (z-index from 2000). Rendered by components/ui/toast-host.tsx.
 */
export type ToastType = 'loading' | 'success' | 'warning' | 'info' | 'error';
export type LoadingStyle = 'wave' | 'cube' | 'rect' | 'disappear';

export const TOAST_DEFAULT_DURATION_MS = 3000;
export const OVERLAY_BASE_Z_INDEX = 2000;

export interface ToastOptions {
  duration?: number;
  /** Keep the toasts already shown instead of replacing them. */
  multiple?: boolean;
  loadingStyle?: LoadingStyle;
}

export interface ToastItem {
  id: number;
  type: ToastType;
  message: string;
  loadingStyle: LoadingStyle;
}

export interface ToastHandle {
  close(): void;
}

let items: ToastItem[] = [];
let nextId = 0;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const scrollUnlocks = new Map<number, () => void>();
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function remove(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  scrollUnlocks.get(id)?.();
  scrollUnlocks.delete(id);
  const before = items.length;
  items = items.filter((item) => item.id !== id);
  if (items.length !== before) emit();
}

function show(type: ToastType, message: string, options: ToastOptions = {}): ToastHandle {
  if (!options.multiple) for (const item of items) remove(item.id);
  const id = ++nextId;
  items = [...items, { id, type, message, loadingStyle: options.loadingStyle ?? 'wave' }];
  // A loading toast covers the page with a mask: it is an overlay, so the body must not scroll.
  if (type === 'loading') scrollUnlocks.set(id, lockBodyScroll());
  const duration = options.duration ?? (type === 'loading' ? 0 : TOAST_DEFAULT_DURATION_MS);
  if (duration > 0)
    timers.set(
      id,
      setTimeout(() => remove(id), duration),
    );
  emit();
  return { close: () => remove(id) };
}

export const toast = {
  loading: (message: string, options?: ToastOptions) => show('loading', message, options),
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  clear(): void {
    for (const item of items) remove(item.id);
  },
  items: (): ToastItem[] => items,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
