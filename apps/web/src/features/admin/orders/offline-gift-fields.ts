/**
 * The offline gift form's fields as the request offlineGiftRequestSchema checks, plus the rules it
 * leaves to the page: the amount typed in dollars, and a reference (cheque number, bank reference)
 * for anything but cash. The donor's address goes with the request when the center's receipt needs
 * it (then the shared schema refuses each missing part); the cause when one is chosen.
 */
import { DONOR_ADDRESS_PARTS } from '@store/shared/receipt-address';
import { NOT_DOLLARS, parseDollars } from '../parse-dollars';

export type OfflineGiftFields = { request: Record<string, unknown>; errors: Record<string, string> };

const text = (data: FormData, name: string) => String(data.get(name) ?? '').trim();

/** The form's input for each part of the donor's address ('street' -> 'donorStreet'). */
export const addressInputName = (part: (typeof DONOR_ADDRESS_PARTS)[number]) =>
  `donor${part.charAt(0).toUpperCase()}${part.slice(1)}`;

/** The form's input a request field is typed in (the request's `amountCents` is typed as `amount`). */
export function inputNameOf(field: string): string {
  if (field === 'amountCents') return 'amount';
  const part = DONOR_ADDRESS_PARTS.find((p) => field === `donorAddress.${p}`);
  return part ? addressInputName(part) : field;
}

export function offlineGiftFields(data: FormData, options: { withAddress: boolean }): OfflineGiftFields {
  const errors: Record<string, string> = {};
  const method = text(data, 'method');
  const reference = text(data, 'reference');
  const description = text(data, 'description');
  const centerId = text(data, 'centerId');
  const causeId = text(data, 'causeId');
  const amountCents = parseDollars(text(data, 'amount'));
  if (amountCents === null) errors.amountCents = NOT_DOLLARS;
  if (centerId === '') errors.centerId = 'Select a center.';
  if (method !== 'cash' && reference === '') {
    errors.reference = method === 'cheque' ? 'Enter the cheque number.' : 'Enter the bank reference.';
  }
  const donorAddress = Object.fromEntries(
    DONOR_ADDRESS_PARTS.map((part) => [part, text(data, addressInputName(part))]),
  );
  return {
    request: {
      firstName: text(data, 'firstName'),
      lastName: text(data, 'lastName'),
      email: text(data, 'email'),
      centerId: centerId === '' ? undefined : Number(centerId),
      amountCents: amountCents ?? undefined,
      ...(causeId === '' ? {} : { causeId: Number(causeId) }),
      ...(description === '' ? {} : { description }),
      method,
      ...(reference === '' ? {} : { reference }),
      receivedOn: text(data, 'receivedOn'),
      ...(options.withAddress ? { donorAddress } : {}),
    },
    errors,
  };
}
