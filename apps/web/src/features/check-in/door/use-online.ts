/** Whether the browser says it is online, kept current by its online and offline events. */
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOnline = () => navigator.onLine;
// Pre-rendering has no network to ask about: assume online, the browser corrects it at once.
const onServer = () => true;

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, onServer);
}
