/**
 * Vitest set-up for the web project: jest-dom matchers, cleanup between tests, and any
 * console.error fails the test (React reports act() misuse, bad props and caught errors there).
 * A test that expects an error replaces the spy: `vi.spyOn(console, 'error').mockImplementation(() => {})`.
 */
import '@testing-library/jest-dom/vitest';
import { i18n } from '@lingui/core';
import { messages as account } from '@store/shared/i18n/locales/en/account';
import { messages as event } from '@store/shared/i18n/locales/en/event';
import { messages as giving } from '@store/shared/i18n/locales/en/giving';
import { messages as pages } from '@store/shared/i18n/locales/en/pages';
import { messages as site } from '@store/shared/i18n/locales/en/site';
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

// English, with every catalogue, as the browser has it once a page's catalogues are in. A text shown
// that is not in them (not extracted, or the catalogues not compiled since) fails its test: in the
// built site it would be missing in Telugu and Hindi.
i18n.load('en', { ...site, ...pages, ...giving, ...event, ...account });
i18n.activate('en');
let missingMessages: string[] = [];
i18n.on('missing', ({ id }) => void missingMessages.push(id));

let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  missingMessages = [];
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
  if (missingMessages.length > 0) {
    throw new Error(
      `Not in the message catalogues: ${JSON.stringify(missingMessages[0])} (and ${missingMessages.length - 1} more). ` +
        'Run npm run i18n:extract && npm run i18n:compile.',
    );
  }
  if (consoleErrors.length > 0) {
    const first = consoleErrors[0]?.map(String).join(' ') ?? '';
    throw new Error(`console.error was called ${consoleErrors.length} time(s). First: ${first}`);
  }
});
