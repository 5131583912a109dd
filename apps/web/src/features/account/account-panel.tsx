import { type ReactNode, useId } from 'react';

/** One task of the dashboard's 'Sign-in and security' section: a titled box (a region named by its title). */
export function AccountPanel({
  title,
  children,
  danger = false,
}: {
  title: string;
  children: ReactNode;
  danger?: boolean;
}) {
  const id = useId();
  return (
    <section className={danger ? 'account-panel account-panel--danger' : 'account-panel'} aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}
