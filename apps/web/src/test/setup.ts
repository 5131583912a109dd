/**
 * Vitest set-up for the web project: jest-dom matchers, cleanup between tests, and any
 * console.error fails the test (React reports act() misuse, bad props and caught errors there).
 * A test that expects an error replaces the spy: `vi.spyOn(console, 'error').mockImplementation(() => {})`.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, vi } from 'vitest';

// jsdom has no matchMedia; react-hot-toast asks it for prefers-reduced-motion.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}

// jsdom does not lay pages out and reports window.scrollTo as not implemented (on console.error);
// app/scroll-to-top.ts calls it on every navigation. Tests spy on this no-op.
window.scrollTo = () => {};

let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  const original = console.error;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
    original(...args);
  });
});

afterEach(() => {
  cleanup();
  // Toasts live in a module-level store, so one test's toasts would otherwise show up in the next.
  toast.remove();
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.restoreAllMocks();
  if (consoleErrors.length > 0) {
    const first = consoleErrors[0]?.map(String).join(' ') ?? '';
    throw new Error(`console.error was called ${consoleErrors.length} time(s). First: ${first}`);
  }
});
