import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { currentPath, jsonResponse } from '#src/test/render-app';
import { dallasSession, dallasSessionDetail } from '#src/test/staff-session-fixture';
import { LAZY, openAdmin, sessionOf } from '../admin-test-helpers';

const dallas = dallasSession;
const detail = dallasSessionDetail;

const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.children, (cell) => cell.textContent));

describe('the sessions pages (/admin/sessions)', () => {
  test('lists each session with its figures; a volunteer reads them without "New session"', async () => {
    await openAdmin('/admin/sessions', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('volunteer')),
      'GET /api/staff/sessions': () => jsonResponse({ sessions: [dallas] }),
    });
    const table = await screen.findByRole('table', { name: 'Sessions' }, LAZY);
    expect(cellsOf(table)).toEqual([
      [
        'Session',
        'Starts',
        'Places',
        'Capacity',
        'Registered',
        'Left',
        'Waiting',
        'Offered',
        'Minors',
        'Adults',
        'Memorization',
        'Fluent Reading',
      ],
      [
        'Dallas Center, Texas · Datta Auditorium',
        expect.stringMatching(/^Sat, May 15, 2027,? 9:00\sAM CDT$/),
        'Almost full: 3 places left',
        '20',
        '15',
        '3',
        '2 (5 people)',
        '1 (2 people)',
        '6',
        '9',
        '5',
        '4',
      ],
    ]);
    expect(screen.getByText('Showing Dallas Center, Texas only.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'New session' })).toBeNull();
  });

  test('says so when there are no sessions yet', async () => {
    await openAdmin('/admin/sessions', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('editor')),
      'GET /api/staff/sessions': () => jsonResponse({ sessions: [] }),
    });
    expect(await screen.findByText('No sessions yet. Add the first with “New session”.', {}, LAZY)).toBeVisible();
  });

  test('an editor adds a session: checked first, sent with the zone’s offset, then opened', async () => {
    const { user, api } = await openAdmin('/admin/sessions', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('editor')),
      'GET /api/staff/sessions': () => jsonResponse({ sessions: [] }),
      'POST /api/staff/sessions': () => jsonResponse(detail, 201),
      'GET /api/staff/sessions/4': () => jsonResponse(detail),
    });
    await user.click(await screen.findByRole('button', { name: 'New session' }, LAZY));
    const form = screen.getByRole('region', { name: 'New session' });
    await user.click(within(form).getByRole('button', { name: 'Add session' }));
    expect(within(form).getByText('Hall or venue is required.')).toBeInTheDocument();
    expect(within(form).getByText('Center is required.')).toBeInTheDocument();
    expect(within(form).getByText('Starts at is required.')).toBeInTheDocument();
    expect(within(form).getByText('Capacity (places) is required.')).toBeInTheDocument();
    expect(api.requests('POST /api/staff/sessions')).toHaveLength(0);

    await user.selectOptions(await within(form).findByLabelText('Center'), 'Dallas Center, Texas');
    await user.type(within(form).getByLabelText('Hall or venue'), 'Datta Auditorium');
    await user.type(within(form).getByLabelText('Address'), '4455 Legacy Dr, Frisco, TX 75034');
    const start = within(form).getByLabelText('Starts at');
    await user.clear(start);
    await user.type(start, '2027-05-15T09:00');
    const zone = within(form).getByLabelText('Time zone');
    await user.clear(zone);
    await user.type(zone, 'America/Chicago');
    await user.type(within(form).getByLabelText('Capacity (places)'), '20');
    await user.type(within(form).getByLabelText('Memorization places (optional)'), '8');
    await user.click(within(form).getByRole('button', { name: 'Add session' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Dallas Center, Texas · Datta Auditorium' }, LAZY),
    ).toBeVisible();
    expect(currentPath()).toBe('/admin/sessions/4');
    expect(api.requests('POST /api/staff/sessions').map((r) => r.body)).toEqual([
      {
        centerId: 2,
        hall: 'Datta Auditorium',
        address: '4455 Legacy Dr, Frisco, TX 75034',
        startsAt: '2027-05-15T09:00:00-05:00',
        timeZone: 'America/Chicago',
        capacity: 20,
        memorizationCapacity: 8,
        fluentReadingCapacity: null,
      },
    ]);
  });

  test('a session’s page shows its figures, its people with their tickets, and the server’s refusal of a lower capacity', async () => {
    const refusal = '17 places are already taken: the capacity cannot be lower.';
    const { user, api } = await openAdmin('/admin/sessions/4', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('owner')),
      'GET /api/staff/sessions/4': () => jsonResponse(detail),
      'PATCH /api/staff/sessions/4': () =>
        jsonResponse({ error: { code: 'conflict', message: refusal, fields: { capacity: refusal } } }, 409),
    });
    await screen.findByRole('heading', { level: 2, name: 'Dallas Center, Texas · Datta Auditorium' }, LAZY);
    const figure = (term: string) =>
      Array.from(document.querySelectorAll('.admin-session-figures dt')).find((dt) => dt.textContent === term)
        ?.nextElementSibling?.textContent;
    expect(figure('Registered')).toBe('15 people of 20 places');
    expect(figure('Waiting list')).toBe('2 families, 5 people');
    expect(figure('Offered, not yet accepted')).toBe('1 family, 2 people');
    expect(cellsOf(screen.getByRole('table', { name: 'Registrants' }))).toEqual([
      ['Registration', 'Name', 'Age', 'Category', 'Status', 'Ticket'],
      ['BGM-000042', 'Asha Rao', '40', 'Memorization', 'Registered', '6f1c2b7e-3d4a-4b8e-9c1d-2e3f4a5b6c7d'],
      ['BGM-000043', 'Meera Shah', '30', 'Fluent Reading', 'Offered', '—'],
    ]);

    const form = screen.getByRole('region', { name: 'Edit the session' });
    const capacity = within(form).getByLabelText('Capacity (places)');
    expect(capacity).toHaveValue(20);
    expect(within(form).getByLabelText('Starts at')).toHaveValue('2027-05-15T09:00');
    await user.clear(capacity);
    await user.type(capacity, '10');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(refusal);
    expect(capacity).toHaveAccessibleDescription(refusal);
    expect(api.requests('PATCH /api/staff/sessions/4').map((r) => r.body)).toEqual([
      expect.objectContaining({ capacity: 10, startsAt: '2027-05-15T09:00:00-05:00' }),
    ]);
  });

  test('a volunteer opening another center’s session is told whose it is', async () => {
    await openAdmin('/admin/sessions/9', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('volunteer')),
      'GET /api/staff/sessions/9': () =>
        jsonResponse(
          {
            error: {
              code: 'other_center',
              message: 'This session belongs to another center (Bay Area Center, California).',
            },
          },
          403,
        ),
    });
    expect(
      await screen.findByText('This session belongs to another center (Bay Area Center, California).', {}, LAZY),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link', { name: "Dallas Center, Texas's sessions" })).toHaveAttribute(
      'href',
      '/admin/sessions',
    );
  });
});
