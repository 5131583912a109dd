import { PlaceholderPage } from '../../components/placeholder-page';

/** `/order-success`: placeholder until its issue lands. */
export function OrderSuccessPage() {
  return <PlaceholderPage title="Order Success" />;
}
