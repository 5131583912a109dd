/** The site's links in the top bar and the footer (issue 17, point 7). */
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { rememberSession } from '#src/lib/session-hint';
import { currentPath, renderApp } from '#src/test/render-app';

const LINKS = ['Store', 'Concerts', 'Event Registration', 'Account'];

const topBar = () => screen.getByRole('navigation', { name: 'Main' });
const footer = () => screen.getByRole('navigation', { name: 'Footer' });
const hrefs = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);

describe('site navigation', () => {
  test('the top bar and the footer link the store, the concerts, the event and the account; the footer also the site map', async () => {
    await renderApp({ path: '/registration' });
    const main: [string, string][] = [
      ['Store', '/'],
      ['Concerts', '/concert'],
      ['Event Registration', '/registration'],
      ['Account', '/login'],
    ];
    expect(hrefs(topBar())).toEqual(main);
    expect(hrefs(footer())).toEqual([...main, ['Site map', '/nav']]);
    expect(within(topBar()).getByRole('link', { name: 'Event Registration' })).toHaveAttribute('aria-current', 'page');
    for (const name of LINKS.filter((n) => n !== 'Event Registration')) {
      expect(within(topBar()).getByRole('link', { name })).not.toHaveAttribute('aria-current');
    }
    // The SPEC.md footer sentence stays.
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      'is a non-profit organization. Donations are tax-deductible as per applicable laws.',
    );
  });

  test('Store leads back to the store from any page (the logo goes to the foundation’s own site)', async () => {
    const { user } = await renderApp({ path: '/cart' });
    await screen.findByText('Your donation bucket is empty.');
    await user.click(within(topBar()).getByRole('link', { name: 'Store' }));
    expect(currentPath()).toBe('/');
    expect(within(topBar()).getByRole('link', { name: 'Store' })).toHaveAttribute('aria-current', 'page');
  });

  test('Account leads to the dashboard once this browser has signed in', async () => {
    rememberSession();
    await renderApp({ path: '/' });
    expect(within(topBar()).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/dashboard');
    expect(within(footer()).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/dashboard');
  });
});
