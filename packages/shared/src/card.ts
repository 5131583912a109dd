/**
 * The card widget's rules (SPEC.md §5 "Embedded card widget", §9), for the offline sandbox card
 * form and the server's sandbox tokenizer. Brand detection, Luhn and expiry come from Braintree's
 * own `card-validator` (the library its hosted fields use), so the sandbox behaves like the widget.
 */
import cardValidator from 'card-validator';
import { z } from 'zod';

/** SPEC.md §9: the brands the widget accepts. */
export const SUPPORTED_BRANDS = [
  'visa',
  'mastercard',
  'american-express',
  'diners-club',
  'discover',
  'jcb',
  'unionpay',
  'maestro',
  'elo',
  'mir',
  'hiper',
  'hipercard',
] as const;
export type CardBrand = (typeof SUPPORTED_BRANDS)[number];

/** Braintree's names for the brands (its `details.cardType`), shown beside the number and returned by the sandbox. */
export const CARD_BRAND_NAMES: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'MasterCard',
  'american-express': 'American Express',
  'diners-club': 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  maestro: 'Maestro',
  elo: 'Elo',
  mir: 'Mir',
  hiper: 'Hiper',
  hipercard: 'Hipercard',
};

export const CARD_NUMBER_MAX_DIGITS = 19;
export const CARDHOLDER_NAME_MAX = 255; // "under 256 characters"
/** SPEC.md §9: the empty-field error shows 150 ms after blur. */
export const EMPTY_FIELD_ERROR_DELAY_MS = 150;

/**
 * SPEC.md §8: what the widget says to the shopper. Marked for the `giving` catalogue (decision
 * 0042): the sandbox card form shows them translated, and the server's sandbox tokenizer sends them
 * in English (the id) as its field errors.
 */
export const widgetMessages = {
  generic: /*i18n*/ 'Something went wrong on our end.',
  duplicateCard: /*i18n*/ 'This credit card already exists as a saved payment method.',
  tokenizationFailed: /*i18n*/ 'Please check your information and try again.',
  network: /*i18n*/ 'Network error. Please try again.',
  cvvFailed: /*i18n*/ 'Credit card verification failed. Please check your information and try again.',
  unsupportedType: /*i18n*/ 'This card type is not supported. Please try another card.',
  deletionFailed: /*i18n*/ 'Unable to delete payment method, try again.',
  // Field errors, worded as the drop-in words them.
  numberRequired: /*i18n*/ 'Please fill out a card number.',
  numberInvalid: /*i18n*/ 'This card number is not valid.',
  expiryRequired: /*i18n*/ 'Please fill out an expiration date.',
  expiryInvalid: /*i18n*/ 'This expiration date is not valid.',
  cvvRequired: /*i18n*/ 'Please fill out a CVV.',
  cvvInvalid: /*i18n*/ 'This security code is not valid.',
  nameRequired: /*i18n*/ 'Please fill out a cardholder name.',
  nameTooLong: /*i18n*/ 'Cardholder name is too long.',
} as const;

export function digitsOnly(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** The brand of a (partial) number, or null when none matches yet or it is not a brand we take. */
export function detectBrand(number: string): CardBrand | null {
  // card-validator names a card once exactly one brand matches the digits so far.
  const type = cardValidator.number(digitsOnly(number), { maxLength: CARD_NUMBER_MAX_DIGITS }).card?.type;
  return SUPPORTED_BRANDS.find((b) => b === type) ?? null;
}

export function cvvLength(brand: CardBrand | null): 3 | 4 {
  return brand === 'american-express' ? 4 : 3;
}

export type CardField = 'number' | 'expirationDate' | 'cvv' | 'cardholderName';
export type CardInput = Record<CardField, string>;

/** An expiry as typed ('12/29', '12 / 2029') read as its month and four-digit year, or null. */
export function cardExpiry(value: string, now = new Date()): { month: number; year: number } | null {
  const check = cardValidator.expirationDate(value.trim(), now.getFullYear());
  if (!check.isValid || check.month === null || check.year === null) return null;
  return { month: Number(check.month), year: Number(check.year.length === 2 ? `20${check.year}` : check.year) };
}

/** One field's error, or null. `now` makes expiry testable. */
export function cardFieldError(field: CardField, input: CardInput, now = new Date()): string | null {
  const value = input[field].trim();
  switch (field) {
    case 'number': {
      if (value === '') return widgetMessages.numberRequired;
      const digits = digitsOnly(value);
      if (!/^\d+$/.test(digits) || digits.length > CARD_NUMBER_MAX_DIGITS) return widgetMessages.numberInvalid;
      const check = cardValidator.number(digits, { maxLength: CARD_NUMBER_MAX_DIGITS });
      if (check.card !== null && detectBrand(digits) === null) return widgetMessages.unsupportedType;
      return check.isValid ? null : widgetMessages.numberInvalid;
    }
    case 'expirationDate': {
      if (value === '') return widgetMessages.expiryRequired;
      const expiry = cardExpiry(value, now);
      if (!expiry) return widgetMessages.expiryInvalid;
      const current = now.getFullYear() * 12 + now.getMonth() + 1;
      return expiry.year * 12 + expiry.month < current ? widgetMessages.expiryInvalid : null;
    }
    case 'cvv': {
      if (value === '') return widgetMessages.cvvRequired;
      return new RegExp(`^\\d{${cvvLength(detectBrand(input.number))}}$`).test(value)
        ? null
        : widgetMessages.cvvInvalid;
    }
    case 'cardholderName': {
      if (value === '') return widgetMessages.nameRequired;
      return value.length > CARDHOLDER_NAME_MAX ? widgetMessages.nameTooLong : null;
    }
  }
}

export const CARD_FIELDS: readonly CardField[] = ['number', 'expirationDate', 'cvv', 'cardholderName'];

export function cardErrors(input: CardInput, now = new Date()): Partial<Record<CardField, string>> {
  const errors: Partial<Record<CardField, string>> = {};
  for (const field of CARD_FIELDS) {
    const error = cardFieldError(field, input, now);
    if (error) errors[field] = error;
  }
  return errors;
}

/** POST /api/public/payment/sandbox/tokenize: the card, exchanged for a single-use nonce. */
export const sandboxTokenizeRequestSchema = z
  .object({
    number: z.string().max(40),
    expirationDate: z.string().max(10),
    cvv: z.string().max(4),
    cardholderName: z.string().max(1000),
  })
  .superRefine((input, ctx) => {
    const errors = cardErrors(input);
    for (const [path, message] of Object.entries(errors)) ctx.addIssue({ code: 'custom', path: [path], message });
  });

export const sandboxTokenizeResponseSchema = z.object({
  nonce: z.string(),
  details: z.object({ cardType: z.string(), lastFour: z.string().length(4) }),
});
