/**
 * The auth server's answers (packages/shared/src/auth.ts), parsed with the shared schemas so a
 * contract change breaks the fixture rather than hiding, and the client config that points at it.
 */
import {
  type AccountActivity,
  type AuthUserResponse,
  accountActivitySchema,
  authUserResponseSchema,
} from '@store/shared/auth';
import type { ClientConfig } from '@store/shared/client-config';
import { accountReceiptPdfPath } from '@store/shared/tax-receipts';

export const clientConfig = (authBaseUrl = '/auth'): ClientConfig => ({
  captcha: { provider: 'off' },
  paymentGateway: 'sandbox',
  authBaseUrl,
});

export const asha: AuthUserResponse = authUserResponseSchema.parse({
  user: {
    id: '6f1c2a3b-4d5e-4f60-8a9b-0c1d2e3f4a5b',
    name: 'Asha Rao',
    email: 'asha@example.org',
    emailVerified: false,
    hasPassword: true,
    createdAt: '2026-03-01T17:00:00.000Z',
  },
} satisfies AuthUserResponse);

export const ashaActivity: AccountActivity = accountActivitySchema.parse({
  donations: [
    {
      orderId: '0b6f3c1e-2a4d-4c8e-9f10-7a5b3c2d1e01',
      receiptNumber: 'R-20260305-0B6F3C',
      date: '2026-03-05T20:30:00.000Z',
      center: 'Dallas Center, Texas',
      amount: 1234.5,
      currency: 'USD',
      products: 'Any Other Donation × 1',
      transactionId: 'sbx_txn_7Q2W9E',
      deductible: 1234.5,
      receiptPdf: accountReceiptPdfPath('0b6f3c1e-2a4d-4c8e-9f10-7a5b3c2d1e01'),
      awaitingAddress: false,
    },
    {
      // Before issue 20's tax receipts: no deductible amount on record.
      orderId: '0b6f3c1e-2a4d-4c8e-9f10-7a5b3c2d1e00',
      receiptNumber: 'R-20251220-0B6F3C',
      date: '2025-12-20T18:00:00.000Z',
      center: 'Toronto Center, Canada',
      amount: 25,
      currency: 'USD',
      products: 'SGS Vagdevi Center - $25.00 × 1',
      transactionId: 'sbx_txn_1A2B3C',
      deductible: null,
      receiptPdf: accountReceiptPdfPath('0b6f3c1e-2a4d-4c8e-9f10-7a5b3c2d1e00'),
      awaitingAddress: false,
    },
  ],
  // As the server may list them: the page shows the newest first.
  statementYears: [2025, 2026],
  registrations: [
    {
      registrationNumber: 'BGM-000007',
      date: '2026-03-02T17:00:00.000Z',
      registrants: [
        { name: 'Sita Rao', age: 12, category: null },
        { name: 'Asha Rao', age: 40, category: 'Fluent Reading' },
      ],
      session: {
        centerName: 'Dallas Center, Texas',
        hall: 'Datta Auditorium',
        startsAt: '2027-05-15T14:00:00.000Z',
        timeZone: 'America/Chicago',
      },
      status: 'waiting',
    },
  ],
} satisfies AccountActivity);

export const noActivity: AccountActivity = { donations: [], registrations: [], statementYears: [] };

export const notSignedIn = { error: { code: 'unauthorized', message: 'Not signed in.' } };
