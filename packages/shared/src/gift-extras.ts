/**
 * What a donor may add to a gift at checkout beyond SPEC.md §5's form: covering the processing fee,
 * a tribute (in honour or in memory of someone, with an optional e-mail card to a person they
 * name), and their employer's matching. Flat fields of the checkout form, like Gift Aid's, so one
 * schema serves the form and the server (checkout.ts spreads them into the details).
 *
 * Texts are marked for the `giving` catalogue (decision 0042) and sent in English by the server.
 */
import { z } from 'zod';
import { AT_MOST, type TextLimit } from './text-limits';

export const giftExtrasMessages = {
  tributeName: /*i18n*/ 'Enter the name of the person this gift honours or remembers',
  tributeCardName: /*i18n*/ 'Enter the name of the person to send the card to',
  tributeCardEmail: /*i18n*/ 'Enter the e-mail address to send the card to',
  tributeCardEmailFormat: /*i18n*/ 'Enter a valid e-mail address for the card',
  employerName: /*i18n*/ "Enter your employer's name",
} as const;

export const TRIBUTE_KINDS = ['honour', 'memory'] as const;
export type TributeKind = (typeof TRIBUTE_KINDS)[number];

/** Limits of the free texts: a name, and a message printed on a card and a receipt. */
export const TRIBUTE_NAME_MAX = 200;
export const TRIBUTE_MESSAGE_MAX = 500;
export const EMPLOYER_NAME_MAX = 200;

const text = (max: TextLimit) => z.string().trim().max(max, AT_MOST[max]).optional();

/** The form's fields (all optional; the rule below says which go together). */
export const giftExtrasFieldsSchema = z.object({
  /** The donor adds the processing fee (processing-fee.ts) to the charge. */
  coverFee: z.boolean().optional(),
  /** Absent: no tribute. */
  tributeKind: z.enum(TRIBUTE_KINDS, 'Choose in honour or in memory').optional(),
  tributeName: text(TRIBUTE_NAME_MAX),
  tributeMessage: text(TRIBUTE_MESSAGE_MAX),
  /** Send an e-mail card: to whom. Both or neither. */
  tributeCardName: text(TRIBUTE_NAME_MAX),
  tributeCardEmail: text(254),
  /** The card shows the gift's amount only when the donor chooses so. */
  tributeShowAmount: z.boolean().optional(),
  /** "My employer matches gifts", and the employer's name. */
  employerMatches: z.boolean().optional(),
  employerName: text(EMPLOYER_NAME_MAX),
});
export type GiftExtrasFields = z.infer<typeof giftExtrasFieldsSchema>;

const emailSchema = z.email();

/**
 * The rules between the fields, as [field, message] pairs: a tribute names its person; a card names
 * its recipient and a valid address; a match names the employer. Run by the form and the server.
 */
export function giftExtrasIssues(d: GiftExtrasFields): [keyof GiftExtrasFields, string][] {
  const issues: [keyof GiftExtrasFields, string][] = [];
  if (d.tributeKind) {
    if (!d.tributeName) issues.push(['tributeName', giftExtrasMessages.tributeName]);
    const wantsCard = Boolean(d.tributeCardName || d.tributeCardEmail);
    if (wantsCard && !d.tributeCardName) issues.push(['tributeCardName', giftExtrasMessages.tributeCardName]);
    if (wantsCard && !d.tributeCardEmail) issues.push(['tributeCardEmail', giftExtrasMessages.tributeCardEmail]);
    else if (d.tributeCardEmail && !emailSchema.safeParse(d.tributeCardEmail).success) {
      issues.push(['tributeCardEmail', giftExtrasMessages.tributeCardEmailFormat]);
    }
  }
  if (d.employerMatches && !d.employerName) issues.push(['employerName', giftExtrasMessages.employerName]);
  return issues;
}

/** A gift's tribute as the order keeps it (orders.tribute). */
export type Tribute = {
  kind: TributeKind;
  name: string;
  message?: string;
  /** The e-mail card's recipient, when the donor asked for one. */
  card?: { name: string; email: string; showAmount: boolean };
};

/** The tribute the validated fields describe, or null when none was chosen. */
export function tributeOf(d: GiftExtrasFields): Tribute | null {
  if (!d.tributeKind || !d.tributeName) return null;
  return {
    kind: d.tributeKind,
    name: d.tributeName,
    ...(d.tributeMessage ? { message: d.tributeMessage } : {}),
    ...(d.tributeCardName && d.tributeCardEmail
      ? { card: { name: d.tributeCardName, email: d.tributeCardEmail, showAmount: d.tributeShowAmount === true } }
      : {}),
  };
}

/** The employer the donor will ask to match, or null. */
export function matchingEmployerOf(d: GiftExtrasFields): string | null {
  return d.employerMatches && d.employerName ? d.employerName : null;
}
