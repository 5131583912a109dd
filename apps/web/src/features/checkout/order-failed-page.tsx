import { PlaceholderPage } from '../../components/placeholder-page';

/** `/order-failed`: placeholder until its issue lands. */
export function OrderFailedPage() {
  return <PlaceholderPage title="Order Failed" />;
}
