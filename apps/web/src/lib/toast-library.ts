/**
 * react-hot-toast as the layout and the store load it lazily (app/deferred-toaster.tsx,
 * lib/toast-request.ts): through this one module, so the build names its chunk after it and the
 * door app's offline cache can keep it (scripts/check-in-precache.mjs).
 */
export { default as toast, Toaster } from 'react-hot-toast';
