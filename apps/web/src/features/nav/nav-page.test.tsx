import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { renderApp } from '#src/test/render-app';

test('/nav links every visitor route', async () => {
  await renderApp({ path: '/nav' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Navigation' })).toBeInTheDocument();
  const nav = screen.getByRole('navigation', { name: 'Navigation' });
  const targets = within(nav)
    .getAllByRole('link')
    .map((a) => a.getAttribute('href'));
  expect(targets).toEqual([
    '/',
    '/concert',
    '/cart',
    '/checkout',
    '/registration',
    '/report',
    '/login',
    '/register',
    '/dashboard',
    '/payment',
  ]);
});
