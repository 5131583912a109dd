import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { renderApp, stubCatalogueFetch } from '#src/test/render-app';

test('the placeholder payment screen records the details on this device only', async () => {
  const fetchMock = stubCatalogueFetch();
  const { user } = await renderApp({ path: '/payment', stubFetch: false });
  expect(await screen.findByRole('heading', { level: 1, name: 'Payment Details' })).toBeInTheDocument();
  expect(screen.getByText('Order ID: ORD-2024-000123')).toBeInTheDocument();
  expect(screen.getByText('Amount: ₹799.00')).toBeInTheDocument();

  const name = screen.getByLabelText('Name on Card');
  const number = screen.getByLabelText('Card Number');
  const expiry = screen.getByLabelText('Expiry Date');
  const cvv = screen.getByLabelText('CVV');
  for (const field of [name, number, expiry, cvv]) {
    expect(field).toBeRequired();
    expect(field).toHaveAttribute('autocomplete', 'off');
  }
  expect(number).toHaveAttribute('maxlength', '16');
  expect(cvv).toHaveAttribute('maxlength', '4');
  expect(cvv).toHaveAttribute('type', 'password');
  expect(expiry).toHaveAttribute('placeholder', 'MM/YY');

  const callsBefore = fetchMock.mock.calls.length;
  await user.type(name, 'Asha Rao');
  await user.type(number, '41111111111111112222');
  expect(number).toHaveValue('4111111111111111');
  await user.type(expiry, '12/30');
  await user.type(cvv, '12345');
  expect(cvv).toHaveValue('1234');
  await user.click(screen.getByRole('button', { name: 'Pay Now' }));

  expect(screen.getByRole('status')).toHaveTextContent(
    'Payment details recorded on this device only. No payment was made.',
  );
  expect(window.localStorage).toHaveLength(0);
  expect(window.sessionStorage).toHaveLength(0);
  expect(fetchMock.mock.calls.length).toBe(callsBefore);
});

test('Pay Now with empty fields records nothing', async () => {
  const { user } = await renderApp({ path: '/payment' });
  await user.click(await screen.findByRole('button', { name: 'Pay Now' }));
  expect(screen.queryByText(/recorded on this device/)).toBeNull();
});
