/** The signed-in member and what the back office's pages may do with the session. */
import type { StaffSession } from '@store/shared/staff';
import { createContext, useContext } from 'react';

export type AdminContextValue = {
  session: StaffSession;
  /** A 401 from any call: the session is gone (expired, signed out elsewhere); back to sign-in. */
  expire: () => void;
  /** The server sent the session anew (two-factor set up or turned off on the Security page). */
  replaceSession: (session: StaffSession) => void;
};

export const AdminContext = createContext<AdminContextValue | null>(null);

export function useAdmin(): AdminContextValue {
  const value = useContext(AdminContext);
  if (!value) throw new Error('useAdmin() outside the back office shell.');
  return value;
}
