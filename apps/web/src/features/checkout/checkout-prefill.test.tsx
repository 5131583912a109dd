/** A signed-in donor's checkout starts with their name and e-mail (the accounts issue). */
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { forgetSession, rememberSession } from '#src/lib/session-hint';
import { asha, clientConfig, notSignedIn } from '#src/test/auth-fixture';
import { bookLine, checkoutDoubles, deferred, seedCart, stubApi } from '#src/test/checkout-doubles';
import { jsonResponse, renderApp } from '#src/test/render-app';

async function openCheckout(profile: () => Response | Promise<Response>) {
  seedCart([bookLine]);
  const api = stubApi({
    'GET /api/public/client-config': () => jsonResponse(clientConfig()),
    'GET /auth/profile': profile,
  });
  const doubles = checkoutDoubles();
  const { user } = await renderApp({ path: '/checkout', stubFetch: false, wrap: doubles.wrap });
  await screen.findByRole('heading', { level: 1, name: 'Checkout' }, { timeout: 5000 });
  return { user, api };
}

const field = (label: string) => screen.getByLabelText(label);

beforeEach(() => {
  // This browser has signed in (lib/session-hint.ts): the checkout asks for the profile.
  rememberSession();
});

describe('checkout pre-fill for a signed-in donor', () => {
  test('fills first name, last name and e-mail from the account', async () => {
    const { api } = await openCheckout(() =>
      jsonResponse({ user: { ...asha.user, name: 'Mary Ann Smith', email: 'mary@example.org' } }),
    );
    await waitFor(() => expect(field('Card Holder First Name')).toHaveValue('Mary Ann'));
    expect(field('Card Holder Last Name')).toHaveValue('Smith');
    expect(field('Email')).toHaveValue('mary@example.org');
    expect(field('Mobile')).toHaveValue('');
    expect(api.fetchMock.mock.calls.find(([input]) => input === '/auth/profile')?.[1]?.credentials).toBe('include');
  });

  test('never overwrites what the visitor typed before the profile arrived', async () => {
    const profile = deferred<Response>();
    const { user, api } = await openCheckout(() => profile.promise);
    await waitFor(() => expect(api.requests('GET /auth/profile')).toHaveLength(1));
    await user.type(field('Card Holder First Name'), 'Ravi');
    await user.type(field('Email'), 'ravi@example.org');
    profile.resolve(jsonResponse(asha));

    await waitFor(() => expect(field('Card Holder Last Name')).toHaveValue('Rao'));
    expect(field('Card Holder First Name')).toHaveValue('Ravi');
    expect(field('Email')).toHaveValue('ravi@example.org');
  });

  test('a visitor who never signed in here checks out as a guest, and the profile is not even asked', async () => {
    forgetSession();
    const { api } = await openCheckout(() => jsonResponse(asha));
    await screen.findByRole('option', { name: 'Dallas Center, Texas' });
    expect(field('Card Holder First Name')).toHaveValue('');
    expect(field('Email')).toHaveValue('');
    expect(api.requests('GET /auth/profile')).toHaveLength(0);
  });

  test('a visitor whose session has ended checks out as a guest: nothing is filled, nothing is said', async () => {
    const { api } = await openCheckout(() => jsonResponse(notSignedIn, 401));
    await waitFor(() => expect(api.requests('GET /auth/profile')).toHaveLength(1));
    await screen.findByRole('option', { name: 'Dallas Center, Texas' });
    expect(field('Card Holder First Name')).toHaveValue('');
    expect(field('Card Holder Last Name')).toHaveValue('');
    expect(field('Email')).toHaveValue('');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
