import { i18n } from '@lingui/core';
import { messages } from '@store/shared/messages';
import type { CatalogueItem } from '@store/shared/site';
import { useNavigate } from 'react-router';
import { useCart } from '#src/lib/cart/cart-context';
import type { CartNavigationState } from '#src/lib/cart/cart-navigation';
import { useGiving } from '#src/lib/giving-country/use-giving';
import { showSuccessToast } from '#src/lib/toast-request';

/**
 * Adds an item to the bucket (an open-amount one at `cents`), toasts and goes to /cart (SPEC.md §2,
 * §4): the one way both the giving panel and the cards add.
 */
export function useDonate(
  from?: CartNavigationState['from'],
): (item: CatalogueItem, cents?: number, monthly?: boolean) => void {
  const { add } = useCart();
  const { currency } = useGiving();
  const navigate = useNavigate();
  return (item, cents, monthly) => {
    // `item` comes priced in the visitor's currency (catalogue-section.ts), the bucket's.
    add(item, cents, monthly, currency);
    // A fixed id updates the one toast instead of stacking copies when adds come quickly.
    void showSuccessToast(i18n._(messages.store.donationAdded), messages.store.donationAdded);
    navigate('/cart', from ? { state: { from } satisfies CartNavigationState } : undefined);
  };
}
