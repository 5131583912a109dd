import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { bookLine, seedCart } from '#src/test/checkout-doubles';
import { currentPath, renderApp } from '#src/test/render-app';
import { catalogueFixture } from '#src/test/site-fixture';

describe('/order-success', () => {
  test('shows the transaction id from navigation state and links to the home site', async () => {
    await renderApp({ path: '/order-success', state: { transactionId: 'txn_123' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank You for Your Order!' })).toBeInTheDocument();
    expect(screen.getByText('Transaction ID: txn_123')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your donation has been processed successfully. A confirmation email will be sent to you shortly.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Back to Home Page' })).toHaveAttribute(
      'href',
      catalogueFixture.foundation.url,
    );
  });

  test("says a tribute's e-mail card was held back when its address had its day's cards", async () => {
    await renderApp({
      path: '/order-success',
      state: { transactionId: 'txn_124', tributeCardName: 'Lakshmi Rao', tributeCardHeld: true },
    });
    expect(
      await screen.findByText(
        'The e-mail card to Lakshmi Rao was not sent: that address has had as many cards as we send in a day.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('An e-mail card will be sent to Lakshmi Rao.')).not.toBeInTheDocument();
  });

  test('shows what the receipt says: the lines, the amount, its number and where it went; links on', async () => {
    const { user } = await renderApp({
      path: '/order-success',
      state: {
        transactionId: 'txn_123',
        receiptNumber: 'R-20261125-1A2B3C',
        amount: 40,
        email: 'asha@example.org',
        items: [
          { name: 'Guruvara Dattam Vimalacharita Satakam', quantity: 3, amount: 15 },
          { name: 'Any Other Donation - $25.00', quantity: 1, amount: 25 },
        ],
      },
    });
    const receipt = await screen.findByRole('region', { name: 'Your receipt' });
    expect(within(receipt).getByText('Guruvara Dattam Vimalacharita Satakam').parentElement).toHaveTextContent(
      'Guruvara Dattam Vimalacharita Satakam× 3$15.00',
    );
    expect(within(receipt).getByText('Any Other Donation - $25.00')).toBeInTheDocument();
    expect(within(receipt).getByText('Amount').parentElement).toHaveTextContent('Amount $40.00');
    expect(within(receipt).getByText('R-20261125-1A2B3C').parentElement).toHaveTextContent(
      'Receipt number: R-20261125-1A2B3C',
    );
    expect(within(receipt).getByText('Receipt sent to: asha@example.org')).toBeInTheDocument();
    expect(within(receipt).getByText('Transaction ID: txn_123')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Register for Bhagavad Gita Mahayagna' })).toHaveAttribute(
      'href',
      '/registration',
    );
    await user.click(screen.getByRole('link', { name: 'Back to Store' }));
    await waitFor(() => expect(currentPath()).toBe('/'));
  });

  test('says the tax-deductible amount when it differs from the amount, and only then', async () => {
    const state = { transactionId: 'txn_1', amount: 40, items: [] };
    const { unmount } = await renderApp({ path: '/order-success', state: { ...state, deductible: 25 } });
    const receipt = await screen.findByRole('region', { name: 'Your receipt' });
    expect(within(receipt).getByText('Tax-deductible amount:').parentElement).toHaveTextContent(
      'Tax-deductible amount: $25.00',
    );
    unmount();

    await renderApp({ path: '/order-success', state: { ...state, deductible: 40 } });
    await screen.findByRole('region', { name: 'Your receipt' });
    expect(screen.queryByText(/Tax-deductible/)).toBeNull();
  });

  test('shows what it can read of a damaged state, and nothing it cannot', async () => {
    await renderApp({
      path: '/order-success',
      state: {
        transactionId: 'txn_9',
        receiptNumber: 7,
        amount: 'lots',
        email: '',
        items: [{ name: 'X', quantity: 0 }],
      },
    });
    const receipt = await screen.findByRole('region', { name: 'Your receipt' });
    expect(within(receipt).getByText('Transaction ID: txn_9')).toBeInTheDocument();
    expect(within(receipt).queryByText(/Receipt number|Receipt sent to|Amount/)).toBeNull();
    expect(within(receipt).queryByRole('list')).toBeNull();
  });

  test.each([undefined, {}, { transactionId: 42 }, { transactionId: '' }])(
    'says the id is not available without one (state %j)',
    async (state) => {
      await renderApp({ path: '/order-success', state });
      expect(await screen.findByText('Transaction ID not available.')).toBeInTheDocument();
      expect(screen.queryByText(/^Transaction ID:/)).toBeNull();
    },
  );
});

describe('/order-failed', () => {
  test('after a decline, shows the server’s reason and says the donor was not charged', async () => {
    await renderApp({ path: '/order-failed', state: { reason: 'Payment was declined by the card issuer.' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Failed' })).toBeInTheDocument();
    expect(screen.getByText('Reason: Payment was declined by the card issuer.')).toBeInTheDocument();
    expect(
      screen.getByText('You have not been charged. Your bucket is kept, so you can try again or use another card.'),
    ).toBeInTheDocument();
  });

  test('says the payment failed and leads back to the bucket or the home site', async () => {
    seedCart([bookLine]);
    const { user } = await renderApp({ path: '/order-failed' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Failed' })).toBeInTheDocument();
    expect(screen.getByText('Payment failed. Please try again.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Back to Home Page' })).toHaveAttribute(
      'href',
      catalogueFixture.foundation.url,
    );
    await user.click(screen.getByRole('link', { name: 'Back to Bucket' }));
    await waitFor(() => expect(currentPath()).toBe('/cart'));
    expect(await screen.findByText(bookLine.name)).toBeInTheDocument();
  });
});
