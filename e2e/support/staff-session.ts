/**
 * A session of the event made by a signed-in staff page through the back office's API (the form is
 * proven in its own tests): in Dallas, ten days ahead, in its own time zone. Returns its id.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function createDallasSession(page: Page, origin: string, hall: string, capacity: number): Promise<number> {
  const created = await page.request.post('/api/staff/sessions', {
    headers: { origin },
    data: {
      centerId: 2,
      hall,
      address: '4455 Legacy Dr, Frisco, TX 75034',
      startsAt: new Date(Date.now() + 10 * DAY_MS).toISOString(),
      timeZone: 'America/Chicago',
      capacity,
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { session: { id: number } }).session.id;
}
