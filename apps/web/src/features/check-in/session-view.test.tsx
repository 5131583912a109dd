import 'fake-indexeddb/auto';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkInList, doorKeys, ticketIdStartingWith } from '#src/test/check-in-list-fixture';
import { openDoorStore } from './door/door-store';
import type { DoorStore } from './door/door-types';
import { SessionView } from './session-view';

const SESSION = 7;
const ASHA = ticketIdStartingWith('a5a1a5a1');
const DHRUV = ticketIdStartingWith('d4d4d4d4');

async function doorWithList(): Promise<DoorStore> {
  const store = await openDoorStore(`check-in-${crypto.randomUUID()}`);
  await store.nameDevice('North door');
  await store.saveList(
    await checkInList(await doorKeys(), SESSION, [
      { ticketId: ASHA, name: 'Asha Rao' },
      { ticketId: DHRUV, name: 'Dhruv Rao', minor: true },
    ]),
  );
  return store;
}

async function pick(user: ReturnType<typeof userEvent.setup>, query: string, name: string) {
  const field = screen.getByLabelText('Name or ticket number');
  await user.clear(field);
  await user.type(field, query);
  await user.click(screen.getByRole('button', { name: new RegExp(name) }));
}

describe('a session at the door, offline', () => {
  afterEach(() => vi.restoreAllMocks());

  it('checks an adult in at once, a child once a parent is confirmed, and says so when shown twice', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const store = await doorWithList();
    const device = (await store.device()) ?? { deviceId: '', deviceName: '' };
    const user = userEvent.setup();
    render(<SessionView store={store} sessionId={SESSION} device={device} onLeave={() => undefined} />);
    expect(await screen.findByText('Checked in: 0 of 2')).toBeInTheDocument();
    expect(screen.getByText('Offline')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Search' }));

    // A child: nothing is recorded until a parent is confirmed.
    await pick(user, 'dhr', 'Dhruv Rao');
    const child = document.querySelector('[data-outcome]') as HTMLElement;
    expect(child.dataset.outcome).toBe('valid');
    expect(within(child).getByRole('heading', { name: 'Valid' })).toBeInTheDocument();
    expect(within(child).getByText('Confirm a guardian is present')).toBeInTheDocument();
    expect(within(child).getByText('+1 214 555 0101')).toHaveAttribute('href', 'tel:+1 214 555 0101');
    expect(await store.checkIns(SESSION)).toEqual([]);
    await user.click(within(child).getByRole('button', { name: 'Mother present' }));
    expect(await within(child).findByText('Checked in')).toBeInTheDocument();
    expect((await store.checkIns(SESSION)).map((row) => [row.ticketId, row.guardian, row.method, row.state])).toEqual([
      [DHRUV, 'mother', 'search', 'waiting'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Scan next' }));

    // An adult: checked in at once; shown again, the door says when and where.
    await pick(user, 'asha', 'Asha Rao');
    expect(await screen.findByText('Checked in')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Scan next' }));
    await pick(user, 'A5A1', 'Asha Rao');
    const again = document.querySelector('[data-outcome]') as HTMLElement;
    expect(again.dataset.outcome).toBe('already');
    expect(within(again).getByRole('heading', { name: 'Already checked in' })).toBeInTheDocument();
    expect(within(again).getByText(/on North door\.$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Scan next' }));
    expect(screen.getByText('2 waiting to sync')).toBeInTheDocument();
    expect(screen.getByText('Checked in: 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sync now' })).toBeDisabled();
    store.close();
  });
});
