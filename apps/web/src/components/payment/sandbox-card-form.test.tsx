import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { stubApi } from '#src/test/checkout-doubles';
import { jsonResponse } from '#src/test/render-app';
import { CardInputError, ClientTokenExpiredError } from './card-widget-errors';
import { SandboxCardForm, type SandboxCardFormHandle } from './sandbox-card-form';
import { createSandboxCardWidget } from './sandbox-card-widget';

const TOKENIZE = 'POST /api/public/payment/sandbox/tokenize';
const tokenized = () => jsonResponse({ nonce: 'tokencc_sandbox_1', details: { cardType: 'Visa', lastFour: '1111' } });

function renderForm() {
  const ref = createRef<SandboxCardFormHandle>();
  const user = userEvent.setup();
  render(<SandboxCardForm clientToken="client-token-1" ref={ref} />);
  const requestNonce = () => {
    if (!ref.current) throw new Error('not mounted');
    return ref.current.requestNonce();
  };
  return { user, requestNonce, ref };
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, card: Partial<Record<string, string>> = {}) {
  const values = {
    'Card Number': '4111 1111 1111 1111',
    'Expiration Date': '12/39',
    CVV: '123',
    'Cardholder Name': 'Asha Rao',
    ...card,
  };
  for (const [label, value] of Object.entries(values)) {
    if (value) await user.type(screen.getByLabelText(label), value);
  }
}

describe('sandbox card form', () => {
  test('has the widget labels, the MM/YY hint and card autocomplete', () => {
    renderForm();
    expect(screen.getByLabelText('Card Number')).toHaveAttribute('autocomplete', 'cc-number');
    expect(screen.getByLabelText('Card Number')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText('Expiration Date')).toHaveAttribute('placeholder', 'MM/YY');
    expect(screen.getByLabelText('Expiration Date')).toHaveAttribute('autocomplete', 'cc-exp');
    expect(screen.getByLabelText('CVV')).toHaveAttribute('autocomplete', 'cc-csc');
    expect(screen.getByLabelText('Cardholder Name')).toHaveAttribute('autocomplete', 'cc-name');
    for (const input of screen.getAllByRole('textbox')) expect(input).not.toHaveAttribute('name');
  });

  test('an empty field says it is required on blur, 150 ms later', async () => {
    const { user } = renderForm();
    await user.click(screen.getByLabelText('Card Number'));
    await user.tab();
    expect(screen.queryByText('Please fill out a card number.')).toBeNull();
    expect(await screen.findByText('Please fill out a card number.')).toBeInTheDocument();
    expect(screen.getByLabelText('Card Number')).toHaveAccessibleDescription('Please fill out a card number.');
    expect(screen.getByLabelText('Card Number')).toHaveAttribute('aria-invalid', 'true');

    // Returning to a field within the delay shows nothing. The events are fired synchronously so
    // the test does not depend on how fast a loaded machine clicks.
    const cvv = screen.getByLabelText('CVV');
    act(() => {
      cvv.focus();
      cvv.blur();
      cvv.focus();
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByText('Please fill out a CVV.')).toBeNull();
  });

  test('an invalid number shows at once on blur and clears when edited', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Card Number'), '4111 1111 1111 1112');
    await user.tab();
    expect(screen.getByText('This card number is not valid.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Card Number'), '{Backspace}1');
    expect(screen.queryByText('This card number is not valid.')).toBeNull();
    await user.tab();
    expect(screen.queryByText('This card number is not valid.')).toBeNull();
  });

  test('detects the brand; American Express takes a 4-digit CVV', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Card Number'), '4111');
    expect(screen.getByText('Visa')).toBeInTheDocument();
    expect(screen.getByLabelText('CVV')).toHaveAttribute('maxlength', '3');

    await user.clear(screen.getByLabelText('Card Number'));
    await user.type(screen.getByLabelText('Card Number'), '3782 822463 10005');
    expect(screen.getByText('American Express')).toBeInTheDocument();
    expect(screen.getByLabelText('CVV')).toHaveAttribute('maxlength', '4');
    await user.type(screen.getByLabelText('CVV'), '123');
    await user.tab();
    expect(screen.getByText('This security code is not valid.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('CVV'), '4');
    await user.tab();
    expect(screen.queryByText('This security code is not valid.')).toBeNull();
  });

  test('a past expiry date is not valid', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Expiration Date'), '01/20');
    await user.tab();
    expect(screen.getByText('This expiration date is not valid.')).toBeInTheDocument();
  });

  test('requestNonce with empty fields shows every error at once and sends nothing', async () => {
    const api = stubApi({ [TOKENIZE]: tokenized });
    const { requestNonce } = renderForm();
    let error: unknown;
    await act(async () => {
      error = await requestNonce().catch((e: unknown) => e);
    });
    expect(error).toBeInstanceOf(CardInputError);
    for (const message of [
      'Please fill out a card number.',
      'Please fill out an expiration date.',
      'Please fill out a CVV.',
      'Please fill out a cardholder name.',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Card Number')).toHaveFocus();
    expect(api.requests(TOKENIZE)).toHaveLength(0);
  });

  test('takes the suggested cardholder name until the donor types one of their own', async () => {
    const { user, ref } = renderForm();
    const name = screen.getByLabelText('Cardholder Name');
    act(() => ref.current?.suggestCardholderName('Asha'));
    expect(name).toHaveValue('Asha');
    act(() => ref.current?.suggestCardholderName('Asha Rao'));
    expect(name).toHaveValue('Asha Rao');
    await user.clear(name);
    await user.type(name, 'A. Rao');
    act(() => ref.current?.suggestCardholderName('Asha Rani Rao'));
    expect(name).toHaveValue('A. Rao');
  });

  test('showErrors shows every field error at once, leaving the focus and sending nothing', async () => {
    const api = stubApi({ [TOKENIZE]: tokenized });
    const { user, ref } = renderForm();
    await user.type(screen.getByLabelText('Card Number'), '4111 1111 1111 1112');
    const outside = document.body.appendChild(document.createElement('input'));
    outside.focus();
    act(() => ref.current?.showErrors());
    for (const message of [
      'Please fill out an expiration date.',
      'Please fill out a CVV.',
      'Please fill out a cardholder name.',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Card Number')).toHaveAttribute('aria-invalid', 'true');
    expect(outside).toHaveFocus();
    expect(api.requests(TOKENIZE)).toHaveLength(0);
    outside.remove();
  });

  test('requestNonce exchanges a valid card for a nonce with the client token', async () => {
    const api = stubApi({ [TOKENIZE]: tokenized });
    const { user, requestNonce } = renderForm();
    await fillCard(user, { 'Expiration Date': '1 / 2039' });
    let nonce = '';
    await act(async () => {
      nonce = await requestNonce();
    });
    expect(nonce).toBe('tokencc_sandbox_1');
    const [request] = api.requests(TOKENIZE);
    expect(request?.headers.get('Authorization')).toBe('Bearer client-token-1');
    expect(request?.body).toEqual({
      number: '4111111111111111',
      expirationDate: '01/39',
      cvv: '123',
      cardholderName: 'Asha Rao',
    });
  });

  test("the server's field errors show on the fields", async () => {
    stubApi({
      [TOKENIZE]: () =>
        jsonResponse(
          {
            error: {
              code: 'validation_error',
              message: 'The card was refused.',
              fields: { number: 'This card type is not supported. Please try another card.' },
            },
          },
          400,
        ),
    });
    const { user, requestNonce } = renderForm();
    await fillCard(user);
    let error: unknown;
    await act(async () => {
      error = await requestNonce().catch((e: unknown) => e);
    });
    expect(error).toBeInstanceOf(CardInputError);
    expect(screen.getByLabelText('Card Number')).toHaveAccessibleDescription(
      'This card type is not supported. Please try another card.',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Please check your information and try again.');
  });

  test('an expired client token and a network failure', async () => {
    stubApi({ [TOKENIZE]: () => jsonResponse({ error: { code: 'unauthorized', message: 'Expired.' } }, 401) });
    const { user, requestNonce } = renderForm();
    await fillCard(user);
    let error: unknown;
    await act(async () => {
      error = await requestNonce().catch((e: unknown) => e);
    });
    expect(error).toBeInstanceOf(ClientTokenExpiredError);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await act(async () => {
      error = await requestNonce().catch((e: unknown) => e);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Network error. Please try again.');
  });
});

describe('sandbox card widget', () => {
  test('mounts the form in its container, asks it for nonces, and leaves the container empty on teardown', async () => {
    stubApi({ [TOKENIZE]: tokenized });
    const container = document.createElement('div');
    document.body.append(container);
    const user = userEvent.setup();
    // A synchronous act flushes the new root's first render; the widget is ready once it has committed.
    let mounting: ReturnType<typeof createSandboxCardWidget> | undefined;
    act(() => {
      mounting = createSandboxCardWidget(container, 'client-token-1');
    });
    if (!mounting) throw new Error('not mounting');
    const widget = await mounting;
    await fillCard(user);
    let nonce = '';
    await act(async () => {
      nonce = await widget.requestNonce();
    });
    expect(nonce).toBe('tokencc_sandbox_1');
    await act(() => widget.teardown());
    await waitFor(() => expect(container).toBeEmptyDOMElement());
    container.remove();
  });
});

describe('sandbox payment choice', () => {
  async function mountWidget(choices: Parameters<typeof createSandboxCardWidget>[2]) {
    const container = document.body.appendChild(document.createElement('div'));
    let mounting: ReturnType<typeof createSandboxCardWidget> | undefined;
    act(() => {
      mounting = createSandboxCardWidget(container, 'client-token-1', choices);
    });
    if (!mounting) throw new Error('not mounting');
    const widget = await mounting;
    const done = async () => {
      await act(() => widget.teardown());
      container.remove();
    };
    return { widget, done };
  }
  const choices = { monthly: false, totalCents: 5_100, currency: 'USD' as const, merchantName: 'Sri Foundation' };

  test("offers the site's methods in order, card first; a wallet pays with its test nonce without the tokenizer", async () => {
    const api = stubApi({ [TOKENIZE]: tokenized });
    const user = userEvent.setup();
    const { widget, done } = await mountWidget({
      ...choices,
      methods: ['card', 'paypal', 'paypalCredit', 'venmo', 'applePay', 'googlePay'],
    });
    const group = screen.getByRole('group', { name: 'Pay with' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['card', 'paypal', 'paypalCredit', 'venmo', 'applePay', 'googlePay']);
    expect(within(group).getByRole('radio', { name: 'Card' })).toBeChecked();
    expect(screen.getByLabelText('Card Number')).toBeVisible();

    const expected = [
      ['PayPal', 'fake-paypal-one-time-nonce', 'paypal'],
      ['PayPal Credit', 'fake-paypal-one-time-nonce', 'paypalCredit'],
      ['Venmo', 'fake-venmo-account-nonce', 'venmo'],
      ['Apple Pay', 'fake-apple-pay-visa-nonce', 'applePay'],
      ['Google Pay', 'fake-android-pay-visa-nonce', 'googlePay'],
    ] as const;
    for (const [name, nonce, kind] of expected) {
      await user.click(within(group).getByRole('radio', { name }));
      // The card's fields give way to the wallet's short panel.
      expect(screen.getByLabelText('Card Number')).not.toBeVisible();
      expect(screen.getByRole('heading', { name: `${name} (test)` })).toBeInTheDocument();
      let got = '';
      await act(async () => {
        got = await widget.requestNonce();
      });
      expect(got).toBe(nonce);
      expect(widget.chosenMethod?.()).toBe(kind);
    }
    expect(api.requests(TOKENIZE)).toHaveLength(0);

    // Back to the card: its form again, with what was typed, tokenized as before.
    await user.click(within(group).getByRole('radio', { name: 'Card' }));
    await fillCard(user);
    let nonce = '';
    await act(async () => {
      nonce = await widget.requestNonce();
    });
    expect(nonce).toBe('tokencc_sandbox_1');
    expect(widget.chosenMethod?.()).toBe('card');
    await done();
  });

  test('leaves out the methods the site did not enable; a monthly bucket pays PayPal by billing agreement', async () => {
    const user = userEvent.setup();
    const { widget, done } = await mountWidget({ ...choices, methods: ['paypal', 'card'], monthly: true });
    const radios = within(screen.getByRole('group', { name: 'Pay with' })).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['paypal', 'card']);
    expect(screen.queryByRole('radio', { name: 'Venmo' })).toBeNull();
    expect(screen.getByRole('radio', { name: 'PayPal' })).toBeChecked();
    expect(screen.getByText(/PayPal pays the monthly gift each month/)).toBeInTheDocument();
    let nonce = '';
    await act(async () => {
      nonce = await widget.requestNonce();
    });
    expect(nonce).toBe('fake-paypal-billing-agreement-nonce');
    await user.click(screen.getByRole('radio', { name: 'Card' }));
    expect(screen.getByLabelText('Card Number')).toBeVisible();
    await done();
  });
});
