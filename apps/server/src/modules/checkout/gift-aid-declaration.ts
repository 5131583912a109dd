/**
 * A UK gift's Gift Aid declaration, checked and written down at checkout: only on a gift to the UK
 * entity (its receipts follow the 'uk-gift-aid' rules), with the house and a real UK postcode, and
 * with the words the donor agreed to, as HMRC asks a charity to keep them.
 */
import type { CheckoutDetails } from '@store/shared/checkout';
import {
  type GiftAidDeclaration,
  giftAidDeclarationText,
  giftAidMessages,
  normalisePostcode,
} from '@store/shared/gift-aid';
import { formatCents } from '@store/shared/money';
import type { Entity } from '@store/shared/site';
import { deductibleCents } from '#src/modules/receipts/deductible';
import type { PricedProducts } from './price-products';

export type GiftAidResult =
  | { ok: true; declaration: GiftAidDeclaration }
  | { ok: false; fields: Record<string, string> };

/** The declaration (null when the box was not ticked), or the fields refused. */
export function giftAidOf(
  entity: Entity,
  details: CheckoutDetails,
  priced: PricedProducts,
  now: Date = new Date(),
): GiftAidResult | null {
  if (details.giftAid !== true) return null;
  const field = (name: string) => `customerDetails.${name}`;
  if (entity.receipts !== 'uk-gift-aid') return { ok: false, fields: { [field('giftAid')]: giftAidMessages.notUk } };
  const fields: Record<string, string> = {};
  const house = details.giftAidHouse?.trim() ?? '';
  if (!house) fields[field('giftAidHouse')] = giftAidMessages.house;
  const postcode = normalisePostcode(details.giftAidPostcode ?? '');
  if (!postcode) fields[field('giftAidPostcode')] = giftAidMessages.postcode;
  if (!postcode || !house) return { ok: false, fields };
  // Gift Aid is on the gift: what was paid for (the book, a concert seat's value) is not a donation.
  const gift = deductibleCents(priced.totalCents, priced.products);
  // The entity's name, as the checkout showed the declaration (site.json names the charity there).
  const charity = entity.name;
  return {
    ok: true,
    declaration: {
      firstName: details.cardFirstName,
      lastName: details.cardLastName,
      house,
      postcode,
      declaredAt: now.toISOString(),
      wording: giftAidDeclarationText(charity, formatCents(gift, entity.currency)),
    },
  };
}
