/**
 * GET /api/report-data answers, shaped as the shared reportResponseSchema says (the tests parse
 * them with it, so a schema change breaks the fixture, not a silent mismatch), and helpers to
 * open /report with credentials already in sessionStorage.
 */
import { type ReportResponse, reportResponseSchema } from '@store/shared/report';
import type { z } from 'zod';

/** What a server may answer: the fields with defaults may be absent (an older server's answer). */
type ReportAnswer = z.input<typeof reportResponseSchema>;

import { REPORT_AUTH_STORAGE_KEY } from '@store/shared/storage-keys';

export const adminCredentials = { username: 'treasurer', password: 'correct horse battery staple' };
/** `Basic base64("treasurer:correct horse battery staple")`. */
export const adminAuthorization = 'Basic dHJlYXN1cmVyOmNvcnJlY3QgaG9yc2UgYmF0dGVyeSBzdGFwbGU=';

export const reportPage1: ReportResponse = reportResponseSchema.parse({
  donors: [
    {
      orderId: '0b6f3c1e-2a4d-4c8e-9f10-7a5b3c2d1e01',
      name: 'Asha Rao',
      email: 'asha@example.org',
      center: 'Dallas Center, Texas',
      amount: 30,
      transactionId: 'sbx_txn_7Q2W9E',
      date: '2026-03-05T20:30:00.000Z',
      qty: 2,
      products: 'Guruvara Dattam Vimalacharita Satakam x1; SGS Vagdevi Center - $25.00 x1',
      delivery: 'Pickup at Dallas Center, Texas',
      test: false,
      receiptNumber: '2026-000123',
      // The book is a purchase: only the $25.00 gift counts.
      deductible: 25,
      refunded: 0,
    },
    {
      orderId: '0b6f3c1e-2a4d-4c8e-9f10-7a5b3c2d1e02',
      name: 'Ravi Kumar',
      email: 'ravi@example.org',
      center: 'Houston Center, Texas',
      amount: 1234.5,
      transactionId: 'sbx_txn_3K8L1M',
      date: '2026-03-03T15:05:00.000Z',
      qty: 1,
      products: 'Any Other Donation - $1,234.50 x1',
      delivery: '',
      test: true,
      receiptNumber: '2026-000122',
      // Recorded before the tax receipts: no figure.
      deductible: null,
      refunded: 0,
    },
  ],
  hosts: [
    {
      registrationNumber: 'BGM-000001',
      date: '2026-03-01T17:00:00.000Z',
      name: 'Sita Devi',
      email: 'sita.parent@example.org',
      age: 12,
      gender: 'Female',
      category: null,
      phone: null,
      parents: 'Lakshmi Devi (5125550101), Rama Rao (5125550102)',
      location: 'Texas - Austin',
      session: null,
      status: 'registered',
      ticketId: null,
    },
    {
      registrationNumber: 'BGM-000002',
      date: '2026-03-02T17:00:00.000Z',
      name: 'Gopal Iyer',
      email: 'gopal@example.org',
      age: 34,
      gender: 'Male',
      category: 'Fluent Reading',
      phone: '5125550199',
      parents: null,
      location: 'Canada',
      session: 'Dallas Center, Texas · Datta Auditorium · 2027-05-15 09:00',
      status: 'registered',
      ticketId: '6f1c2b7e-3d4a-4b8e-9c1d-2e3f4a5b6c7d',
    },
  ],
  nextCursor: 'eyJkIjoiMjAyNi0wMy0wM1QxNTowNTowMFoiLCJpIjoiMDIifQ',
  totals: { count: 3, amount: 1289.5 },
  perDay: [
    { day: '2026-03-01', count: 1, amount: 25 },
    { day: '2026-03-03', count: 1, amount: 1234.5 },
    { day: '2026-03-05', count: 1, amount: 30 },
  ],
  perCenter: [
    { center: 'Houston Center, Texas', count: 1, amount: 1234.5 },
    { center: 'Dallas Center, Texas', count: 2, amount: 55 },
  ],
  timeZone: 'America/Chicago',
  // As the server may list them: the page shows the newest year first.
  statements: [
    { year: 2025, sent: 98, queued: 0 },
    { year: 2026, sent: 120, queued: 3 },
  ],
} satisfies ReportAnswer);

/** The last page: one older donation, no further cursor. */
export const reportPage2: ReportResponse = reportResponseSchema.parse({
  ...(reportPage1 satisfies ReportAnswer),
  donors: [
    {
      orderId: '0b6f3c1e-2a4d-4c8e-9f10-7a5b3c2d1e00',
      name: 'Meera Shah',
      email: 'meera@example.org',
      center: 'Dallas Center, Texas',
      amount: 25,
      transactionId: 'sbx_txn_0A1B2C',
      date: '2026-03-01T14:00:00.000Z',
      qty: 1,
      products: 'SGS Vagdevi Center - $25.00 x1',
      delivery: '',
      test: false,
      receiptNumber: '2026-000120',
      deductible: 25,
      refunded: 0,
    },
  ],
  nextCursor: null,
} satisfies ReportAnswer);

export const emptyReport: ReportResponse = reportResponseSchema.parse({
  donors: [],
  hosts: [],
  nextCursor: null,
  totals: { count: 0, amount: 0 },
  perDay: [],
  perCenter: [],
  timeZone: 'America/Chicago',
  statements: [],
} satisfies ReportAnswer);

export function storeReportAuth(value: string = JSON.stringify(adminCredentials)) {
  window.sessionStorage.setItem(REPORT_AUTH_STORAGE_KEY, value);
}

export function storedReportAuth(): string | null {
  return window.sessionStorage.getItem(REPORT_AUTH_STORAGE_KEY);
}

export const unauthorized = { error: { code: 'unauthorized', message: 'Invalid username or password.' } };
