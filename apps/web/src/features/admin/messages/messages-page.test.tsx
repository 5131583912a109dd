import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { jsonResponse } from '#src/test/render-app';
import { LAZY, openAdmin, sessionOf } from '../admin-test-helpers';

const sessions = {
  sessions: [
    { id: 7, label: 'Dallas Center, Texas, Main hall (May 15, 2027, 9:00 AM)' },
    { id: 8, label: 'Dallas Center, Texas, Annex (May 15, 2027, 2:00 PM)' },
  ],
};
const sentBefore = {
  messages: [
    {
      id: '6f7c1a52-1d8e-4a77-9d6e-2f0e0f3c9a11',
      createdAt: '2026-11-20T15:30:00.000Z',
      sentBy: 'meera',
      audienceLabel: 'Everyone registered',
      subject: 'Parking',
      recipients: 1200,
      sent: 480,
    },
  ],
};
const preview = {
  recipients: 42,
  audienceLabel: 'Session: Dallas Center, Texas, Main hall (May 15, 2027, 9:00 AM)',
  sample: {
    subject: 'Hall moved',
    text: 'The hall moved.\n\nStop event news: https://store.example.org/registration/unsubscribe?token=x\n',
    html: '<p>The hall moved.</p>',
  },
};

describe('the messages page (/admin/messages)', () => {
  test('an editor writes to a session, sees the count and the e-mail, and sends once after confirming', async () => {
    let sent = false;
    const { user, api } = await openAdmin('/admin/messages', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('editor')),
      'GET /api/staff/event-messages/sessions': () => jsonResponse(sessions),
      'GET /api/staff/event-messages': () =>
        jsonResponse(
          sent
            ? {
                messages: [
                  {
                    ...sentBefore.messages[0],
                    id: 'a3b1c2d4-0000-4000-8000-000000000001',
                    subject: 'Hall moved',
                    recipients: 42,
                    sent: 0,
                    sentBy: 'asha',
                  },
                  ...sentBefore.messages,
                ],
              }
            : sentBefore,
        ),
      'POST /api/staff/event-messages/preview': () => jsonResponse(preview),
      'POST /api/staff/event-messages': () => {
        sent = true;
        return jsonResponse({ id: 'a3b1c2d4-0000-4000-8000-000000000001', recipients: 42 }, 201);
      },
    });
    const table = await screen.findByRole('table', { name: 'Sent messages' }, LAZY);
    expect(within(table).getByText('480 of 1,200')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Send to'), 'One session');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    // Checked with the shared schema before anything is sent.
    expect(await screen.findByText('Subject is required.')).toBeInTheDocument();
    expect(api.requests('POST /api/staff/event-messages/preview')).toHaveLength(0);

    await user.selectOptions(screen.getByLabelText('Session'), '7');
    await user.type(screen.getByLabelText('Subject'), 'Hall moved');
    await user.type(screen.getByLabelText('Message'), 'The hall moved.');
    expect(screen.getByText(/15 of 10,000 characters/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    expect(await screen.findByText('42 recipients')).toBeInTheDocument();
    expect(api.requests('POST /api/staff/event-messages/preview')[0]?.body).toEqual({
      audience: { kind: 'session', sessionId: 7 },
      subject: 'Hall moved',
      body: 'The hall moved.',
    });
    const frame = screen.getByTitle('The e-mail as recipients see it');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('srcdoc', '<p>The hall moved.</p>');

    await user.click(screen.getByRole('button', { name: 'Send to 42 addresses' }));
    expect(await screen.findByText(/Sent to 42 addresses/)).toBeInTheDocument();
    const sends = api.requests('POST /api/staff/event-messages');
    expect(sends).toHaveLength(1);
    expect(sends[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('0 of 42')).toBeInTheDocument();
    // The form is empty again for the next message.
    expect(screen.getByLabelText('Subject')).toHaveValue('');
  });

  test('a failed send keeps its key: pressing again cannot send the message twice', async () => {
    let calls = 0;
    const { user, api } = await openAdmin('/admin/messages', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('owner')),
      'GET /api/staff/event-messages/sessions': () => jsonResponse(sessions),
      'GET /api/staff/event-messages': () => jsonResponse({ messages: [] }),
      'POST /api/staff/event-messages/preview': () =>
        jsonResponse({ ...preview, audienceLabel: 'Everyone registered', recipients: 1 }),
      'POST /api/staff/event-messages': () => {
        calls += 1;
        return calls === 1
          ? jsonResponse({ error: { code: 'service_unavailable', message: 'Please try again.' } }, 503)
          : jsonResponse({ id: 'a3b1c2d4-0000-4000-8000-000000000001', recipients: 1 }, 201);
      },
    });
    expect(await screen.findByText('No messages sent yet.', {}, LAZY)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Subject'), 'Parking');
    await user.type(screen.getByLabelText('Message'), 'Park behind the hall.');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await user.click(await screen.findByRole('button', { name: 'Send to 1 address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please try again.');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await user.click(await screen.findByRole('button', { name: 'Send to 1 address' }));
    expect(await screen.findByText(/Sent to 1 address\./)).toBeInTheDocument();
    const keys = api.requests('POST /api/staff/event-messages').map((r) => r.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  test('a volunteer is offered their own center’s sessions and must choose one', async () => {
    const { user, api } = await openAdmin('/admin/messages', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('volunteer')),
      'GET /api/staff/event-messages/sessions': () => jsonResponse(sessions),
      'GET /api/staff/event-messages': () => jsonResponse({ messages: [] }),
    });
    const sendTo = await screen.findByLabelText('Send to', {}, LAZY);
    expect(
      within(sendTo)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['One session', 'The waiting list']);
    await user.type(screen.getByLabelText('Subject'), 'Bring water');
    await user.type(screen.getByLabelText('Message'), 'It will be hot.');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Choose one of your center’s sessions.')).toBeInTheDocument();
    expect(api.requests('POST /api/staff/event-messages/preview')).toHaveLength(0);
  });
});
