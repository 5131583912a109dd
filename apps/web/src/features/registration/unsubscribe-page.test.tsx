import { i18n } from '@lingui/core';
import { eventMessageTexts } from '@store/shared/event-messages';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { App } from '#src/app/app';
import { stubApi } from '#src/test/checkout-doubles';
import { jsonResponse } from '#src/test/render-app';

const TOKEN = '0b6f3c1e-2a4d-4c8e-9f10-7a5b3c2d1e09.mz1k2a.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const LAZY = { timeout: 10_000 } as const;

async function open(path: string, handlers: Parameters<typeof stubApi>[0]) {
  const api = stubApi(handlers);
  const user = userEvent.setup();
  await act(async () =>
    render(
      <MemoryRouter initialEntries={[path]}>
        <App />
      </MemoryRouter>,
    ),
  );
  return { user, api };
}

describe('/registration/unsubscribe?token=…', () => {
  test('stops event news for the link’s address, says what still comes, and opts back in', async () => {
    const { user, api } = await open(`/registration/unsubscribe?token=${encodeURIComponent(TOKEN)}`, {
      'POST /api/public/event-news/unsubscribe': () => jsonResponse({ email: 'asha@example.org', subscribed: false }),
      'POST /api/public/event-news/resubscribe': () => jsonResponse({ email: 'asha@example.org', subscribed: true }),
    });
    expect(
      await screen.findByText(i18n._(eventMessageTexts.unsubscribed, { email: 'asha@example.org' }), {}, LAZY),
    ).toBeInTheDocument();
    expect(api.requests('POST /api/public/event-news/unsubscribe').at(-1)?.body).toEqual({ token: TOKEN });
    await user.click(screen.getByRole('button', { name: eventMessageTexts.optBackIn }));
    expect(
      await screen.findByText(i18n._(eventMessageTexts.resubscribed, { email: 'asha@example.org' })),
    ).toBeInTheDocument();
    expect(api.requests('POST /api/public/event-news/resubscribe')).toHaveLength(1);
  });

  test('a forged or cut link is refused with what to do', async () => {
    await open(`/registration/unsubscribe?token=forged`, {
      'POST /api/public/event-news/unsubscribe': () =>
        jsonResponse(
          { error: { code: 'invalid_token', message: eventMessageTexts.badLink, fields: { token: 'bad' } } },
          400,
        ),
    });
    expect(await screen.findByRole('alert', {}, LAZY)).toHaveTextContent(eventMessageTexts.badLink);
    expect(screen.queryByRole('button', { name: eventMessageTexts.optBackIn })).toBeNull();
  });
});
