import { isOpenAmount } from '@store/shared/catalogue';
import { messages } from '@store/shared/messages';
import { parseDonationAmount } from '@store/shared/money';
import type { CatalogueItem } from '@store/shared/site';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { useCart } from '#src/lib/cart/cart-context';
import type { CartNavigationState } from '#src/lib/cart/cart-navigation';
import { DonationCard } from './donation-card';

type CatalogueGridProps = {
  items: readonly CatalogueItem[];
  /** Told to /cart so its back link returns to the right page. */
  from?: CartNavigationState['from'];
};

export function CatalogueGrid({ items, from }: CatalogueGridProps) {
  // One amount for all open-amount cards: SPEC.md §2 has a single input shared by ids 7 and 8.
  const [amount, setAmount] = useState('');
  const { add } = useCart();
  const navigate = useNavigate();

  function donate(item: CatalogueItem) {
    if (isOpenAmount(item)) {
      const cents = parseDonationAmount(amount);
      if (cents === null) {
        // SPEC.md §5 and §8 name a browser alert for this, not an inline error.
        window.alert(messages.store.invalidAmount);
        return;
      }
      add(item, cents);
      setAmount('');
    } else {
      add(item);
    }
    // A fixed id updates the one toast instead of stacking copies when adds come quickly.
    toast.success(messages.store.donationAdded, { id: messages.store.donationAdded });
    navigate('/cart', from ? { state: { from } satisfies CartNavigationState } : undefined);
  }

  return (
    <div className="catalogue-grid">
      {items.map((item) => (
        <DonationCard key={item.id} item={item} amount={amount} onAmountChange={setAmount} onDonate={donate} />
      ))}
    </div>
  );
}
