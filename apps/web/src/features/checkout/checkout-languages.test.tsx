/**
 * The bucket, the checkout and its result pages in Telugu and Hindi: the page's words, the form's
 * validation errors and the server's refusals in the page's language. The set-up is the checkout
 * tests' own (checkout-page.test.tsx): the whole app at the route, with the captcha and card widget
 * doubles and a fetch that answers like the API.
 */
import { type CartLine, lineFor } from '@store/shared/cart';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { createRef } from 'react';
import toast from 'react-hot-toast';
import { describe, expect, test, vi } from 'vitest';
import { SandboxCardForm, type SandboxCardFormHandle } from '#src/components/payment/sandbox-card-form';
import { bookLine, checkoutDoubles, seedCart, stubApi, vagdevi25 } from '#src/test/checkout-doubles';
import { showInLanguage } from '#src/test/in-language';
import { currentPath, jsonResponse, renderApp } from '#src/test/render-app';
import { satakam } from '#src/test/site-fixture';

/*
 * A few of this area's texts are other areas' messages too ('Center', 'Email', 'City', 'Remove
 * {name}': account, event), and a test worker shares its modules, so another file may have loaded
 * those areas' wording of them. These tests assert the texts that are this area's alone.
 */
const TELUGU = /[\u0C00-\u0C7F]/;
const DEVANAGARI = /[\u0900-\u097F]/;

async function openCheckout(handlers: Parameters<typeof stubApi>[0] = {}, lines: CartLine[] = [bookLine, vagdevi25]) {
  seedCart(lines);
  const api = stubApi(handlers);
  const doubles = checkoutDoubles();
  const { user } = await renderApp({ path: '/checkout', stubFetch: false, wrap: doubles.wrap });
  return { user, api, ...doubles };
}

describe('the checkout in Telugu', () => {
  test('its heading, summary, fields, payment section and Place Order are in Telugu', async () => {
    await showInLanguage('te');
    await openCheckout();
    const heading = await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    expect(heading).toHaveTextContent(TELUGU);
    expect(heading).not.toHaveTextContent('Checkout');
    expect(screen.getByRole('link', { name: 'బకెట్‌కు తిరిగి' })).toHaveAttribute('href', '/cart');
    expect(screen.getByRole('region', { name: 'ఆర్డర్ సారాంశం' })).toBeInTheDocument();

    const placeOrder = await screen.findByRole('button', { name: 'ఆర్డర్ చేయండి' }, { timeout: 5000 });
    for (const label of [
      'కార్డుదారుని మొదటి పేరు',
      'కార్డుదారుని ఇంటి పేరు',
      'విద్యార్థి పూర్తి పేరు (ఐచ్ఛికం)',
      'మొబైల్',
      // The book is in the bucket: its delivery address.
      'వీధి',
    ]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(within(centerSelect()).getAllByRole('option')[0]).toHaveTextContent('కేంద్రాన్ని ఎంచుకోండి');
    expect(screen.getByRole('group', { name: 'డెలివరీ' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'చెల్లింపు' })).toBeInTheDocument();
    await waitFor(() => expect(placeOrder).toBeEnabled(), { timeout: 3000 });
    expect(screen.getByText('పరీక్షా స్టోర్: ఏ కార్డు నుండీ డబ్బు తీసుకోబడదు.')).toBeInTheDocument();
    expect(screen.getByText(/^సురక్షిత చెల్లింపు:/)).toBeInTheDocument();
  });

  test('the sandbox card form names its fields and says its errors in Telugu', async () => {
    await showInLanguage('te');
    const form = createRef<SandboxCardFormHandle>();
    render(<SandboxCardForm clientToken="client-token-1" ref={form} />);
    for (const label of ['కార్డు సంఖ్య', 'గడువు తేదీ', 'CVV', 'కార్డుదారుని పేరు']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    act(() => form.current?.showErrors());
    expect(await screen.findByText('దయచేసి కార్డు సంఖ్యను నింపండి.')).toBeInTheDocument();
    expect(screen.getByLabelText('కార్డుదారుని పేరు')).toHaveAccessibleDescription('దయచేసి కార్డుదారుని పేరు నింపండి.');
  });
});

describe('the checkout in Hindi', () => {
  test('an empty form says what each field needs, in Hindi', async () => {
    await showInLanguage('hi');
    const { user, api } = await openCheckout();
    const placeOrder = await screen.findByRole('button', { name: 'ऑर्डर करें' }, { timeout: 5000 });
    await waitFor(() => expect(placeOrder).toBeEnabled(), { timeout: 3000 });
    await user.click(placeOrder);

    expect(await screen.findByText('कृपया एक केंद्र चुनें।')).toBeInTheDocument();
    const expected: [HTMLElement, string][] = [
      [centerSelect(), 'कृपया एक केंद्र चुनें।'],
      [screen.getByLabelText('कार्डधारक का पहला नाम'), 'पहला नाम आवश्यक है'],
      [screen.getByLabelText('कार्डधारक का उपनाम'), 'उपनाम आवश्यक है'],
      [emailInput(), 'ई-मेल आवश्यक है'],
      [screen.getByLabelText('मोबाइल'), 'मोबाइल नंबर आवश्यक है'],
    ];
    for (const [field, message] of expected) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(message);
    }
    expect(api.requests('POST /api/public/payment/checkout')).toHaveLength(0);
  });

  test("the server's refusals are shown in Hindi when they are our messages, else as the server wrote them", async () => {
    await showInLanguage('hi');
    const { user } = await openCheckout(
      {
        'POST /api/public/payment/checkout': () =>
          jsonResponse(
            {
              error: {
                code: 'validation_error',
                message: 'Some details are not valid.',
                fields: { 'customerDetails.email': 'Invalid email format', 'customerDetails.mobile': 'Not ours.' },
              },
            },
            400,
          ),
      },
      [vagdevi25],
    );
    const toastError = vi.spyOn(toast, 'error');
    const placeOrder = await screen.findByRole('button', { name: 'ऑर्डर करें' }, { timeout: 5000 });
    await waitFor(() => expect(placeOrder).toBeEnabled(), { timeout: 3000 });
    await fillDonorInHindi(user);
    await user.click(placeOrder);

    expect(await screen.findByText('Some details are not valid.')).toBeInTheDocument();
    expect(emailInput()).toHaveAccessibleDescription('ई-मेल का प्रारूप सही नहीं है');
    expect(screen.getByLabelText('मोबाइल')).toHaveAccessibleDescription('Not ours.');
    expect(toastError).toHaveBeenCalledWith('भुगतान विफल रहा।', expect.objectContaining({ position: 'top-center' }));
  });

  test('a paid order: the toast and the thank-you page in Hindi', async () => {
    await showInLanguage('hi');
    const { user } = await openCheckout(
      {
        'POST /api/public/payment/checkout': () =>
          jsonResponse({
            success: true,
            transactionId: 'txn_hi',
            orderId: 'order-hi',
            receiptNumber: 'R-20261129-0HI001',
            amount: 25,
            email: 'asha@example.org',
            items: [{ name: 'SGS Vagdevi Center - $25.00', quantity: 1, amount: 25 }],
          }),
      },
      [vagdevi25],
    );
    const placeOrder = await screen.findByRole('button', { name: 'ऑर्डर करें' }, { timeout: 5000 });
    await waitFor(() => expect(placeOrder).toBeEnabled(), { timeout: 3000 });
    await fillDonorInHindi(user);
    await user.click(placeOrder);

    await waitFor(() => expect(currentPath()).toBe('/order-success'));
    expect(await screen.findByText('भुगतान सफल रहा! लेन-देन ID: txn_hi')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'आपके ऑर्डर के लिए धन्यवाद!' })).toBeInTheDocument();
    const receipt = screen.getByRole('region', { name: 'आपकी रसीद' });
    expect(receipt).toHaveTextContent('रसीद संख्या: R-20261129-0HI001');
    expect(within(receipt).getByText('R-20261129-0HI001')).toHaveClass('order-receipt__number');
    expect(receipt).toHaveTextContent('रसीद इस ई-मेल पर भेजी गई: asha@example.org');
    expect(receipt).toHaveTextContent('लेन-देन ID: txn_hi');
  });
});

describe('the result pages and the bucket in Telugu', () => {
  test("/order-failed says why in Telugu, and the gateway's own words as they came", async () => {
    await showInLanguage('te');
    await renderApp({ path: '/order-failed', state: { reason: 'Your card was declined.' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'చెల్లింపు విఫలమైంది' })).toBeInTheDocument();
    expect(screen.getByText('చెల్లింపు విఫలమైంది. దయచేసి మళ్ళీ ప్రయత్నించండి.')).toBeInTheDocument();
    expect(screen.getByText('కారణం: Your card was declined.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'బకెట్‌కు తిరిగి' })).toHaveAttribute('href', '/cart');
  });

  test('/order-success without a transaction id says so in Telugu', async () => {
    await showInLanguage('te');
    await renderApp({ path: '/order-success' });
    expect(await screen.findByRole('heading', { level: 1, name: 'మీ ఆర్డర్‌కు ధన్యవాదాలు!' })).toBeInTheDocument();
    expect(screen.getByText('లావాదేవీ ID అందుబాటులో లేదు.')).toBeInTheDocument();
  });

  test("the bucket's heading, line controls and Checkout are in Telugu", async () => {
    await showInLanguage('te');
    seedCart([{ ...lineFor(satakam), quantity: 2 }]);
    const { user } = await renderApp({ path: '/cart' });
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent(TELUGU);
    const minus = await screen.findByRole('button', { name: `${satakam.name} సంఖ్యను తగ్గించండి` });
    expect(screen.getByRole('button', { name: `${satakam.name} సంఖ్యను పెంచండి` })).toBeEnabled();
    expect(screen.getByLabelText(`${satakam.name} సంఖ్య`)).toHaveTextContent('2');
    // The site's words (the bucket's heading and button are SPEC.md's, in messages.ts), in Telugu too.
    const links = within(screen.getByRole('main')).getAllByRole('link');
    expect(links.find((link) => link.getAttribute('href') === '/checkout')).toHaveTextContent(TELUGU);

    await user.click(minus);
    expect(screen.getByLabelText(`${satakam.name} సంఖ్య`)).toHaveTextContent('1');
  });
});

describe('/payment in Hindi', () => {
  test('the sample order line is in Hindi', async () => {
    await showInLanguage('hi');
    await renderApp({ path: '/payment' });
    expect(await screen.findByText('ऑर्डर ID: ORD-2024-000123')).toBeInTheDocument();
    expect(screen.getByText('राशि: ₹799.00')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(DEVANAGARI);
  });
});

// The center and e-mail fields by what they are: their labels are shared messages (above).
const centerSelect = () => screen.getByRole('combobox');
const emailInput = () =>
  screen.getByRole('textbox', { name: (_name, element) => element.getAttribute('type') === 'email' });

/** The donor's fields as fillDonor (checkout-doubles.ts) fills them, found by their Hindi labels. */
async function fillDonorInHindi(user: Awaited<ReturnType<typeof openCheckout>>['user']) {
  await screen.findByRole('option', { name: 'Dallas Center, Texas' });
  await user.selectOptions(centerSelect(), 'Dallas Center, Texas');
  const fields: [HTMLElement, string][] = [
    [screen.getByLabelText('कार्डधारक का पहला नाम'), 'Asha'],
    [screen.getByLabelText('कार्डधारक का उपनाम'), 'Rao'],
    [emailInput(), 'asha@example.org'],
    [screen.getByLabelText('मोबाइल'), '5125550100'],
  ];
  for (const [field, text] of fields) {
    await user.click(field);
    await user.paste(text);
  }
}
