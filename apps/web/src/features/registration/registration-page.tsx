import { PlaceholderPage } from '../../components/placeholder-page';

/** `/registration`: placeholder until its issue lands. */
export function RegistrationPage() {
  return <PlaceholderPage title="Bhagavad Gita Mahayagna Registration" />;
}
