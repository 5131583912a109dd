import { type StaffRole, staffMessages } from '@store/shared/staff';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { currentPath, jsonResponse } from '#src/test/render-app';
import { LAZY, openAdmin, sessionOf } from '../admin-test-helpers';

const empty = {
  'GET /api/staff/orders': () => jsonResponse({ orders: [], nextCursor: null }),
};

async function navLinks(role: StaffRole) {
  await openAdmin('/admin/security', { 'GET /api/staff/me': () => jsonResponse(sessionOf(role)), ...empty });
  const nav = screen.getByRole('navigation', { name: 'Back office pages' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('the back office nav shows what the role may do', () => {
  test('an owner sees every page', async () => {
    expect((await navLinks('owner')).map(([name]) => name)).toEqual([
      'Orders',
      'Offline gift',
      'Donors',
      'Monthly gifts',
      'Registrations',
      'Matching',
      'Statements',
      'Exchange rates',
      'Gift Aid claim',
      'Catalogue',
      'Sessions',
      'Messages',
      'Staff',
      'Audit log',
      'Security',
      'Payment report',
    ]);
    expect(screen.queryByText(/cannot open the payment report/)).toBeNull();
  });

  test('a treasurer sees the money and donors, no Catalogue, Staff or Audit log', async () => {
    expect(await navLinks('treasurer')).toEqual([
      ['Orders', '/admin/orders'],
      ['Offline gift', '/admin/offline-gift'],
      ['Donors', '/admin/donors'],
      ['Monthly gifts', '/admin/monthly-gifts'],
      ['Registrations', '/admin/registrations'],
      ['Matching', '/admin/matching'],
      ['Statements', '/admin/statements'],
      ['Exchange rates', '/admin/exchange-rates'],
      ['Gift Aid claim', '/admin/gift-aid'],
      ['Sessions', '/admin/sessions'],
      ['Security', '/admin/security'],
      ['Payment report', '/report'],
    ]);
  });

  test('an editor sees the catalogue, the sessions and the messages to registrants, no Orders', async () => {
    expect((await navLinks('editor')).map(([name]) => name)).toEqual(['Catalogue', 'Sessions', 'Messages', 'Security']);
    expect(
      screen.getByText('Your role (Editor) cannot open the payment report at /report: owners and treasurers can.'),
    ).toBeVisible();
  });

  test('a volunteer sees the orders, monthly gifts, registrations, sessions and messages of their center', async () => {
    expect((await navLinks('volunteer')).map(([name]) => name)).toEqual([
      'Orders',
      'Monthly gifts',
      'Registrations',
      'Sessions',
      'Messages',
      'Security',
    ]);
    expect(screen.getByText('Volunteer, Dallas Center, Texas')).toBeInTheDocument();
    expect(
      screen.getByText('Your role (Volunteer) cannot open the payment report at /report: owners and treasurers can.'),
    ).toBeVisible();
  });

  test("a volunteer's registrations say whose they are", async () => {
    await openAdmin('/admin/registrations', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('volunteer')),
      'GET /api/staff/registrations': () => jsonResponse({ registrations: [], nextCursor: null }),
    });
    expect(await screen.findByText('No registrations yet.', {}, LAZY)).toBeInTheDocument();
    expect(
      screen.getByText(
        'Showing Dallas Center, Texas only: the registrations of its sessions, and those from its state or province.',
      ),
    ).toBeVisible();
  });

  test('/admin opens an editor on the catalogue, the first page their role may see', async () => {
    await openAdmin('/admin', { 'GET /api/staff/me': () => jsonResponse(sessionOf('editor')) });
    expect(await screen.findByRole('heading', { level: 2, name: 'Catalogue' }, LAZY)).toBeInTheDocument();
    expect(currentPath()).toBe('/admin/catalogue');
  });

  test('a page the role may not open says so', async () => {
    const { api } = await openAdmin('/admin/orders', { 'GET /api/staff/me': () => jsonResponse(sessionOf('editor')) });
    expect(await screen.findByRole('alert')).toHaveTextContent(staffMessages.forbidden);
    expect(api.requests('GET /api/staff/orders')).toHaveLength(0);
  });

  test('a 403 from the server shows staffMessages.forbidden', async () => {
    await openAdmin('/admin/orders', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('volunteer')),
      'GET /api/staff/orders': () =>
        jsonResponse({ error: { code: 'forbidden', message: staffMessages.forbidden } }, 403),
    });
    expect(await screen.findByRole('alert', {}, LAZY)).toHaveTextContent(staffMessages.forbidden);
  });
});
