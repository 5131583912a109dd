import { PlaceholderPage } from '../../components/placeholder-page';

/** `/register`: placeholder until its issue lands. */
export function RegisterPage() {
  return <PlaceholderPage title="Register" />;
}
