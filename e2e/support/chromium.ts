/**
 * Debian's Chromium, as the end-to-end tests, the reliability suite and the Lighthouse bench start
 * it (never a downloaded browser). The flags keep Chromium from dialling hosts this network refuses
 * (DESIGN.md "Recipes"). No test framework here: the bench imports it too.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;
