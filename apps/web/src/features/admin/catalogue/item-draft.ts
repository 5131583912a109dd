/**
 * An item as its form holds it (text as typed, dollars as strings) and back. Field names match the
 * API's `fields` paths after `item.`, so a refusal lands on the field that caused it.
 */

import type { SiteItem } from '@store/shared/site';
import type { ItemFields } from '@store/shared/site-content';

export type BenefitKind = '' | 'goods' | 'services' | 'purchase';

export type ItemDraft = {
  name: string;
  /** Dollars as typed; ignored when `open` is set. */
  price: string;
  /** The donor types the amount (price 0 in the catalogue). */
  open: boolean;
  desc: string;
  image: string;
  imageId: string;
  imageAlt: string;
  benefitKind: BenefitKind;
  benefitDescription: string;
  fairMarketValue: string;
  /** The price and fair market value in the other currencies, as typed; empty: not sold in it. */
  priceCAD: string;
  priceGBP: string;
  fairMarketValueCAD: string;
  fairMarketValueGBP: string;
  archived: boolean;
};

const dollars = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2));

export function draftOf(item?: SiteItem): ItemDraft {
  const benefit = item?.benefit;
  return {
    name: item?.name ?? '',
    price: item && item.price > 0 ? dollars(item.price) : '',
    open: item ? item.price === 0 : false,
    desc: item?.desc ?? '',
    image: item?.image ?? '',
    imageId: item?.imageId ?? '',
    imageAlt: item?.imageAlt ?? '',
    benefitKind: benefit?.kind ?? '',
    benefitDescription: benefit?.description ?? '',
    fairMarketValue: benefit && benefit.kind !== 'purchase' ? dollars(benefit.fairMarketValue) : '',
    priceCAD: typed(item?.prices?.CAD),
    priceGBP: typed(item?.prices?.GBP),
    fairMarketValueCAD: benefit && benefit.kind !== 'purchase' ? typed(benefit.fairMarketValues?.CAD) : '',
    fairMarketValueGBP: benefit && benefit.kind !== 'purchase' ? typed(benefit.fairMarketValues?.GBP) : '',
    archived: item?.archived ?? false,
  };
}

const typed = (value: number | undefined) => (value === undefined ? '' : dollars(value));

/** The typed amounts by currency, those left empty left out (`{ CAD: 7 }`); undefined when none. */
function perCurrency(typedAmounts: { CAD: string; GBP: string }): { CAD?: number; GBP?: number } | undefined {
  const entries = Object.entries(typedAmounts).filter(([, text]) => text.trim() !== '');
  return entries.length === 0 ? undefined : Object.fromEntries(entries.map(([c, text]) => [c, amount(text)]));
}

/** A typed amount as a number, or NaN (the schema then says what is wrong with it). */
function amount(text: string): number {
  const cleaned = text.replace(/[$,\s]/g, '');
  return cleaned === '' ? Number.NaN : Number(cleaned);
}

export function fieldsOf(draft: ItemDraft): ItemFields {
  const fairMarketValues = perCurrency({ CAD: draft.fairMarketValueCAD, GBP: draft.fairMarketValueGBP });
  const benefit =
    draft.benefitKind === ''
      ? undefined
      : draft.benefitKind === 'purchase'
        ? { kind: 'purchase' as const, description: draft.benefitDescription }
        : {
            kind: draft.benefitKind,
            description: draft.benefitDescription,
            fairMarketValue: amount(draft.fairMarketValue),
            ...(fairMarketValues ? { fairMarketValues } : {}),
          };
  // An open amount is offered in every currency: it has no prices of its own.
  const prices = draft.open ? undefined : perCurrency({ CAD: draft.priceCAD, GBP: draft.priceGBP });
  return {
    name: draft.name,
    price: draft.open ? 0 : amount(draft.price),
    desc: draft.desc,
    ...(draft.image ? { image: draft.image } : {}),
    ...(draft.imageId ? { imageId: draft.imageId } : {}),
    ...(draft.imageAlt ? { imageAlt: draft.imageAlt } : {}),
    ...(benefit ? { benefit } : {}),
    ...(prices ? { prices } : {}),
    archived: draft.archived,
  };
}

/** `item.benefit.fairMarketValue` → `fairMarketValue`: the API's and the schema's paths, as form fields. */
const FIELD_OF: Record<string, keyof ItemDraft> = {
  name: 'name',
  price: 'price',
  desc: 'desc',
  image: 'image',
  imageId: 'image',
  imageAlt: 'imageAlt',
  'benefit.kind': 'benefitKind',
  benefit: 'benefitKind',
  'benefit.description': 'benefitDescription',
  'benefit.fairMarketValue': 'fairMarketValue',
  'prices.CAD': 'priceCAD',
  'prices.GBP': 'priceGBP',
  'benefit.fairMarketValues.CAD': 'fairMarketValueCAD',
  'benefit.fairMarketValues.GBP': 'fairMarketValueGBP',
  archived: 'archived',
};

export type DraftErrors = Partial<Record<keyof ItemDraft | 'form', string>>;

export function draftErrors(fields: Readonly<Record<string, string>>, prefix = 'item.'): DraftErrors {
  const errors: DraftErrors = {};
  for (const [path, message] of Object.entries(fields)) {
    const key = FIELD_OF[path.startsWith(prefix) ? path.slice(prefix.length) : path] ?? 'form';
    errors[key] ??= message;
  }
  return errors;
}
