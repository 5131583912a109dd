import { PlaceholderPage } from '../../components/placeholder-page';

/** `/dashboard`: placeholder until its issue lands. */
export function DashboardPage() {
  return <PlaceholderPage title="Dashboard" />;
}
