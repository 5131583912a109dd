/**
 * The offline gift form's fields as the request offlineGiftRequestSchema checks, plus the rules it
 * leaves to the page: the amount typed in dollars, and a reference (cheque number, bank reference)
 * for anything but cash.
 */
import { NOT_DOLLARS, parseDollars } from '../parse-dollars';

export type OfflineGiftFields = { request: Record<string, unknown>; errors: Record<string, string> };

const text = (data: FormData, name: string) => String(data.get(name) ?? '').trim();

export function offlineGiftFields(data: FormData): OfflineGiftFields {
  const errors: Record<string, string> = {};
  const method = text(data, 'method');
  const reference = text(data, 'reference');
  const description = text(data, 'description');
  const centerId = text(data, 'centerId');
  const amountCents = parseDollars(text(data, 'amount'));
  if (amountCents === null) errors.amountCents = NOT_DOLLARS;
  if (centerId === '') errors.centerId = 'Select a center.';
  if (method !== 'cash' && reference === '') {
    errors.reference = method === 'cheque' ? 'Enter the cheque number.' : 'Enter the bank reference.';
  }
  return {
    request: {
      firstName: text(data, 'firstName'),
      lastName: text(data, 'lastName'),
      email: text(data, 'email'),
      centerId: centerId === '' ? undefined : Number(centerId),
      amountCents: amountCents ?? undefined,
      ...(description === '' ? {} : { description }),
      method,
      ...(reference === '' ? {} : { reference }),
      receivedOn: text(data, 'receivedOn'),
    },
    errors,
  };
}

/** Today in the member's own zone, as the date field writes it (YYYY-MM-DD). */
export function today(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}
