/**
 * How the store page asks for a toast without loading react-hot-toast up front (app/deferred-toaster.tsx):
 * `showSuccessToast` loads the library, adds the toast, and tells the layout to mount its Toaster.
 */
const listeners = new Set<() => void>();

export function onToastRequested(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** react-hot-toast's `toast.success(message, { id })`, once the library has loaded. */
export function showSuccessToast(message: string, id: string): Promise<void> {
  for (const listener of listeners) listener();
  return import('./toast-library').then(({ toast }) => void toast.success(message, { id }));
}
