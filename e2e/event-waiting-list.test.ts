/**
 * The Mahayagna run as a family and the office meet it, in Chromium against the built site: a
 * session with two places left; a family of three is told so and joins the waiting list; another
 * family cancels from its own page; the first family gets the offer e-mail and accepts; its tickets
 * arrive as a PDF whose QR codes decode and verify with the published key; a change from the
 * family's page revokes the old ticket; the office's message to the session reaches each address once.
 * Its own site: an owner enrols from scratch, and the session's places are the test's alone.
 */
import { createPublicKey, verify } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeTicketCode } from '@store/shared/ticket-code';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailAttachments } from '../apps/server/test/smtp-mail-path';
import { decodeTicketQrFromPdf } from '../apps/server/test/ticket-qr';
import { emlPart } from '../reliability/support/eml';
import { usePage } from './support/browser';
import { createDallasSession } from './support/staff-session';
import { enrolTwoFactor, signInStaff } from './support/staff-sign-in';
import { type RunningServer, startServer } from './support/start-server';

const OWNER = { username: 'organiser', password: 'mahayagna organiser 2026' };
const HALL = 'Small study hall';

type Mail = { name: string; text: string; raw: string };

/** The .eml files of `kind` the site's mail worker wrote to `to` (DATA_DIR/outbox, no SMTP here). */
function mailsOf(server: RunningServer, kind: string, to: string): Mail[] {
  const outbox = join(server.dataDir, 'outbox');
  let names: string[] = [];
  try {
    names = readdirSync(outbox).filter((name) => name.includes(`-${kind}-`));
  } catch {
    return [];
  }
  return names
    .sort()
    .map((name) => ({ name, raw: readFileSync(join(outbox, name), 'utf8') }))
    .filter((mail) => new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'im').test(mail.raw))
    .map((mail) => ({ ...mail, text: emlPart(mail.raw, 'plain') }));
}

async function waitForMails(server: RunningServer, kind: string, to: string, count: number): Promise<Mail[]> {
  await expect.poll(() => mailsOf(server, kind, to).length, { timeout: 30_000, interval: 250 }).toBe(count);
  return mailsOf(server, kind, to);
}

/** The first link to `path` in a mail's text, as a path the page can open. */
function linkIn(mail: Mail, path: string): string {
  const found = new RegExp(`https?://[^\\s]+${path.replace(/[/?]/g, '\\$&')}\\?token=[^\\s]+`).exec(mail.text)?.[0];
  if (!found) throw new Error(`no ${path} link in ${mail.name}`);
  const url = new URL(found);
  return `${url.pathname}${url.search}`;
}

async function register(
  page: Page,
  sessionId: number,
  person: { first: string; email: string },
): Promise<{ status: number; body: { status: string } }> {
  const answer = await page.request.post('/api/public/registrations', {
    headers: { 'idempotency-key': crypto.randomUUID() },
    data: {
      sessionId,
      registrants: [
        {
          age: 40,
          email: person.email,
          firstName: person.first,
          lastName: 'Family',
          gender: 'Female',
          phone: '+1 214 555 0100',
          category: 'Fluent Reading',
          country: 'US',
          state: 'TX',
          city: 'Frisco',
          zip: '75034',
        },
      ],
    },
  });
  return { status: answer.status(), body: (await answer.json()) as { status: string } };
}

/** Verifies a ticket code with the published key alone, as a door's device would. */
function verifiesWith(publicKey: ReturnType<typeof createPublicKey>, code: string): boolean {
  const decoded = decodeTicketCode(code);
  if (!decoded.ok) return false;
  return verify(null, Buffer.from(decoded.signedText), publicKey, decoded.signature);
}

describe('the event: places, the waiting list, tickets and messages', () => {
  let server: RunningServer;
  const t = usePage(() => ({ baseURL: server.baseUrl, viewport: { width: 1280, height: 800 } }));

  beforeAll(async () => {
    // Captcha off: the families registered through the API stand for families who used the form.
    server = await startServer({
      ADMIN_USERNAME: OWNER.username,
      ADMIN_PASSWORD: OWNER.password,
      CAPTCHA_PROVIDER: 'off',
      ALLOW_CAPTCHA_OFF: 'true',
    });
  }, 150_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('a full session, its waiting list, an offer accepted, signed tickets, a change and a message', async () => {
    const { page, context } = t;
    const staff = { origin: server.baseUrl };
    await signInStaff(page, OWNER.username, OWNER.password);
    await enrolTwoFactor(page);

    // A session of four places, ten days ahead, in Dallas.
    const sessionId = await createDallasSession(page, server.baseUrl, HALL, 4);

    // Two families of one take two of the places: two are left.
    const bea = { first: 'Bea', email: 'bea.family@example.org' };
    const dev = { first: 'Dev', email: 'dev.family@example.org' };
    for (const family of [bea, dev]) expect((await register(page, sessionId, family)).body.status).toBe('registered');

    // A family of three chooses the session on the form: all or nothing, so it is offered the line.
    const asha = 'asha.family@example.org';
    await page.goto('/registration');
    await page
      .getByRole('group', { name: 'Where will you recite?' })
      .getByRole('radio', { name: new RegExp(HALL) })
      .check();
    const card = () => page.getByRole('region').filter({ has: page.getByLabel('Age') });
    await card().getByLabel('Age').fill('38');
    await card().getByLabel('Email').fill(asha);
    await card().getByLabel('First Name').fill('Asha');
    await card().getByLabel('Last Name').fill('Rao');
    await card().getByLabel('Gender').selectOption('Female');
    await card().getByLabel('Phone', { exact: true }).fill('+1 214 555 0142');
    await card().getByLabel('Category').selectOption('Memorization');
    await card().getByLabel('Country').selectOption('US');
    await card().getByLabel('State', { exact: true }).selectOption('TX');
    await card().getByLabel('City').fill('Frisco');
    await card().getByLabel('Zip / Postal Code').fill('75034');
    for (const [first, gender] of [
      ['Ravi', 'Male'],
      ['Anu', 'Female'],
    ] as const) {
      await page.getByRole('button', { name: 'Add Another Registrant' }).click();
      await card()
        .getByLabel('Age')
        .fill(first === 'Ravi' ? '11' : '8');
      await card().getByLabel('First Name').fill(first);
      await card().getByLabel('Gender').selectOption(gender);
      await card().getByRole('checkbox', { name: 'The parent is registrant 1' }).check();
      await card().getByLabel("Father's Name").fill('Kiran Rao');
      await card().getByLabel("Father's Phone").fill('214 555 0143');
    }
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Only 2 places are left in this session for 3 people.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Put everyone on the waiting list' }).click();
    const received = page.getByRole('region', { name: 'Registration received' });
    await received.getByText('You are number 1 on the waiting list', { exact: false }).waitFor({ timeout: 20_000 });

    // Bea's family cancels from its own page, opened from its confirmation e-mail.
    const [beaConfirmation] = await waitForMails(server, 'registration-confirmation', bea.email, 1);
    if (!beaConfirmation) throw new Error('no confirmation for Bea');
    await page.goto(linkIn(beaConfirmation, '/registration/yours'));
    await page.getByRole('button', { name: 'Cancel the whole registration' }).click();
    await page.getByRole('button', { name: 'Yes, cancel' }).click();
    await page.getByText('cancelled', { exact: false }).first().waitFor();

    // The three places free at once: Asha's family is offered them, and accepts through the link.
    const [offer] = await waitForMails(server, 'waitlist-offer', asha, 1);
    if (!offer) throw new Error('no offer for Asha');
    await page.goto(linkIn(offer, '/registration/offer'));
    await page.getByRole('button', { name: 'Accept the places' }).click();
    await page.getByText('You are registered').waitFor();

    // Its tickets arrive as a PDF: three QR codes, each verified with the published key alone.
    const confirmations = await waitForMails(server, 'registration-confirmation', asha, 2);
    const withTickets = confirmations.find((mail) => mailAttachments(mail.raw, 'application/pdf').length > 0);
    const [pdf] = withTickets ? mailAttachments(withTickets.raw, 'application/pdf') : [];
    if (!withTickets || !pdf) throw new Error('no tickets PDF for Asha');
    const codes = await decodeTicketQrFromPdf(pdf.content);
    expect(codes).toHaveLength(3);
    const published = (await (await page.request.get('/api/public/tickets/public-key')).json()) as {
      jwk: { kty: string; crv: string; x: string };
    };
    const publicKey = createPublicKey({ key: published.jwk, format: 'jwk' });
    for (const code of codes) expect(verifiesWith(publicKey, code)).toBe(true);
    // An altered code does not verify.
    const [first = ''] = codes;
    expect(
      verifiesWith(
        publicKey,
        first.replace(/.(?=\.[^.]*$)/, (c) => (c === 'A' ? 'B' : 'A')),
      ),
    ).toBe(false);

    // A typo fixed from the family's page: Anu's old ticket is revoked, a new one issued.
    const ticketIds = codes.map((code) => {
      const decoded = decodeTicketCode(code);
      return decoded.ok ? decoded.payload.t : '';
    });
    await page.goto(linkIn(withTickets, '/registration/yours'));
    const anu = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: '3. Anu Rao' }) });
    await anu.getByRole('button', { name: 'Edit details' }).click();
    await anu.getByLabel('First Name').fill('Anushka');
    await anu.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved. A confirmation e-mail is on its way.').waitFor();
    const list = (await (
      await page.request.get(`/api/staff/sessions/${sessionId}/check-in-list`, { headers: staff })
    ).json()) as { tickets: { ticketId: string; name: string }[]; revoked: string[] };
    const live = list.tickets.map((ticket) => ticket.ticketId);
    const revoked = ticketIds.filter((id) => list.revoked.includes(id));
    expect(revoked).toHaveLength(1);
    expect(live).not.toContain(revoked[0]);
    expect(list.tickets.map((ticket) => ticket.name)).toEqual(
      expect.arrayContaining(['Dev Family', 'Asha Rao', 'Ravi Rao', 'Anushka Rao']),
    );

    // The office writes to the session: each address once, Bea (cancelled) not at all.
    const office = await context.newPage();
    await office.goto('/admin/messages');
    await office.getByLabel('Send to').selectOption('One session');
    await office.getByLabel('Session').selectOption(String(sessionId));
    await office.getByLabel('Subject').fill('The hall has moved');
    await office.getByLabel('Message', { exact: true }).fill('Please come to the Small study hall by the east door.');
    await office.getByRole('button', { name: 'Preview' }).click();
    await office.getByText('2 recipients').waitFor();
    await office.getByRole('button', { name: 'Send to 2 addresses' }).click();
    await office.getByText(/Sent to 2 addresses/).waitFor();
    for (const address of [asha, dev.email]) {
      const [message] = await waitForMails(server, 'event-message', address, 1);
      expect(message?.text).toContain('Please come to the Small study hall by the east door.');
    }
    expect(mailsOf(server, 'event-message', bea.email)).toHaveLength(0);
  });
});
