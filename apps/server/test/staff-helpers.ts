/**
 * Back-office API tests (issue 21): a staff member of a role, signed in (a real session row, as the
 * login leaves it), and calls as the /admin pages make them (the site's Origin, the staff cookie).
 *
 *   const treasurer = await signInStaff(t, 'treasurer');
 *   const res = await staffCall(t.app, treasurer, 'POST', `/api/staff/orders/${id}/refunds`, body, { 'idempotency-key': key });
 */
import type { StaffRole } from '@store/shared/staff';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '#src/db/client';
import { createAdmin } from '#src/modules/admins/admin-repo';
import { admins } from '#src/modules/admins/tables';
import { STAFF_COOKIE } from '#src/modules/staff/staff-cookie';
import { openStaffSession } from '#src/modules/staff/staff-sessions';
import { SITE_ORIGIN } from './auth-helpers';
import type { TestApp } from './build-test-app';

export const STAFF_PASSWORD = 'correct horse battery staple';

export type SignedInStaff = { id: string; username: string; role: StaffRole; token: string };

let made = 0;

/** A new member of this role (a volunteer of center 1 unless said), with a fully signed-in session. */
export async function signInStaff(
  // A test's app, or (a reliability file beside a running server) just the database.
  t: Pick<TestApp, 'testDb'> | { testDb: { db: Database } },
  role: StaffRole,
  options: { centerId?: number; username?: string } = {},
): Promise<SignedInStaff> {
  const db = t.testDb.db;
  made += 1;
  const username = options.username ?? `${role}-${made}-${process.pid}`;
  const admin = await createAdmin(db, { username, password: STAFF_PASSWORD });
  const centerId = options.centerId ?? (role === 'volunteer' ? 1 : null);
  await db.update(admins).set({ role, centerId }).where(eq(admins.id, admin.id));
  const { token } = await openStaffSession(db, { adminId: admin.id, stage: 'full', clientIp: '127.0.0.1' });
  return { id: admin.id, username, role, token };
}

export function staffCall(
  app: FastifyInstance,
  staff: Pick<SignedInStaff, 'token'> | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload }),
    ...(staff ? { cookies: { [STAFF_COOKIE]: staff.token } } : {}),
    headers: { origin: SITE_ORIGIN, ...headers },
  });
}
