import { bytesToBase64url, decodeTicketCode } from '@store/shared/ticket-code';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  checkInList,
  type DoorKeys,
  doorKeys,
  signedCode,
  ticketIdStartingWith,
} from '#src/test/check-in-list-fixture';
import { answerScan, answerTicket, CannotVerifyError, searchTickets } from './answer-scan';
import type { LocalCheckIn, StoredSession } from './door-types';

const SESSION = 7;
const asha = ticketIdStartingWith('3f1c2a9e', 1);
const sita = ticketIdStartingWith('3f1cbb00', 2);
const revokedTicket = ticketIdStartingWith('aa000000', 3);
const otherDevices = ticketIdStartingWith('bb000000', 4);
const mineWaiting = ticketIdStartingWith('cc000000', 5);
const priya = ticketIdStartingWith('ee100000', 6);

let keys: DoorKeys;
let session: StoredSession;

function local(ticketId: string, state: LocalCheckIn['state'], seq = 1): LocalCheckIn {
  return {
    id: crypto.randomUUID(),
    ticketId,
    sessionId: SESSION,
    scannedAt: '2027-05-15T14:05:00.000Z',
    method: 'scan',
    guardian: null,
    seq,
    state,
    refusal: null,
    kept: null,
  };
}

beforeAll(async () => {
  keys = await doorKeys();
  const list = await checkInList(
    keys,
    SESSION,
    [
      { ticketId: asha, name: 'Asha Rao' },
      { ticketId: sita, name: 'Sita Rao', minor: true },
      { ticketId: revokedTicket, name: 'Ravi Kumar' },
      { ticketId: otherDevices, name: 'José Álvarez' },
      { ticketId: mineWaiting, name: 'శ్రీనివాస్ రెడ్డి' },
      { ticketId: priya, name: 'प्रिया शर्मा' },
    ],
    [revokedTicket],
  );
  session = {
    list,
    downloadedAt: '2027-05-15T12:00:00.000Z',
    lastSync: {
      results: [],
      kept: [
        {
          id: crypto.randomUUID(),
          ticketId: otherDevices,
          deviceId: crypto.randomUUID(),
          deviceName: 'North door',
          scannedAt: '2027-05-15T14:01:00.000Z',
          receivedAt: '2027-05-15T14:01:02.000Z',
          method: 'scan',
          guardian: null,
        },
      ],
      conflicts: [],
      revoked: [],
      syncedAt: '2027-05-15T14:02:00.000Z',
    },
  };
});

describe('answerScan, offline with the list and its public key', () => {
  it('answers valid with the name and category, and a minor with the guardians to look for', async () => {
    const code = session.list.tickets[0]?.code ?? '';
    expect(await answerScan(code, session, [])).toEqual({
      outcome: 'valid',
      ticketId: asha,
      ticket: expect.objectContaining({ name: 'Asha Rao', category: 'Memorization', minor: false }),
    });
    const minor = await answerScan(await signedCode(keys, sita, SESSION), session, []);
    expect(minor).toMatchObject({
      outcome: 'valid',
      ticket: { name: 'Sita Rao', category: 'Child', guardians: { mother: 'Lakshmi Rao', father: 'Ravi Rao' } },
    });
  });

  it('answers valid with no ticket for a genuine code issued after the list was downloaded', async () => {
    const later = ticketIdStartingWith('dd000000', 9);
    expect(await answerScan(await signedCode(keys, later, SESSION), session, [])).toEqual({
      outcome: 'valid',
      ticketId: later,
      ticket: null,
    });
  });

  it('answers already with when and which device: this device, or another one after a sync', async () => {
    const mine = [local(asha, 'conflict', 1), local(mineWaiting, 'waiting', 2)];
    expect(await answerScan(await signedCode(keys, mineWaiting, SESSION), session, mine, 'South door')).toMatchObject({
      outcome: 'already',
      at: '2027-05-15T14:05:00.000Z',
      deviceName: 'South door',
      ticket: { name: 'శ్రీనివాస్ రెడ్డి' },
    });
    expect(await answerScan(await signedCode(keys, otherDevices, SESSION), session, [])).toMatchObject({
      outcome: 'already',
      at: '2027-05-15T14:01:00.000Z',
      deviceName: 'North door',
    });
    // A check-in of this device the server refused as a conflict does not count as this device's.
    expect(await answerScan(await signedCode(keys, asha, SESSION), session, mine)).toMatchObject({ outcome: 'valid' });
  });

  it('answers revoked from the list, and from a later sync', async () => {
    expect(await answerScan(await signedCode(keys, revokedTicket, SESSION), session, [])).toMatchObject({
      outcome: 'revoked',
      ticket: { name: 'Ravi Kumar' },
    });
    const lastSync = session.lastSync && { ...session.lastSync, revoked: [asha] };
    expect(await answerScan(await signedCode(keys, asha, SESSION), { ...session, lastSync }, [])).toMatchObject({
      outcome: 'revoked',
    });
  });

  it('answers not this session for a genuine ticket of another session', async () => {
    expect(await answerScan(await signedCode(keys, asha, 8), session, [])).toEqual({
      outcome: 'other-session',
      ticketId: asha,
      sessionId: 8,
    });
  });

  it('answers forged for another key, a tampered payload, a tampered signature, and what is not a code', async () => {
    const stranger = await doorKeys();
    const genuine = await signedCode(keys, asha, SESSION);
    const [prefix, body, signature] = genuine.split('.');
    const otherPayload = (await signedCode(keys, sita, SESSION)).split('.')[1];
    const decoded = decodeTicketCode(genuine);
    if (!decoded.ok) throw new Error('the fixture signs a well-formed code');
    const flipped = Uint8Array.from(decoded.signature);
    flipped[10] = (flipped[10] ?? 0) ^ 1;
    const forgeries = [
      await signedCode(stranger, asha, SESSION),
      `${prefix}.${otherPayload}.${signature}`,
      `${prefix}.${body}.${bytesToBase64url(flipped)}`,
      'https://example.org/ticket',
      '',
    ];
    for (const code of forgeries) expect(await answerScan(code, session, [])).toEqual({ outcome: 'forged' });
  });

  it('refuses to answer, rather than call a genuine code forged, on a page without WebCrypto', async () => {
    const code = await signedCode(keys, asha, SESSION);
    vi.stubGlobal('crypto', {});
    await expect(answerScan(code, session, [])).rejects.toThrow(CannotVerifyError);
    vi.unstubAllGlobals();
    expect(await answerScan(code, session, [])).toMatchObject({ outcome: 'valid' });
  });
});

describe('answerTicket, for a ticket found by search', () => {
  it('answers as a scan would, with no signature to check', () => {
    expect(answerTicket(asha.toUpperCase(), session, [])).toMatchObject({ outcome: 'valid', ticketId: asha });
    expect(answerTicket(revokedTicket, session, [])).toMatchObject({ outcome: 'revoked' });
    expect(answerTicket(otherDevices, session, [])).toMatchObject({ outcome: 'already', deviceName: 'North door' });
    expect(answerTicket(asha, session, [local(asha, 'kept')])).toMatchObject({ outcome: 'already' });
  });
});

describe('searchTickets', () => {
  const names = (query: string) => searchTickets(session, query).map((ticket) => ticket.name);

  it('finds any part of a name, whatever the case and the accents', () => {
    expect(names('rao')).toEqual(['Asha Rao', 'Sita Rao']);
    expect(names('jose alv')).toEqual(['José Álvarez']);
    expect(names('ÁLVAREZ')).toEqual(['José Álvarez']);
  });

  it('finds a Telugu or Devanagari name by a part of it, vowel signs included', () => {
    expect(names('రెడ్డి')).toEqual(['శ్రీనివాస్ రెడ్డి']);
    // Without its vowel sign the word is another one: no match.
    expect(names('రడ్డ')).toEqual([]);
    expect(names('शर्मा')).toEqual(['प्रिया शर्मा']);
  });

  it('finds a ticket number by its beginning, in any case', () => {
    expect(names('3F1C')).toEqual(['Asha Rao', 'Sita Rao']);
    expect(names('3f1c2a')).toEqual(['Asha Rao']);
    expect(names('#3F1C 2A9E')).toEqual(['Asha Rao']);
  });

  it('answers nothing for an empty query and at most 50 names, sorted', async () => {
    expect(names('  ')).toEqual([]);
    const many = await checkInList(
      keys,
      SESSION,
      Array.from({ length: 60 }, (_, n) => ({
        ticketId: ticketIdStartingWith('ee000000', n),
        name: `Devotee ${99 - n}`,
      })),
    );
    const found = searchTickets({ ...session, list: many }, 'devotee').map((ticket) => ticket.name);
    expect(found).toHaveLength(50);
    expect(found[0]).toBe('Devotee 40');
    expect(found[49]).toBe('Devotee 89');
  });
});
