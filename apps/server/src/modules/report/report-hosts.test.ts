/**
 * The report's `hosts` on the whole app: every registrant stored by POST /api/public/registrations,
 * with its details, newest registration first; the page's filters (days in the foundation's zone,
 * America/Chicago in config/site.json; the search); and the registrants' CSV.
 */
import type { RegistrantInput } from '@store/shared/registration';
import { parseRegistrationNumber, registrationResponseSchema } from '@store/shared/registration';
import type { HostRow } from '@store/shared/report';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { registrations } from '#src/modules/registrations/tables';
import { createSession } from '../../../test/event-session-helpers';
import { adultRegistrant, minorRegistrant, postRegistration } from '../../../test/registration-helpers';
import { buildReportTestApp, getReport, type ReportTestApp, requestReport } from '../../../test/report-helpers';
import { describeWithDb } from '../../../test/test-db';
import { hostsCsvExport } from './hosts-csv-export';
import { listHosts } from './list-hosts';

const CSV_HEADER =
  "Registration,Date (America/Chicago),First Name,Last Name,Email,Age,Gender,Category,Phone,Mother's Name,Mother's Phone,Father's Name,Father's Phone,City,State,Zip,Country,Session,Status,Ticket ID";
const TIME_ZONE = 'America/Chicago';
const SESSION = 'Dallas Center, Texas · Datta Auditorium · 2099-05-15 09:00';
const TICKET_ID = /^[0-9a-f-]{36}$/;

describeWithDb('the report’s hosts (event registrations)', () => {
  let t: ReportTestApp;
  /** Registration numbers by name, in the order they were made. */
  const numbers: Record<string, string> = {};
  let sessionId: number;

  /** Registers through the API, then dates the registration `createdAt`. */
  async function register(name: string, people: RegistrantInput[], createdAt: string) {
    const res = await postRegistration(t.app, { body: { sessionId, registrants: people } });
    if (res.statusCode !== 201) throw new Error(`registration: ${res.statusCode} ${res.body}`);
    const { registrationNumber } = registrationResponseSchema.parse(res.json());
    await t.testDb.db
      .update(registrations)
      .set({ createdAt: new Date(createdAt) })
      .where(eq(registrations.number, parseRegistrationNumber(registrationNumber) ?? -1));
    numbers[name] = registrationNumber;
  }

  beforeAll(async () => {
    t = await buildReportTestApp();
    // A fixed start, so the session's label is known: 14:00 UTC is 9:00 in Chicago in May.
    sessionId = (await createSession(t.testDb.db, { startsAt: new Date('2099-05-15T14:00:00Z') })).id;
    // Chicago is UTC-6 in winter: 2026-03-01 00:00 CST is 06:00 UTC.
    await register(
      'family',
      [
        adultRegistrant({ firstName: 'Asha', lastName: 'Rao', email: 'asha@example.org' }),
        minorRegistrant({ firstName: 'Anu', lastName: 'Rao', email: 'asha@example.org' }),
      ],
      '2026-03-01T06:00:00.000Z',
    );
    await register(
      'february',
      [
        adultRegistrant({
          firstName: 'Meera',
          lastName: 'Iyer, Jr.',
          email: 'MEERA@Example.in',
          gender: 'Female',
          category: 'Fluent Reading',
          phone: '+91 80 5555 0100',
          country: 'IN',
          state: 'Karnataka',
          city: 'Bengaluru',
          zip: '560001',
        }),
      ],
      '2026-03-01T05:59:59.999Z', // 2026-02-28 23:59:59.999 CST
    );
    await register(
      'hostile',
      [
        adultRegistrant({
          firstName: '=HYPERLINK("http://evil.example","x")',
          lastName: '100% "Sure"',
          email: '-x@example.org',
          gender: 'Male',
          city: '@SUM(A1:A9)',
        }),
      ],
      '2026-03-05T18:00:00.000Z',
    );
  });
  afterAll(() => t?.close());

  it('lists every registrant with details, newest registration first, then in the form’s order', async () => {
    const { hosts } = await getReport(t);
    expect(hosts.map((h) => [h.registrationNumber, h.name])).toEqual([
      [numbers.hostile, '=HYPERLINK("http://evil.example","x") 100% "Sure"'],
      [numbers.family, 'Asha Rao'],
      [numbers.family, 'Anu Rao'],
      [numbers.february, 'Meera Iyer, Jr.'],
    ]);
    const [, asha, anu, meera] = hosts;
    expect(asha).toEqual<HostRow>({
      registrationNumber: numbers.family ?? '',
      date: '2026-03-01T06:00:00.000Z',
      name: 'Asha Rao',
      email: 'asha@example.org',
      age: 42,
      gender: 'Female',
      category: 'Memorization',
      phone: '512 555 0100',
      parents: null,
      location: 'Frisco, Texas 75034, United States',
      session: SESSION,
      status: 'registered',
      ticketId: expect.stringMatching(TICKET_ID),
    });
    expect(anu).toMatchObject({
      age: 9,
      category: null,
      phone: null,
      parents: 'Mother: Asha Rao (512 555 0100); Father: Ravi Rao (512 555 0101)',
    });
    expect(meera).toMatchObject({
      date: '2026-03-01T05:59:59.999Z',
      email: 'MEERA@Example.in',
      location: 'Bengaluru, Karnataka 560001, India',
    });
  });

  it('takes the foundation’s days for from and to', async () => {
    const names = async (query: Record<string, string>) => (await getReport(t, query)).hosts.map((h) => h.name);
    expect(await names({ from: '2026-03-01', to: '2026-03-01' })).toEqual(['Asha Rao', 'Anu Rao']);
    expect(await names({ to: '2026-02-28' })).toEqual(['Meera Iyer, Jr.']);
    expect(await names({ from: '2026-03-02' })).toEqual(['=HYPERLINK("http://evil.example","x") 100% "Sure"']);
    expect(await names({ from: '2026-04-01' })).toEqual([]);
  });

  it('searches names and e-mails (contains, any case) and registration numbers (exact)', async () => {
    const names = async (q: string) => (await getReport(t, { q })).hosts.map((h) => h.name);
    expect(await names('anu RAO')).toEqual(['Anu Rao']);
    expect(await names('meera@example')).toEqual(['Meera Iyer, Jr.']);
    expect(await names('RAO')).toEqual(['Asha Rao', 'Anu Rao']);
    expect(await names((numbers.family ?? '').toLowerCase())).toEqual(['Asha Rao', 'Anu Rao']);
    expect(await names('BGM-0')).toEqual([]);
    // LIKE's wildcards are matched literally.
    expect(await names('100%')).toHaveLength(1);
    expect(await names('_')).toEqual([]);
  });

  it('ignores the center filter (registrations have none)', async () => {
    expect((await getReport(t, { center: 2 })).hosts).toHaveLength(4);
  });

  it('shows at most the newest rows it is given as a limit', async () => {
    const hosts = await listHosts({
      db: t.testDb.db,
      filter: {},
      timeZone: TIME_ZONE,
      centerName: () => undefined,
      limit: 2,
    });
    expect(hosts.map((h) => h.name)).toEqual(['=HYPERLINK("http://evil.example","x") 100% "Sure"', 'Asha Rao']);
  });

  it('writes the registrants’ CSV with table=hosts: own header, details in columns, formulas neutralised', async () => {
    const res = await requestReport(t, { table: 'hosts', to: '2026-03-31' }, '/api/report-data.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="event-registrations-all-2026-03-31.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    // Each registrant's live ticket, as the report's rows name it.
    const ticket = Object.fromEntries((await getReport(t)).hosts.map((h) => [h.name, h.ticketId ?? '']));
    const hostile = '=HYPERLINK("http://evil.example","x") 100% "Sure"';
    expect(Object.values(ticket)).toEqual(Array(4).fill(expect.stringMatching(TICKET_ID)));
    expect(res.body).toBe(
      `\uFEFF${[
        CSV_HEADER,
        `${numbers.hostile},2026-03-05 12:00:00,"'=HYPERLINK(""http://evil.example"",""x"")","100% ""Sure""",'-x@example.org,42,Male,Memorization,512 555 0100,,,,,'@SUM(A1:A9),Texas,75034,United States,"${SESSION}",registered,${ticket[hostile]}`,
        `${numbers.family},2026-03-01 00:00:00,Asha,Rao,asha@example.org,42,Female,Memorization,512 555 0100,,,,,Frisco,Texas,75034,United States,"${SESSION}",registered,${ticket['Asha Rao']}`,
        `${numbers.family},2026-03-01 00:00:00,Anu,Rao,asha@example.org,9,Female,,,Asha Rao,512 555 0100,Ravi Rao,512 555 0101,Frisco,Texas,75034,United States,"${SESSION}",registered,${ticket['Anu Rao']}`,
        `${numbers.february},2026-02-28 23:59:59,Meera,"Iyer, Jr.",MEERA@Example.in,42,Female,Fluent Reading,'+91 80 5555 0100,,,,,Bengaluru,Karnataka,560001,India,"${SESSION}",registered,${ticket['Meera Iyer, Jr.']}`,
        '',
      ].join('\r\n')}`,
    );
  });

  it('applies the filters to the CSV too, and still writes the donors’ CSV without table', async () => {
    const lines = async (query: Record<string, string>) =>
      (await requestReport(t, query, '/api/report-data.csv')).body.split('\r\n').slice(1, -1);
    expect(await lines({ table: 'hosts', q: 'rao' })).toHaveLength(2);
    expect(await lines({ table: 'hosts', from: '2026-03-02' })).toHaveLength(1);
    const donors = await requestReport(t, {}, '/api/report-data.csv');
    expect(donors.body.startsWith('\uFEFFName,Email,Center,Amount')).toBe(true);
    const bad = await requestReport(t, { table: 'everything' }, '/api/report-data.csv');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ table: expect.any(String) });
  });

  it('reads every registrant exactly once in batches, even when registrations share an instant', async () => {
    await register(
      'tieA',
      [adultRegistrant({ firstName: 'Tie A1' }), adultRegistrant({ firstName: 'Tie A2' })],
      '2026-03-03T12:00:00.000Z',
    );
    await register(
      'tieB',
      [adultRegistrant({ firstName: 'Tie B1' }), adultRegistrant({ firstName: 'Tie B2' })],
      '2026-03-03T12:00:00.000Z',
    );
    const read = async (batchSize: number, filter: { q?: string } = {}) => {
      let csv = '';
      for await (const chunk of hostsCsvExport({
        db: t.testDb.db,
        filter,
        timeZone: TIME_ZONE,
        centerName: () => undefined,
        batchSize,
      }))
        csv += chunk;
      return csv.split('\r\n').slice(1, -1);
    };
    const whole = await read(1_000);
    expect(whole).toHaveLength(8);
    for (const batchSize of [1, 2, 3]) expect(await read(batchSize)).toEqual(whole);
    // Batches of registrations where someone matches: only the people who match, still all of them.
    const ties = await read(1, { q: 'tie ' });
    const names = ties.map((line) => line.split(',')[2]).join(' ');
    // The two registrations share an instant: either may come first, each with its people in order.
    expect(['Tie A1 Tie A2 Tie B1 Tie B2', 'Tie B1 Tie B2 Tie A1 Tie A2']).toContain(names);
    expect(await read(1, { q: 'tie a' })).toEqual(ties.filter((line) => line.includes('Tie A')));
  });

  it('needs the administrator’s credentials', async () => {
    const res = await t.app.inject({ url: '/api/report-data.csv?table=hosts' });
    expect(res.statusCode).toBe(401);
  });
});
