/**
 * The part of the bucket a Gift Aid declaration is made on, as the server words it: what was given,
 * less what came back (the book is a purchase; a concert seat has its fair market value), each item
 * as the catalogue prices it in the visitor's currency.
 */
import type { CartLine } from '@store/shared/cart';
import { giftPartCents } from '@store/shared/gift-aid';
import { dollarsToCents } from '@store/shared/money';
import { benefitValue } from '@store/shared/prices';
import type { CatalogueItem } from '@store/shared/site';
import { useCatalogue } from '#src/lib/catalogue/catalogue-context';
import { useGiving } from '#src/lib/giving-country/use-giving';

export function useGiftAidCents(): (lines: readonly CartLine[]) => number {
  const { state } = useCatalogue();
  const { currency } = useGiving();
  const items = state.status === 'ready' ? [...state.data.items, ...state.data.concert] : [];
  return (lines) =>
    giftPartCents(
      lines.map((line) => {
        const unitCents = dollarsToCents(line.price);
        return {
          unitCents,
          quantity: line.quantity,
          valueCents: valueReceived(
            items.find((i) => i.id === line.id),
            unitCents,
          ),
        };
      }),
    );

  function valueReceived(item: CatalogueItem | undefined, unitCents: number): number {
    const benefit = item?.benefit;
    if (!benefit || item.price === 0) return 0;
    if (benefit.kind === 'purchase') return unitCents;
    return Math.min(unitCents, dollarsToCents(benefitValue(benefit, currency)));
  }
}
