import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { currentPath } from '#src/test/render-app';
import { openAccountPage, signedInHandlers, storedJwtToken } from './account-test-helpers';

/**
 * The page shows its text and moves straight on: what was on screen on the way is recorded as it
 * is added to the document.
 */
let shown: string[] = [];
const observer = new MutationObserver((records) => {
  for (const record of records) for (const node of record.addedNodes) shown.push(node.textContent ?? '');
});
beforeEach(() => {
  shown = [];
  observer.observe(document.body, { childList: true, subtree: true });
});
afterEach(() => observer.disconnect());

describe('Google sign-in hand-off (/auth-success)', () => {
  test("keeps the token in sessionStorage under jwt_token, shows 'Logging you in...' and goes to /", async () => {
    await openAccountPage('/auth-success?token=abc.def.ghi', signedInHandlers());
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(storedJwtToken()).toBe('abc.def.ghi');
    expect(shown.some((text) => text.includes('Logging you in...'))).toBe(true);
    expect(screen.queryByText('Logging you in...')).toBeNull();
  });

  test("without a token says 'Login failed', stores nothing and offers the login page", async () => {
    await openAccountPage('/auth-success', signedInHandlers());
    expect(screen.getByRole('alert')).toHaveTextContent('Login failed');
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    expect(currentPath()).toBe('/auth-success');
    expect(storedJwtToken()).toBeNull();
  });
});
