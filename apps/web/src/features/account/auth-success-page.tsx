import { PlaceholderPage } from '../../components/placeholder-page';

/** `/auth-success`: placeholder until its issue lands. */
export function AuthSuccessPage() {
  return <PlaceholderPage title="Signing In" />;
}
