import { PlaceholderPage } from '../../components/placeholder-page';

/** `/login`: placeholder until its issue lands. */
export function LoginPage() {
  return <PlaceholderPage title="Login" />;
}
