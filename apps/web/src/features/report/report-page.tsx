import { PlaceholderPage } from '../../components/placeholder-page';

/** `/report`: placeholder until its issue lands. */
export function ReportPage() {
  return <PlaceholderPage title="Books Payment Report" />;
}
