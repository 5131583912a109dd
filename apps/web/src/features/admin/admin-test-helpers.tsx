/** Opens the back office with fetch answering like the staff API (tests only). */
import { type StaffOrderDetail, type StaffRole, type StaffSession, TWO_FACTOR_REQUIRED } from '@store/shared/staff';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { App } from '#src/app/app';
import { stubApi } from '#src/test/checkout-doubles';
import { jsonResponse } from '#src/test/render-app';

type Handlers = NonNullable<Parameters<typeof stubApi>[0]>;

/** How long a test waits for a lazy page: the admin chunk, its page's chunk and zod load slowly on a loaded machine. */
export const LAZY = { timeout: 10_000 } as const;

export function sessionOf(role: StaffRole, stage: StaffSession['stage'] = 'full'): StaffSession {
  return {
    stage,
    staff: {
      id: 'staff-1',
      username: 'asha',
      role,
      centerId: role === 'volunteer' ? 2 : null,
      centerName: role === 'volunteer' ? 'Dallas Center, Texas' : null,
      totpEnabled: stage === 'full' && TWO_FACTOR_REQUIRED.includes(role),
      totpRequired: TWO_FACTOR_REQUIRED.includes(role),
    },
  };
}

export const notSignedIn = () => jsonResponse({ error: { code: 'unauthorized', message: 'Please sign in.' } }, 401);

/** A paid card order of $100.00, $25.00 of it refunded already. */
export function cardOrder(overrides: Partial<StaffOrderDetail> = {}): StaffOrderDetail {
  return {
    id: 'order-1',
    createdAt: '2026-11-20T15:30:00.000Z',
    firstName: 'Ravi',
    lastName: 'Kumar',
    email: 'ravi@example.org',
    currency: 'USD',
    centerId: 1,
    centerName: 'Bay Area Center, California',
    amountCents: 10_000,
    refundedCents: 2_500,
    source: 'card',
    status: 'succeeded',
    transactionId: 'txn-1',
    receiptNumber: '2026-000042',
    test: false,
    products: [{ name: 'Vagdevi', unitCents: 10_000, quantity: 1 }],
    deductibleCents: 10_000,
    paymentMethod: 'Visa 1111',
    offlineMethod: null,
    offlineReference: null,
    receivedOn: null,
    refunds: [],
    correctedReceiptNumber: null,
    tribute: null,
    matchingEmployer: null,
    matchesOrderId: null,
    ...overrides,
  };
}

function LocationProbe() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

/** Renders the app at `path` (under /admin) and waits for the back office to decide what to show. */
export async function openAdmin(path: string, handlers: Handlers) {
  const api = stubApi(handlers);
  const user = userEvent.setup();
  await act(async () =>
    render(
      <MemoryRouter initialEntries={[path]}>
        <App />
        <LocationProbe />
      </MemoryRouter>,
    ),
  );
  await screen.findByRole('heading', { level: 1, name: /Back office|sign-in|Two-factor/ }, LAZY);
  return { user, api };
}
