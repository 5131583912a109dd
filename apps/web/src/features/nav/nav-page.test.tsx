import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { renderApp } from '#src/test/render-app';

test('/nav is a site map: every visitor route, grouped, each with a line on what it is for', async () => {
  await renderApp({ path: '/nav' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Site map' })).toBeInTheDocument();
  const map = screen.getByRole('navigation', { name: 'Site map' });
  const groups = within(map)
    .getAllByRole('heading', { level: 2 })
    .map((heading) => ({
      group: heading.textContent,
      links: within(heading.parentElement as HTMLElement)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    }));
  expect(groups).toEqual([
    { group: 'Give', links: ['/', '/concert', '/cart', '/checkout'] },
    { group: 'Event', links: ['/registration'] },
    { group: 'Account', links: ['/login', '/register', '/forgot-password', '/dashboard'] },
    { group: 'Administration', links: ['/report', '/admin', '/payment'] },
  ]);
  const store = within(map).getByRole('link', { name: 'Store' }).closest('li') as HTMLElement;
  expect(store).toHaveTextContent(/Donate to the foundation/);
});
