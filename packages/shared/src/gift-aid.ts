/**
 * UK Gift Aid (HMRC): a UK taxpayer's declaration lets the UK charity claim the basic-rate tax on
 * the gift. The checkout offers it on a UK center's gift; the declaration is kept with the order,
 * its receipt says it was made, and the quarter's claim lists it (modules/gift-aid).
 */
import { z } from 'zod';

/**
 * HMRC's model declaration for a single donation (Gift Aid guidance, chapter 3, "Model declaration"),
 * with the charity's name and the amount filled in. Shown word for word beside the tick box and kept
 * on the order as shown.
 */
export function giftAidDeclarationText(charityName: string, amount: string): string {
  return (
    `I want to Gift Aid my donation of ${amount} to ${charityName}. I am a UK taxpayer and understand that if ` +
    'I pay less Income Tax and/or Capital Gains Tax than the amount of Gift Aid claimed on all my donations in ' +
    'that tax year it is my responsibility to pay any difference.'
  );
}

export const giftAidMessages = {
  house: 'Enter your house name or number for Gift Aid',
  postcode: 'Enter a UK postcode, such as SW1A 1AA',
  notUk: 'Gift Aid is only for gifts to a UK center',
} as const;

/** A UK postcode as HMRC's schedule takes it (upper case, one space): 'SW1A 1AA'. */
const UK_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/;

export function normalisePostcode(value: string): string | null {
  const compact = value.trim().toUpperCase().replace(/\s+/g, '');
  if (!UK_POSTCODE.test(compact)) return null;
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/** The checkout's Gift Aid fields (the donor's name is the card holder's). */
export const giftAidFieldsSchema = z.object({
  giftAid: z.boolean().optional(),
  giftAidHouse: z.string().trim().max(40, 'At most 40 characters').optional(),
  giftAidPostcode: z.string().trim().max(10, 'At most 10 characters').optional(),
});

/** What is kept on the order: who declared, where they live, when, and the words they agreed to. */
export type GiftAidDeclaration = {
  firstName: string;
  lastName: string;
  house: string;
  postcode: string;
  declaredAt: string;
  wording: string;
};

/**
 * The part of a payment Gift Aid is claimed on: what was given, less what came back (a purchase is
 * all value received, a concert seat its fair market value). The checkout's declaration names it;
 * the server's deductible rule computes the same figure from the priced lines.
 */
export function giftPartCents(lines: readonly { unitCents: number; quantity: number; valueCents: number }[]): number {
  const paid = lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
  const received = lines.reduce((sum, l) => sum + l.valueCents * l.quantity, 0);
  return Math.min(paid, Math.max(0, paid - received));
}
