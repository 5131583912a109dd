/** Opens /report with fetch answering like the API (tests only). */
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { vi } from 'vitest';
import { stubApi } from '#src/test/checkout-doubles';
import { renderApp } from '#src/test/render-app';

export async function openReport(handlers: Parameters<typeof stubApi>[0] = {}) {
  // jsdom has no canvas: its getContext logs "not implemented" and answers null. Answer null quietly,
  // so the chart's own guard is what these tests exercise.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  const api = stubApi(handlers);
  const { user } = await renderApp({ path: '/report', stubFetch: false });
  // The screen is a lazy chunk (and zod with it): slow to arrive the first time on a loaded machine.
  // Every state of the page has an h1 (login form, checking stored credentials), so wait for one.
  await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
  return { user, api };
}

export async function logIn(user: UserEvent, username: string, password: string) {
  await user.type(await screen.findByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}
