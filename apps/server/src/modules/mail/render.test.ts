import { describe, expect, it } from 'vitest';
import type { OutboxMail } from './outbox';
import { prepareBatch } from './render';

let seq = 0;
function row(kind: string, subjectId: string, content?: Partial<OutboxMail>): OutboxMail {
  seq += 1;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    seq,
    kind,
    subjectId,
    payload: null,
    toAddress: null,
    subject: null,
    html: null,
    text: null,
    attempts: 0,
    nextAttemptAt: new Date(0),
    sentAt: null,
    lastError: null,
    createdAt: new Date('2026-11-21T10:00:00Z'),
    ...content,
  };
}

const greeting = (id: string) => ({ to: `${id}@example.org`, subject: `Hi ${id}`, html: `<p>${id}</p>`, text: id });

describe('prepareBatch', () => {
  it('sends stored content as it is and renders references once per kind, in the batch order', async () => {
    const calls: string[][] = [];
    const batch = [
      row('greeting', 'a'),
      row('receipt', 'old', { toAddress: 'x@example.org', subject: 'S', html: '<p>h</p>', text: 't' }),
      row('greeting', 'b'),
    ];
    const prepared = await prepareBatch(batch, {
      greeting: async (ids) => {
        calls.push([...ids]);
        return new Map(ids.map((id) => [id, greeting(id)]));
      },
    });
    expect(calls).toEqual([['a', 'b']]);
    expect(prepared.map((p) => ('outgoing' in p ? p.outgoing.toAddress : 'error'))).toEqual([
      'a@example.org',
      'x@example.org',
      'b@example.org',
    ]);
    expect(prepared[1]).toMatchObject({ outgoing: { id: batch[1]?.id, subject: 'S', html: '<p>h</p>', text: 't' } });
  });

  it('hands each renderer the payloads its messages were queued with, by subject id', async () => {
    const seen: [string, unknown][] = [];
    await prepareBatch([row('notice', 'a', { payload: { retryOn: '2027-01-16' } }), row('notice', 'b')], {
      notice: async (ids, payloads) => {
        for (const id of ids) seen.push([id, payloads.get(id)]);
        return new Map(ids.map((id) => [id, greeting(id)]));
      },
    });
    expect(seen).toEqual([
      ['a', { retryOn: '2027-01-16' }],
      ['b', undefined],
    ]);
  });

  it('keeps header values on one line', async () => {
    const [prepared] = await prepareBatch([row('greeting', 'a')], {
      greeting: async () => new Map([['a', { ...greeting('a'), to: 'a@example.org\r\nBcc: x@evil.example' }]]),
    });
    expect(prepared).toMatchObject({ outgoing: { toAddress: 'a@example.org Bcc: x@evil.example' } });
  });

  it('fails only the messages it cannot write: no renderer, no subject, a renderer that throws', async () => {
    const prepared = await prepareBatch(
      [row('greeting', 'gone'), row('nobody', 'a'), row('broken', 'b'), row('greeting', 'c')],
      {
        greeting: async () => new Map([['c', greeting('c')]]),
        broken: async () => {
          throw new Error('database down');
        },
      },
    );
    expect(prepared.map((p) => ('error' in p ? String(p.error) : 'ok'))).toEqual([
      'Error: greeting gone: nothing to render it from',
      "Error: no renderer for mail kind 'nobody'",
      'Error: database down',
      'ok',
    ]);
  });
});
