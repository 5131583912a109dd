import { PlaceholderPage } from '../../components/placeholder-page';

/** `/checkout`: placeholder until its issue lands. */
export function CheckoutPage() {
  return <PlaceholderPage title="Checkout" />;
}
