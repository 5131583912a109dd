import { screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { renderApp } from '#src/test/render-app';

describe('routes', () => {
  test('an unknown route shows the default error screen', async () => {
    await renderApp({ path: '/no-such-page' });
    expect(screen.getByRole('heading', { level: 2, name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: '404 Not Found' })).toBeInTheDocument();
    // Still inside the site frame, so the visitor can find their way back.
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Store' })).toHaveAttribute('href', '/');
  });

  test('a skip link leads to the main landmark', async () => {
    await renderApp();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });

  test('a link to another page starts it at the top', async () => {
    const { user } = await renderApp({ path: '/cart' });
    const scrollTo = vi.spyOn(window, 'scrollTo');
    await user.click(await screen.findByRole('link', { name: 'Back to Store' }));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
