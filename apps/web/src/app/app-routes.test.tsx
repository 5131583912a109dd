import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderApp } from '../test/render-app';

describe('routes', () => {
  test('an unknown route shows the default error screen', async () => {
    await renderApp({ path: '/no-such-page' });
    expect(screen.getByRole('heading', { level: 2, name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: '404 Not Found' })).toBeInTheDocument();
    // Still inside the site frame, so the visitor can find their way back.
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  test.each([
    ['/login', 'Login'],
    ['/register', 'Register'],
    ['/dashboard', 'Dashboard'],
    ['/auth-success', 'Signing In'],
    ['/registration', 'Bhagavad Gita Mahayagna Registration'],
  ])('%s is a placeholder named %j', async (path, title) => {
    await renderApp({ path });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText('This page is not available yet.')).toBeInTheDocument();
    // The title is set in an effect, which may run just after the heading is committed.
    await waitFor(() => expect(document.title).toBe(`${title} · Online Store`));
  });

  test('a skip link leads to the main landmark', async () => {
    await renderApp();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });
});
