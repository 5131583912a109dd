/**
 * The report's hosts name each person's session (center · hall · start in the session's own zone),
 * their own status and their live ticket, on the page and in the CSV's Session, Status and Ticket
 * ID columns; a revoked ticket is never shown, a registrant cancelled alone reads 'cancelled'.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tickets } from '#src/modules/registrations/tables';
import { revokeTickets } from '#src/modules/registrations/ticket-rows';
import { insertSession, type SeededRegistration, seedSessionRegistration } from '../../../test/event-session-rows';
import { buildReportTestApp, getReport, type ReportTestApp, requestReport } from '../../../test/report-helpers';
import { describeWithDb } from '../../../test/test-db';

describeWithDb('the report’s hosts with sessions and tickets', () => {
  let t: ReportTestApp;
  let family: SeededRegistration;
  let waiting: SeededRegistration;
  const ticketOf = async (registrantId: string) =>
    (await t.testDb.db.select().from(tickets).where(eq(tickets.registrantId, registrantId))).map((row) => row);

  beforeAll(async () => {
    t = await buildReportTestApp();
    const db = t.testDb.db;
    const dallas = await insertSession(db);
    family = await seedSessionRegistration(db, dallas, 'registered', [
      { firstName: 'Asha', age: 40 },
      { firstName: 'Anu', age: 9 },
      { firstName: 'Gone', age: 12, cancelled: true },
    ]);
    waiting = await seedSessionRegistration(db, dallas, 'waiting', [{ firstName: 'Meera', age: 30 }], 'Iyer');
    // Asha's first ticket was revoked by a change and a new one issued: only the new one shows.
    const [ashaId] = family.registrantIds;
    if (!ashaId) throw new Error('no Asha');
    await db.transaction(async (tx) => {
      await revokeTickets(tx, [ashaId], 'changed');
      await tx.insert(tickets).values({ registrantId: ashaId, sessionId: dallas });
    });
  });
  afterAll(() => t?.close());

  it('gives each person their session, status and live ticket on the page', async () => {
    const { hosts } = await getReport(t);
    const [ashaId, anuId] = family.registrantIds;
    const liveOf = async (id: string | undefined) =>
      (await ticketOf(id ?? '')).find((ticket) => ticket.revokedAt === null)?.id ?? null;
    const session = 'Dallas Center, Texas · Datta Auditorium · 2027-05-15 09:00';
    expect(hosts.map((h) => [h.name, h.session, h.status, h.ticketId])).toEqual([
      ['Meera Iyer', session, 'waiting', null],
      ['Asha Rao', session, 'registered', await liveOf(ashaId)],
      ['Anu Rao', session, 'registered', await liveOf(anuId)],
      ['Gone Rao', session, 'cancelled', null],
    ]);
    expect(await liveOf(ashaId)).toMatch(/^[0-9a-f-]{36}$/);
    expect(waiting.registrantIds).toHaveLength(1);
  });

  it('writes Session, Status and Ticket ID as the CSV’s last columns', async () => {
    const res = await requestReport(t, { table: 'hosts' }, '/api/report-data.csv');
    expect(res.statusCode).toBe(200);
    const [header, ...lines] = res.body.replace('\uFEFF', '').split('\r\n');
    expect(header?.split(',').slice(-4)).toEqual(['Country', 'Session', 'Status', 'Ticket ID']);
    const { hosts } = await getReport(t);
    const body = lines.slice(0, -1);
    expect(body).toHaveLength(hosts.length);
    body.forEach((line, index) => {
      const host = hosts[index];
      expect(line.endsWith(`,United States,"${host?.session}",${host?.status},${host?.ticketId ?? ''}`)).toBe(true);
    });
  });
});
