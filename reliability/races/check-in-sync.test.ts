/**
 * The morning rush at the doors: 50 devices sync 2,000 check-ins at once, through two server
 * processes on one PostgreSQL, over real HTTP. 1,800 people; 200 of them were checked in at two
 * doors (each door offline, neither knowing), and every device's first batch is sent twice (a reply
 * lost on a temple's network). Each ticket ends with exactly one kept check-in, each conflict is
 * answered to the device that sent it and listed for all, a replay stores nothing, nothing answers 5xx.
 * PostgreSQL only: the race is between processes and connections, which PGlite (one process, one
 * connection) cannot have, and the suite's time is spent; the same statements run on PGlite in the
 * check-in module's API tests.
 */
import { randomUUID } from 'node:crypto';
import type { CheckInSyncResponse, DeviceCheckIn } from '@store/shared/check-in-sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInStaff } from '../../apps/server/test/staff-helpers';
import { usingPostgres } from '../../apps/server/test/test-db';
import { adultPerson, seedRegistration, seedSession } from '../../apps/server/test/ticket-fixtures';
import { freePort } from '../../test/free-port';
import { recordFigures } from '../support/figures';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { type Answer, count, postJson } from '../support/store-client';
import { type StoreServer, startStoreServer } from '../support/store-server';

const DEVICES = 50;
const PEOPLE = 1800;
const TWICE = 200;
const BATCH = 20;
const ENV = { TRUST_PROXY: 'true' };

type Device = { deviceId: string; deviceName: string; checkIns: DeviceCheckIn[] };

describe.runIf(usingPostgres)('50 doors syncing 2,000 check-ins at once', () => {
  let store: StoreServer;
  let second: ServerProcess | undefined;
  let sessionId = 0;
  const ticketIds: string[] = [];
  let cookie = '';
  const figures: Record<string, unknown> = {};

  beforeAll(async () => {
    store = await startStoreServer(ENV);
    await store.query(async (db) => {
      const session = await seedSession(db, { capacity: PEOPLE });
      sessionId = session.id;
      // Families of ten, as the registrations would have stored them.
      for (let family = 0; family < PEOPLE / 10; family++) {
        const { tickets } = await seedRegistration(db, {
          sessionId,
          people: Array.from({ length: 10 }, (_, n) => adultPerson({ firstName: `P${family}x${n}` })),
        });
        ticketIds.push(...tickets.map((ticket) => ticket.id));
      }
      cookie = `store_staff=${(await signInStaff({ testDb: { db } }, 'owner')).token}`;
    });
    second = await startServerProcess({
      port: await freePort(),
      dataDir: store.database.dataDir,
      databaseUrl: store.database.databaseUrl,
      env: { LOG_LEVEL: 'warn', ...ENV },
    });
  }, 120_000);

  afterAll(async () => {
    recordFigures('check-in-sync', figures);
    await second?.stop();
    await store?.close();
  });

  it('keeps one check-in per ticket, reports every conflict, and stores a replay once', async () => {
    const devices: Device[] = Array.from({ length: DEVICES }, (_, d) => ({
      deviceId: randomUUID(),
      deviceName: `Door ${d + 1}`,
      checkIns: [],
    }));
    const at = (device: number, ticketId: string) =>
      devices[device]?.checkIns.push({
        id: randomUUID(),
        ticketId,
        scannedAt: new Date().toISOString(),
        method: 'scan',
        guardian: null,
      });
    for (const [i, ticketId] of ticketIds.entries()) at(i % DEVICES, ticketId);
    // 200 people also let in at a second door.
    for (const [i, ticketId] of ticketIds.slice(0, TWICE).entries()) at((i + 7) % DEVICES, ticketId);
    expect(devices.reduce((sum, device) => sum + device.checkIns.length, 0)).toBe(2000);

    const bases = second ? [store.baseUrl, second.baseUrl] : [store.baseUrl];
    const syncOf = (d: number, checkIns: DeviceCheckIn[]) => {
      const device = devices[d];
      if (!device) throw new Error(`no device ${d}`);
      return postJson(
        bases[d % bases.length] ?? store.baseUrl,
        `/api/staff/sessions/${sessionId}/check-ins/sync`,
        { deviceId: device.deviceId, deviceName: device.deviceName, checkIns },
        { cookie, origin: bases[d % bases.length] ?? store.baseUrl, 'x-forwarded-for': `10.33.0.${d + 1}` },
      );
    };
    const batchesOf = (device: Device) =>
      Array.from({ length: Math.ceil(device.checkIns.length / BATCH) }, (_, b) =>
        device.checkIns.slice(b * BATCH, (b + 1) * BATCH),
      );

    const started = Date.now();
    // Every device at once; each sends its batches in order, then its first batch again.
    const perDevice = await Promise.all(
      devices.map(async (device, d) => {
        const answers: Answer[] = [];
        const batches = batchesOf(device);
        for (const batch of batches) answers.push(await syncOf(d, batch));
        answers.push(await syncOf(d, batches[0] ?? []));
        return answers;
      }),
    );
    figures.rushMs = Date.now() - started;
    figures.processes = bases.length;
    const all = perDevice.flat();
    expect(count(all, (answer) => answer.status)).toEqual({ 200: all.length });

    // Each device's answers: its first batch answered the same twice; per check-in one result.
    const results = new Map<string, string>();
    for (const answers of perDevice) {
      const bodies = answers.map((answer) => answer.body as unknown as CheckInSyncResponse);
      const replay = bodies.at(-1)?.results ?? [];
      expect(replay).toEqual(bodies[0]?.results);
      for (const body of bodies.slice(0, -1)) for (const result of body.results) results.set(result.id, result.result);
    }
    expect(count([...results.values()], (result) => result)).toEqual({ kept: PEOPLE, conflict: TWICE });

    // The database: one kept row per ticket, 2,000 rows, the conflicts naming their kept row.
    const stored = await store.query(async (db) => {
      const [row] = (
        await db.execute<{ rows: number; kept: number; tickets: number; conflicts: number; named: number }>(sql`
          select count(*)::int as rows,
                 count(*) filter (where outcome = 'kept')::int as kept,
                 count(distinct ticket_id) filter (where outcome = 'kept')::int as tickets,
                 count(*) filter (where outcome = 'conflict')::int as conflicts,
                 count(*) filter (where outcome = 'conflict' and kept_check_in_id in
                   (select id from check_ins k where k.outcome = 'kept' and k.ticket_id = check_ins.ticket_id))::int as named
          from check_ins where session_id = ${sessionId}`)
      ).rows;
      return row;
    });
    expect(stored).toEqual({ rows: 2000, kept: PEOPLE, tickets: PEOPLE, conflicts: TWICE, named: TWICE });

    // Every door learns of every conflict at its next sync; the staff's counts agree.
    const last = (await syncOf(0, [])).body as unknown as CheckInSyncResponse;
    expect(last.conflicts).toHaveLength(TWICE);
    expect(last.kept).toHaveLength(PEOPLE);
    const counts = (await (
      await fetch(new URL(`/api/staff/sessions/${sessionId}/check-ins`, store.baseUrl), { headers: { cookie } })
    ).json()) as { registered: number; checkedIn: number; conflicts: unknown[] };
    expect(counts).toMatchObject({ registered: PEOPLE, checkedIn: PEOPLE });
    expect(counts.conflicts).toHaveLength(TWICE);
  });
});
