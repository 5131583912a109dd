/**
 * Every public endpoint, one entry each: how to make its valid request and which parts of it the
 * fuzz makes hostile. A new endpoint is one more entry. Entries whose route the server does not
 * have yet (modules still being built) stay here and are skipped with a loud message.
 *
 * What a hostile request may get back: a 4xx with the API's error body. A read-only endpoint may
 * also answer 200 to input that is odd but well-formed (an unknown query parameter, a search for
 * `<script>`); `alsoAllowed` says which. Nothing may answer 5xx or hang, and the database must be
 * unchanged afterwards, except the tables in `writes` (failed logins are counted, by design).
 */
import { randomUUID } from 'node:crypto';
import { registerRequestSchema } from '@store/shared/auth';
import { sandboxTokenizeRequestSchema } from '@store/shared/card';
import { basicAuthorization } from '../../apps/server/src/modules/admins/basic-credentials';
import { eventLinkKey, eventLinkToken } from '../../apps/server/src/modules/registrations/event-link';
import { TEST_SESSION_SECRET } from '../../apps/server/test/build-test-app';
import { BOOK, checkoutBodyAt, openAmount, validCard } from '../../apps/server/test/checkout-helpers';
import { adultRegistrant } from '../../apps/server/test/registration-helpers';
import {
  type BaseRequest,
  bodyPart,
  type FuzzPart,
  formBodyPart,
  headersPart,
  type Method,
  type PartArbitrary,
  pathPart,
  queryPart,
} from './fuzz-request';
import { FUZZ_GIFT_ID, type FuzzTarget } from './fuzz-target';
import { type HostileJson, toHostileJson } from './hostile-values';

export type FuzzEndpoint = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** The route's pattern when `path` fills in its parameters (`/api/report/receipts/:orderId.pdf`). */
  route?: string;
  /** Statuses a hostile request may get besides 4xx (never a 5xx). */
  alsoAllowed: readonly number[];
  /** Tables a refused request writes by design. */
  writes: readonly string[];
  /** 4xx answers carry the API's `{ error: { code, message } }` body (false for the web app's pages). */
  apiErrors: boolean;
  parts: Partial<Record<FuzzPart, PartArbitrary>>;
};

type EntryOptions = {
  route?: string;
  alsoAllowed?: readonly number[];
  writes?: readonly string[];
  apiErrors?: boolean;
  /** Rate limits count per address: each endpoint sends from its own. */
  remoteAddress: string;
  parts: (endpoint: {
    method: Method;
    path: string;
    route?: string;
    remoteAddress: string;
  }) => Partial<Record<FuzzPart, PartArbitrary>>;
};

function entry(method: FuzzEndpoint['method'], path: string, options: EntryOptions): FuzzEndpoint {
  return {
    method,
    path,
    alsoAllowed: options.alsoAllowed ?? [],
    writes: options.writes ?? [],
    apiErrors: options.apiErrors ?? true,
    ...(options.route ? { route: options.route } : {}),
    parts: options.parts({
      method,
      path,
      ...(options.route ? { route: options.route } : {}),
      remoteAddress: options.remoteAddress,
    }),
  };
}

const CAPTCHA_HEADERS = ['x-captcha-token', 'x-captcha-action'];

/**
 * A read-only GET that takes no input: whatever comes, 200 or 4xx, or 304 where the answer has an
 * ETag and the hostile headers happen to say "If-None-Match: *".
 */
function plainGet(path: string, remoteAddress: string, alsoAllowed: readonly number[] = [200, 304]): FuzzEndpoint {
  const base = (): BaseRequest => ({});
  return entry('GET', path, {
    alsoAllowed,
    remoteAddress,
    parts: (e) => ({ query: queryPart(e, { base }), headers: headersPart(e, { base }) }),
  });
}

/** The checkout a visitor sends (SPEC.md §7), without a captcha solution: the guard refuses it with 403. */
/**
 * The checkout with every field it reads: a UK gift (its `currency` and Gift Aid declaration) with
 * the book, so the hostile bodies reach each field's rule.
 */
function checkoutRequest(): BaseRequest {
  const checkout = checkoutBodyAt(
    'fake-valid-nonce',
    { center: '8', currency: 'GBP' },
    [{ ...BOOK, price: 4 }, openAmount(8, 25)],
    {
      giftAid: true,
      giftAidHouse: '12',
      giftAidPostcode: 'SW1A 1AA',
      // A tribute with its e-mail card, so each of its fields is fuzzed.
      tributeKind: 'memory',
      tributeName: 'Sita Devi',
      tributeMessage: 'She fed everyone who came.',
      tributeCardName: 'Lakshmi Rao',
      tributeCardEmail: 'lakshmi@example.org',
      tributeShowAmount: true,
      // The employer who matches the gift, so its fields are fuzzed.
      employerMatches: true,
      employerName: 'Acme Corp',
      // The donor covers the processing fee (the server works the fee out and checks the total).
      coverFee: true,
    },
  );
  // The wallet the donor chose (it only tells PayPal Credit from PayPal), so it is fuzzed too.
  const body = toHostileJson({ ...checkout, paymentMethod: 'paypalCredit' });
  return { headers: { 'idempotency-key': randomUUID(), 'x-captcha-action': 'checkout' }, body };
}

/**
 * What a report read writes by design: failed logins, and the report key's last use (once a minute)
 * with its audit line (first use of a UTC day: the warm-up's, unless the run crosses midnight).
 */
const REPORT_READ_WRITES = ['login_failures', 'report_keys', 'audit_log'];

function reportEntry(path: string, remoteAddress: string): FuzzEndpoint {
  const reading = (t: FuzzTarget): BaseRequest => ({
    query: { from: '2026-01-01', to: '2026-12-31', center: '2', q: 'Rao', limit: '10' },
    headers: { authorization: basicAuthorization(t.reader), 'x-requested-with': 'XMLHttpRequest' },
  });
  const guessing = (t: FuzzTarget): BaseRequest => ({
    query: { limit: '5' },
    headers: { authorization: basicAuthorization(t.guessed) },
  });
  return entry('GET', path, {
    alsoAllowed: [200],
    writes: REPORT_READ_WRITES,
    remoteAddress,
    parts: (e) => ({
      query: queryPart(e, { base: reading, keys: ['from', 'to', 'center', 'q', 'cursor', 'limit', 'table'] }),
      headers: headersPart(
        { ...e, remoteAddress: `${remoteAddress}1` },
        { base: guessing, relevant: ['authorization', 'x-requested-with'] },
      ),
    }),
  });
}

/**
 * SPEC.md §5's registrant, an adult, into site.json's first seeded session (id 1 on the fuzz's
 * fresh database): the base of the registration fuzz.
 */
function registrationBody(): HostileJson {
  return toHostileJson({ sessionId: 1, ifFull: 'waitlist', registrants: [adultRegistrant()] });
}

/** Issue 21: a treasurer's request from the back office's own pages (its cookie, the site's Origin). */
function staffHeaders(t: FuzzTarget): Record<string, string> {
  return { origin: t.origin, cookie: `store_staff=${t.staffToken}` };
}

const STAFF_HEADERS = ['origin', 'sec-fetch-site', 'cookie', 'idempotency-key'];

/** Issue 22: the signed-in donor's own request from the dashboard (their session, the site's Origin). */
function donorHeaders(t: FuzzTarget): Record<string, string> {
  return { origin: t.origin, cookie: `store_session=${t.donorToken}` };
}

const DONOR_HEADERS = ['origin', 'sec-fetch-site', 'cookie'];

/**
 * Issue 22: the donor's monthly gifts. Bodies, queries and headers come with a real donor's session
 * and gift, so they reach the schemas and the change: an odd but valid amount is saved (200, with its
 * confirmation e-mail); a card's nonce is never one the sandbox issued (402). Pause, resume and
 * cancel go with a session that does not exist (401), so the fuzz never ends the gift it needs.
 */
function monthlyGiftEntries(): FuzzEndpoint[] {
  const gift = `/api/account/monthly-gifts/${FUZZ_GIFT_ID}`;
  const giftRoute = '/api/account/monthly-gifts/:id';
  const donorWrite = (
    method: 'PATCH' | 'POST' | 'PUT',
    path: string,
    route: string,
    body: object,
    remoteAddress: string,
    alsoAllowed: number[],
    writes: string[],
  ) =>
    entry(method, path, {
      route,
      alsoAllowed,
      writes,
      remoteAddress,
      parts: (e) => {
        const base = (t: FuzzTarget): BaseRequest => ({ headers: donorHeaders(t), body: toHostileJson(body) });
        return {
          body: bodyPart(e, { base }),
          query: queryPart(e, { base }),
          headers: headersPart(e, { base, relevant: DONOR_HEADERS }),
        };
      },
    });
  return [
    entry('GET', '/api/account/monthly-gifts', {
      alsoAllowed: [200],
      remoteAddress: '10.1.0.80',
      parts: (e) => {
        const base = (t: FuzzTarget): BaseRequest => ({ headers: donorHeaders(t) });
        return { query: queryPart(e, { base }), headers: headersPart(e, { base, relevant: DONOR_HEADERS }) };
      },
    }),
    donorWrite('PATCH', gift, giftRoute, { amount: 25 }, '10.1.0.81', [200], ['monthly_gifts', 'mail_outbox']),
    donorWrite(
      'POST',
      `${gift}/card`,
      `${giftRoute}/card`,
      { nonce: 'tokencc_sandbox_not-issued' },
      '10.1.0.82',
      [402],
      [],
    ),
    // Covering the fee each month, on or off (saved, with its confirmation e-mail).
    donorWrite(
      'PUT',
      `${gift}/cover-fee`,
      `${giftRoute}/cover-fee`,
      { coverFee: true },
      '10.1.0.86',
      [200],
      ['monthly_gifts', 'mail_outbox'],
    ),
    ...(['pause', 'resume', 'cancel'] as const).map((action, i) =>
      entry('POST', `${gift}/${action}`, {
        route: `${giftRoute}/${action}`,
        remoteAddress: `10.1.0.${83 + i}`,
        parts: (e) => {
          const base = (t: FuzzTarget): BaseRequest => ({
            headers: { origin: t.origin, cookie: `store_session=${'A'.repeat(43)}` },
          });
          return { query: queryPart(e, { base }), headers: headersPart(e, { base, relevant: DONOR_HEADERS }) };
        },
      }),
    ),
  ];
}

/**
 * The back office's orders and refunds. The refund names an order that does not exist, so however
 * the fuzz bends the request, the best it can get is a 404 and no money moves.
 */
/**
 * Adding a donor's address to a CRA receipt: the e-mailed link's page (a token that names no gift:
 * 400, counted toward the client address's limit, then 429) and a signed-in donor's form (a session
 * that does not exist: 401). Nothing but the limit's count is written.
 */
function receiptAddressEntries(): FuzzEndpoint[] {
  const token = `${randomUUID()}.${'A'.repeat(43)}`;
  const address = { street: '12 Finch Ave', city: 'Toronto', province: 'ON', postalCode: 'M2N 1A1' };
  const orderId = randomUUID();
  return [
    entry('GET', '/api/public/receipt-address', {
      writes: ['login_failures'],
      remoteAddress: '10.1.0.90',
      parts: (e) => ({ query: queryPart(e, { base: () => ({ headers: {}, query: { token } }), keys: ['token'] }) }),
    }),
    entry('POST', '/api/public/receipt-address', {
      writes: ['login_failures'],
      remoteAddress: '10.1.0.91',
      parts: (e) => {
        const base = (): BaseRequest => ({ headers: {}, body: { token, ...address } });
        return { body: bodyPart(e, { base }), headers: headersPart(e, { base, relevant: ['content-type'] }) };
      },
    }),
    entry('POST', `/api/account/receipts/${orderId}/address`, {
      route: '/api/account/receipts/:orderId/address',
      remoteAddress: '10.1.0.92',
      parts: (e) => {
        const base = (t: FuzzTarget): BaseRequest => ({
          headers: { origin: t.origin, cookie: `store_session=${'A'.repeat(43)}` },
          body: { ...address },
        });
        return {
          body: bodyPart(e, { base }),
          headers: headersPart(e, { base, relevant: DONOR_HEADERS }),
        };
      },
    }),
  ];
}

/**
 * Messages to registrants: the staff calls with a signed-in editor's session (they may send, so
 * bodies reach the schemas, and a valid body may be previewed or sent: 200/201), the "Stop event
 * news" calls with a well-formed but unsigned token (400, nothing stored).
 */
function eventMessageEntries(): FuzzEndpoint[] {
  const editor = (t: FuzzTarget) => ({ origin: t.origin, cookie: `store_staff=${t.editorToken}` });
  const message = { audience: { kind: 'everyone' }, subject: 'Parking', body: 'Park behind the hall.' };
  const read = (path: string, remoteAddress: string) =>
    entry('GET', path, {
      alsoAllowed: [200],
      remoteAddress,
      parts: (e) => {
        const base = (t: FuzzTarget): BaseRequest => ({ headers: editor(t) });
        return { query: queryPart(e, { base }), headers: headersPart(e, { base, relevant: STAFF_HEADERS }) };
      },
    });
  const write = (path: string, remoteAddress: string, key: boolean) =>
    entry('POST', path, {
      alsoAllowed: key ? [200, 201] : [200],
      writes: key ? ['event_messages', 'event_message_recipients', 'audit_log', 'mail_outbox'] : [],
      remoteAddress,
      parts: (e) => {
        const base = (t: FuzzTarget): BaseRequest => ({
          headers: { ...editor(t), ...(key ? { 'idempotency-key': randomUUID() } : {}) },
          body: toHostileJson(message),
        });
        return {
          body: bodyPart(e, { base }),
          query: queryPart(e, { base }),
          headers: headersPart(e, { base, relevant: STAFF_HEADERS }),
        };
      },
    });
  const token = `${randomUUID()}.mz1k2a.${'A'.repeat(43)}`;
  const optOut = (path: string, remoteAddress: string) =>
    entry('POST', path, {
      remoteAddress,
      parts: (e) => {
        const base = (): BaseRequest => ({ headers: {}, body: { token } });
        return {
          body: bodyPart(e, { base }),
          query: queryPart(e, { base: () => ({ headers: {}, query: { token } }), keys: ['token'] }),
          headers: headersPart(e, { base, relevant: ['content-type'] }),
        };
      },
    });
  return [
    read('/api/staff/event-messages', '10.1.0.160'),
    read('/api/staff/event-messages/sessions', '10.1.0.161'),
    write('/api/staff/event-messages/preview', '10.1.0.162', false),
    write('/api/staff/event-messages', '10.1.0.163', true),
    optOut('/api/public/event-news/unsubscribe', '10.1.0.164'),
    optOut('/api/public/event-news/resubscribe', '10.1.0.165'),
  ];
}

/** A back-office action that takes no body (its path names what it acts on): path, query and headers fuzzed. */
function staffAction(path: string, remoteAddress: string, options: { route: string }): FuzzEndpoint {
  return entry('POST', path, {
    route: options.route,
    remoteAddress,
    parts: (e) => {
      const base = (t: FuzzTarget): BaseRequest => ({ headers: staffHeaders(t) });
      return {
        path: pathPart(e, { dotSegments: false }),
        query: queryPart(e, { base }),
        headers: headersPart(e, { base, relevant: STAFF_HEADERS }),
      };
    },
  });
}

/**
 * The waiting list: the offer link's page and its acceptance (a well-shaped token no key signed:
 * 400), and a session's line in the back office (the treasurer's session: 403, or 400 for the path
 * parameters). Nothing is written.
 */
function waitlistEntries(): FuzzEndpoint[] {
  const token = `${randomUUID()}.mzzzzz.${'A'.repeat(43)}`;
  const family = randomUUID();
  return [
    entry('GET', '/api/public/waitlist/offer', {
      remoteAddress: '10.1.0.140',
      parts: (e) => ({ query: queryPart(e, { base: () => ({ headers: {}, query: { token } }), keys: ['token'] }) }),
    }),
    entry('POST', '/api/public/waitlist/accept', {
      remoteAddress: '10.1.0.141',
      parts: (e) => {
        const base = (): BaseRequest => ({ headers: {}, body: { token } });
        return { body: bodyPart(e, { base }), headers: headersPart(e, { base, relevant: ['content-type'] }) };
      },
    }),
    staffRead('/api/staff/sessions/1/waiting-list', '10.1.0.142', { route: '/api/staff/sessions/:id/waiting-list' }),
    staffAction(`/api/staff/sessions/1/waiting-list/${family}/move-up`, '10.1.0.143', {
      route: '/api/staff/sessions/:id/waiting-list/:registrationId/move-up',
    }),
    staffAction(`/api/staff/sessions/1/waiting-list/${family}/offer`, '10.1.0.144', {
      route: '/api/staff/sessions/:id/waiting-list/:registrationId/offer',
    }),
  ];
}

function staffEntries(): FuzzEndpoint[] {
  const missingOrder = randomUUID();
  return [
    entry('GET', '/api/staff/orders', {
      alsoAllowed: [200],
      remoteAddress: '10.1.0.35',
      parts: (e) => {
        const base = (t: FuzzTarget): BaseRequest => ({
          query: { q: 'Rao', center: '2' },
          headers: staffHeaders(t),
        });
        return {
          query: queryPart(e, { base, keys: ['q', 'center', 'cursor'] }),
          headers: headersPart(e, { base, relevant: STAFF_HEADERS }),
        };
      },
    }),
    entry('GET', `/api/staff/orders/${missingOrder}`, {
      route: '/api/staff/orders/:id',
      remoteAddress: '10.1.0.36',
      parts: (e) => {
        const base = (t: FuzzTarget): BaseRequest => ({ headers: staffHeaders(t) });
        return {
          path: pathPart(e, { dotSegments: false }),
          query: queryPart(e, { base }),
          headers: headersPart(e, { base, relevant: STAFF_HEADERS }),
        };
      },
    }),
    entry('POST', `/api/staff/orders/${missingOrder}/refunds`, {
      route: '/api/staff/orders/:id/refunds',
      remoteAddress: '10.1.0.37',
      parts: (e) => {
        const base = (t: FuzzTarget): BaseRequest => ({
          headers: { ...staffHeaders(t), 'idempotency-key': randomUUID() },
          body: { amountCents: 1000, reason: 'Donor asked' },
        });
        return {
          body: bodyPart(e, { base }),
          query: queryPart(e, { base }),
          headers: headersPart(e, { base, relevant: STAFF_HEADERS }),
        };
      },
    }),
    ...backOfficeEntries(),
  ];
}

/** A back-office read with the treasurer's session: its query and headers fuzzed. */
function staffRead(
  path: string,
  remoteAddress: string,
  options: { route?: string; query?: Record<string, string>; keys?: string[] } = {},
): FuzzEndpoint {
  return entry('GET', path, {
    ...(options.route ? { route: options.route } : {}),
    // A treasurer may read some of these (200) and not others (403, the owner's pages).
    alsoAllowed: [200],
    remoteAddress,
    parts: (e) => {
      const base = (t: FuzzTarget): BaseRequest => ({ query: options.query ?? {}, headers: staffHeaders(t) });
      return {
        query: queryPart(e, { base, ...(options.keys ? { keys: options.keys } : {}) }),
        headers: headersPart(e, { base, relevant: STAFF_HEADERS }),
      };
    },
  });
}

/** A back-office write with the treasurer's session: body, query and headers fuzzed. */
function staffWrite(
  path: string,
  remoteAddress: string,
  body: object,
  options: {
    route?: string;
    alsoAllowed?: number[];
    writes?: string[];
    key?: boolean;
    method?: 'POST' | 'PATCH' | 'PUT';
  } = {},
): FuzzEndpoint {
  return entry(options.method ?? 'POST', path, {
    ...(options.route ? { route: options.route } : {}),
    alsoAllowed: options.alsoAllowed ?? [],
    writes: options.writes ?? [],
    remoteAddress,
    parts: (e) => {
      const base = (t: FuzzTarget): BaseRequest => ({
        headers: { ...staffHeaders(t), ...(options.key ? { 'idempotency-key': randomUUID() } : {}) },
        body: toHostileJson(body),
      });
      return {
        body: bodyPart(e, { base }),
        query: queryPart(e, { base }),
        headers: headersPart(e, { base, relevant: STAFF_HEADERS }),
      };
    },
  });
}

/**
 * Issue 21's sign-in, staff, audit, donors, registrations and offline gifts. A login may sign in
 * (a session and an audit line) or count a failure; an offline gift in a valid shape is recorded
 * (an order with its receipt number, e-mail and audit line): those are the writes by design.
 */
function backOfficeEntries(): FuzzEndpoint[] {
  const missingOrder = randomUUID();
  return [
    entry('POST', '/api/staff/login', {
      alsoAllowed: [200],
      writes: ['login_failures', 'staff_sessions', 'audit_log'],
      remoteAddress: '10.1.0.60',
      parts: (e) => {
        const base = (t: FuzzTarget): BaseRequest => ({
          headers: { origin: t.origin },
          body: { username: 'fuzz-nobody', password: 'not the password at all' },
        });
        return {
          body: bodyPart(e, { base }),
          query: queryPart(e, { base }),
          headers: headersPart(e, { base, relevant: ['origin', 'sec-fetch-site'] }),
        };
      },
    }),
    staffWrite('/api/staff/login/code', '10.1.0.61', { code: '123456' }, { writes: ['staff_code_guesses'] }),
    staffWrite('/api/staff/totp/confirm', '10.1.0.62', { code: '123456' }),
    staffRead('/api/staff/me', '10.1.0.63'),
    staffRead('/api/staff/members', '10.1.0.64'),
    staffRead('/api/staff/audit', '10.1.0.65', { query: { cursor: '10' }, keys: ['cursor'] }),
    staffRead('/api/staff/donors', '10.1.0.66', { query: { q: 'Rao' }, keys: ['q', 'cursor'] }),
    staffRead('/api/staff/donors/asha@example.org', '10.1.0.67', { route: '/api/staff/donors/:email' }),
    staffRead('/api/staff/registrations', '10.1.0.68', { keys: ['cursor'] }),
    // Issue 22: the monthly gifts (a treasurer reads every center's).
    staffRead('/api/staff/monthly-gifts', '10.1.0.74', {
      query: { status: 'paused', q: 'Rao' },
      keys: ['status', 'q', 'cursor'],
    }),
    // The days an offline gift may be dated (the open tax years).
    staffRead('/api/staff/offline-gifts/dates', '10.1.0.75'),
    // The gifts flagged for employer matching, and marking one matched. The gift does not
    // exist: a valid body is a 404 and nothing is written; a hostile one a 400 naming its field.
    staffRead('/api/staff/matching', '10.1.0.166', { query: { status: 'awaiting' }, keys: ['status', 'cursor'] }),
    staffWrite(
      `/api/staff/matching/${missingOrder}/match`,
      '10.1.0.167',
      {
        amountCents: 10_000,
        receivedOn: `${new Date().getFullYear() - 1}-06-15`,
        method: 'cheque',
        reference: 'CH-4411',
      },
      { route: '/api/staff/matching/:orderId/match' },
    ),
    // A donor's statement as it would be sent: a year with no gifts, so a 404 unless the fuzz finds one.
    staffRead('/api/staff/statements/2001/sample.pdf', '10.1.0.93', {
      route: '/api/staff/statements/:year/sample.pdf',
      query: { email: 'fuzz@example.org' },
      keys: ['email'],
    }),
    staffWrite('/api/staff/donors/merge', '10.1.0.69', { from: 'fuzz-a@example.org', into: 'fuzz-b@example.org' }),
    staffWrite(
      '/api/staff/offline-gifts',
      '10.1.0.70',
      {
        firstName: 'Ravi',
        lastName: 'Kumar',
        email: 'ravi@example.org',
        centerId: 2,
        amountCents: 2500,
        method: 'cheque',
        reference: '1042',
        // Last year: always in the open tax years, so a valid body is recorded.
        receivedOn: `${new Date().getFullYear() - 1}-06-15`,
      },
      {
        key: true,
        alsoAllowed: [200, 201],
        writes: ['orders', 'receipt_counters', 'mail_outbox', 'audit_log', 'report_daily_totals'],
      },
    ),
    staffWrite(
      `/api/staff/orders/${missingOrder}/void`,
      '10.1.0.71',
      { reason: 'Entered twice' },
      { route: '/api/staff/orders/:id/void' },
    ),
    // A valid year with no gifts: the run looks and queues nothing (an audit line when not a preview).
    staffWrite(
      '/api/staff/statements',
      '10.1.0.73',
      { year: 2001, dryRun: true },
      { alsoAllowed: [200], writes: ['audit_log'] },
    ),
    // The event's sessions: a treasurer reads them (200, or 404 for a session that is not there) and
    // may not change them (403 after the body is checked: a hostile body is a 400, never a write).
    staffRead('/api/staff/sessions', '10.1.0.140'),
    entry('GET', '/api/staff/sessions/999999', {
      route: '/api/staff/sessions/:id',
      alsoAllowed: [200],
      remoteAddress: '10.1.0.141',
      parts: (e) => {
        const base = (t: FuzzTarget): BaseRequest => ({ headers: staffHeaders(t) });
        return {
          path: pathPart(e, { dotSegments: false }),
          query: queryPart(e, { base }),
          headers: headersPart(e, { base, relevant: STAFF_HEADERS }),
        };
      },
    }),
    staffWrite('/api/staff/sessions', '10.1.0.142', {
      centerId: 2,
      hall: 'Datta Auditorium',
      address: '4455 Legacy Dr, Frisco, TX 75034',
      startsAt: '2027-05-15T09:00:00-05:00',
      timeZone: 'America/Chicago',
      capacity: 600,
      memorizationCapacity: 250,
    }),
    staffWrite(
      '/api/staff/sessions/999999',
      '10.1.0.143',
      { capacity: 700, hall: 'Datta Auditorium', archived: false },
      { route: '/api/staff/sessions/:id', method: 'PATCH' },
    ),
    staffWrite('/api/staff/members', '10.1.0.72', {
      username: 'fuzz-new',
      password: 'a long new password 1',
      role: 'editor',
    }),
    // The owner's alone, and it takes no body: the treasurer's session is refused before anything is read.
    entry('POST', `/api/staff/members/${missingOrder}/code-step/unlock`, {
      route: '/api/staff/members/:id/code-step/unlock',
      remoteAddress: '10.1.0.83',
      parts: (e) => {
        const base = (t: FuzzTarget): BaseRequest => ({ headers: staffHeaders(t) });
        return { query: queryPart(e, { base }), headers: headersPart(e, { base, relevant: STAFF_HEADERS }) };
      },
    }),
  ];
}

/**
 * The family's page (/registration/yours): a genuinely signed link to a registration that does not
 * exist, so hostile parts reach the schemas and the token check, and a well-formed request is
 * answered 400 without anything changing. "Lost your link?" goes without a captcha solution (403).
 */
function familyEntries(): FuzzEndpoint[] {
  const token = eventLinkToken(
    eventLinkKey(TEST_SESSION_SECRET),
    'family',
    randomUUID(),
    new Date(Date.now() + 86_400_000),
  );
  const familyHeaders = { 'x-family-token': token };
  const familyEntry = (
    method: 'GET' | 'PATCH' | 'POST',
    path: string,
    remoteAddress: string,
    body?: object,
    route?: string,
  ) =>
    entry(method, `/api/public/registrations/yours${path}`, {
      ...(route ? { route: `/api/public/registrations/yours${route}` } : {}),
      remoteAddress,
      parts: (e) => {
        const base = (): BaseRequest => ({
          headers: familyHeaders,
          ...(body ? { body: toHostileJson(body) } : {}),
        });
        return {
          ...(body ? { body: bodyPart(e, { base }) } : {}),
          query: queryPart(e, { base }),
          headers: headersPart(e, { base, relevant: ['x-family-token'] }),
          ...(route ? { path: pathPart(e, { dotSegments: false }) } : {}),
        };
      },
    });
  return [
    familyEntry('GET', '', '10.1.3.1'),
    familyEntry('PATCH', '/registrants/1', '10.1.3.2', adultRegistrant(), '/registrants/:position'),
    familyEntry('POST', '/registrants/1/cancel', '10.1.3.3', undefined, '/registrants/:position/cancel'),
    familyEntry('POST', '/cancel', '10.1.3.4'),
    familyEntry('POST', '/move', '10.1.3.5', { sessionId: 1 }),
    entry('POST', '/api/public/registrations/lost-link', {
      remoteAddress: '10.1.3.6',
      parts: (e) => {
        const base = (): BaseRequest => ({
          headers: { 'x-captcha-action': 'lost_link' },
          body: { email: 'asha.fuzz@example.org' },
        });
        return {
          body: bodyPart(e, { base }),
          query: queryPart(e, { base }),
          headers: headersPart(e, { base, relevant: CAPTCHA_HEADERS }),
        };
      },
    }),
  ];
}

export const FUZZ_ENDPOINTS: readonly FuzzEndpoint[] = [
  plainGet('/healthz', '10.1.0.1'),
  plainGet('/healthz/live', '10.1.0.40'),
  plainGet('/healthz/ready', '10.1.0.41'),
  plainGet('/api/public/catalogue', '10.1.0.2'),
  plainGet('/api/public/centers', '10.1.0.3'),
  // The event's open sessions and their places: read-only, never cached.
  plainGet('/api/public/event/sessions', '10.1.0.140', [200]),
  plainGet('/api/public/client-config', '10.1.0.4'),
  plainGet('/api/public/captcha/challenge', '10.1.0.5'),
  plainGet('/api/docs/json', '10.1.0.6'),
  entry('GET', '/api/public/payment/token', {
    remoteAddress: '10.1.0.7',
    parts: (e) => {
      const base = (): BaseRequest => ({ headers: { 'x-captcha-action': 'payment_token' } });
      return { query: queryPart(e, { base }), headers: headersPart(e, { base, relevant: CAPTCHA_HEADERS }) };
    },
  }),
  entry('POST', '/api/public/payment/checkout', {
    remoteAddress: '10.1.0.8',
    parts: (e) => ({
      body: bodyPart(e, { base: checkoutRequest }),
      query: queryPart(e, { base: checkoutRequest }),
      headers: headersPart(e, { base: checkoutRequest, relevant: ['idempotency-key', ...CAPTCHA_HEADERS] }),
    }),
  }),
  entry('POST', '/api/public/payment/sandbox/tokenize', {
    remoteAddress: '10.1.0.9',
    parts: (e) => {
      const card = (t: FuzzTarget): BaseRequest => ({
        headers: { authorization: `Bearer ${t.clientToken}` },
        body: validCard(),
      });
      // For the header fuzz the card fails Luhn: whichever headers survive, no nonce is issued.
      const badCard = (t: FuzzTarget): BaseRequest => ({
        ...card(t),
        body: validCard({ number: '4111 1111 1111 1112' }),
      });
      return {
        body: bodyPart(e, { base: card, accepts: (body) => sandboxTokenizeRequestSchema.safeParse(body).success }),
        headers: headersPart(e, { base: badCard, relevant: ['authorization'] }),
      };
    },
  }),
  entry('POST', '/api/webhooks/braintree', {
    remoteAddress: '10.1.0.10',
    parts: (e) => ({
      body: formBodyPart(e, { base: { bt_signature: 'not-a-signature', bt_payload: 'bm90IGEgcGF5bG9hZA==' } }),
    }),
  }),
  entry('GET', '/api/admin/whoami', {
    alsoAllowed: [200],
    writes: ['login_failures'],
    remoteAddress: '10.1.0.11',
    parts: (e) => ({
      headers: headersPart(e, {
        base: (t) => ({ headers: { authorization: basicAuthorization(t.guessed) } }),
        relevant: ['authorization', 'x-requested-with'],
      }),
    }),
  }),
  reportEntry('/api/report-data', '10.1.0.12'),
  reportEntry('/api/report-data.csv', '10.1.0.13'),
  entry('GET', '/', {
    alsoAllowed: [200, 204, 206, 301, 302, 304],
    apiErrors: false,
    remoteAddress: '10.1.0.14',
    parts: (e) => ({ path: pathPart(e, { dotSegments: true }) }),
  }),
  entry('GET', '/api', {
    remoteAddress: '10.1.0.15',
    parts: (e) => ({ path: pathPart(e, { dotSegments: false }) }),
  }),
  // Built by other helpers at the time of writing: checked against the running server's routes.
  entry('POST', '/api/public/registrations', {
    remoteAddress: '10.1.0.16',
    parts: (e) => {
      const base = (): BaseRequest => ({
        headers: { 'idempotency-key': randomUUID(), 'x-captcha-action': 'registration' },
        body: registrationBody(),
      });
      return {
        body: bodyPart(e, { base }),
        query: queryPart(e, { base }),
        headers: headersPart(e, { base, relevant: ['idempotency-key', ...CAPTCHA_HEADERS] }),
      };
    },
  }),
  entry('POST', '/auth/register', {
    remoteAddress: '10.1.0.17',
    parts: (e) => {
      const base = (t: FuzzTarget): BaseRequest => ({
        headers: { origin: t.origin },
        body: { name: 'Asha Rao', email: 'asha.fuzz@example.org', password: 'a long enough passphrase' },
      });
      // For the header fuzz the password is too short: whatever headers survive, no account is made.
      const short = (t: FuzzTarget): BaseRequest => ({
        headers: { origin: t.origin },
        body: { name: 'Asha Rao', email: 'asha.fuzz@example.org', password: 'short' },
      });
      return {
        body: bodyPart(e, { base, accepts: (body) => registerRequestSchema.safeParse(body).success }),
        headers: headersPart(e, { base: short, relevant: ['origin', 'sec-fetch-site', 'cookie'] }),
      };
    },
  }),
  entry('POST', '/auth/login', {
    writes: ['login_failures'],
    remoteAddress: '10.1.0.18',
    parts: (e) => {
      const base = (t: FuzzTarget): BaseRequest => ({
        headers: { origin: t.origin },
        body: { email: 'nobody.fuzz@example.org', password: 'not the password' },
      });
      return {
        body: bodyPart(e, { base }),
        headers: headersPart(e, { base, relevant: ['origin', 'sec-fetch-site', 'cookie'] }),
      };
    },
  }),
  entry('POST', '/auth/logout', {
    alsoAllowed: [204],
    remoteAddress: '10.1.0.19',
    parts: (e) => ({
      headers: headersPart(e, {
        base: (t) => ({ headers: { origin: t.origin, cookie: `store_session=${'A'.repeat(43)}` } }),
        relevant: ['origin', 'sec-fetch-site', 'cookie'],
      }),
    }),
  }),
  ...['/auth/profile', '/auth/activity'].map((path, i) =>
    entry('GET', path, {
      remoteAddress: `10.1.0.${20 + i}`,
      parts: (e) => {
        const base = (): BaseRequest => ({ headers: { cookie: `store_session=${'A'.repeat(43)}` } });
        return {
          query: queryPart(e, { base }),
          headers: headersPart(e, { base, relevant: ['cookie', 'authorization'] }),
        };
      },
    }),
  ),
  entry('GET', '/auth/google', {
    alsoAllowed: [302],
    remoteAddress: '10.1.0.22',
    parts: (e) => {
      const base = (): BaseRequest => ({});
      return { query: queryPart(e, { base }), headers: headersPart(e, { base }) };
    },
  }),
  entry('GET', '/auth/google/callback', {
    alsoAllowed: [302],
    remoteAddress: '10.1.0.23',
    parts: (e) => {
      const base = (): BaseRequest => ({ query: { code: 'not-a-code', state: 'not-a-state' } });
      return {
        query: queryPart(e, { base, keys: ['code', 'state', 'error'] }),
        headers: headersPart(e, { base, relevant: ['cookie'] }),
      };
    },
  }),
  // Issue 18's e-mailed links: a token that was never issued is refused whatever comes with it.
  ...(
    [
      ['/auth/email/verify', { token: `${'0'.repeat(36)}.${'A'.repeat(43)}` }],
      ['/auth/password/reset', { token: `${'0'.repeat(36)}.${'A'.repeat(43)}`, password: 'a long enough passphrase' }],
    ] as const
  ).map(([path, body], i) =>
    entry('POST', path, {
      remoteAddress: `10.1.0.${24 + i}`,
      parts: (e) => {
        const base = (t: FuzzTarget): BaseRequest => ({ headers: { origin: t.origin }, body: { ...body } });
        return {
          body: bodyPart(e, { base }),
          headers: headersPart(e, { base, relevant: ['origin', 'sec-fetch-site', 'cookie'] }),
        };
      },
    }),
  ),
  // Issue 18's signed-in upkeep, with a session that does not exist: refused, nothing changed.
  ...(
    [
      ['/auth/password/change', { currentPassword: 'not the password', newPassword: 'a long enough passphrase' }],
      ['/auth/email/change', { newEmail: 'new.fuzz@example.org', currentPassword: 'not the password' }],
      ['/auth/account/delete', { currentPassword: 'not the password' }],
      ['/auth/logout-everywhere', undefined],
      ['/auth/email/verify/resend', undefined],
    ] as const
  ).map(([path, body], i) =>
    entry('POST', path, {
      remoteAddress: `10.1.0.${26 + i}`,
      parts: (e) => {
        const base = (t: FuzzTarget): BaseRequest => ({
          headers: { origin: t.origin, cookie: `store_session=${'A'.repeat(43)}` },
          ...(body ? { body: { ...body } } : {}),
        });
        return {
          ...(body ? { body: bodyPart(e, { base }) } : {}),
          headers: headersPart(e, { base, relevant: ['origin', 'sec-fetch-site', 'cookie'] }),
        };
      },
    }),
  ),
  // Issue 20's PDFs: a donor's own (a session that does not exist: 401) and an administrator's (an
  // order that does not exist: 404; a guessed password: 401, counted).
  ...(
    [
      [`/api/account/receipts/${randomUUID()}.pdf`, '/api/account/receipts/:orderId.pdf'],
      ['/api/account/statements/2026.pdf', '/api/account/statements/:year.pdf'],
    ] as const
  ).map(([path, route], i) =>
    entry('GET', path, {
      route,
      remoteAddress: `10.1.0.${31 + i}`,
      parts: (e) => {
        const base = (): BaseRequest => ({ headers: { cookie: `store_session=${'A'.repeat(43)}` } });
        return {
          query: queryPart(e, { base }),
          headers: headersPart(e, { base, relevant: ['cookie', 'authorization'] }),
        };
      },
    }),
  ),
  entry('GET', `/api/report/receipts/${randomUUID()}.pdf`, {
    route: '/api/report/receipts/:orderId.pdf',
    writes: REPORT_READ_WRITES,
    remoteAddress: '10.1.0.33',
    parts: (e) => {
      const reading = (t: FuzzTarget): BaseRequest => ({
        headers: { authorization: basicAuthorization(t.reader), 'x-requested-with': 'XMLHttpRequest' },
      });
      const guessing = (t: FuzzTarget): BaseRequest => ({ headers: { authorization: basicAuthorization(t.guessed) } });
      return {
        query: queryPart(e, { base: reading }),
        headers: headersPart({ ...e, remoteAddress: '10.1.0.34' }, { base: guessing, relevant: ['authorization'] }),
      };
    },
  }),
  ...staffEntries(),
  ...monthlyGiftEntries(),
  ...receiptAddressEntries(),
  ...eventMessageEntries(),
  ...waitlistEntries(),
  // Issue 21's catalogue editor. Query and headers come with a staff session that does not exist
  // (401, nothing changed); bodies with a signed-in editor's, so they reach the schemas and the
  // edit itself: an odd but valid body may be saved (200/201, or 409 once the version moved on).
  ...(
    [
      ['GET', '/api/staff/catalogue', undefined, undefined],
      ['GET', '/api/staff/catalogue/export', undefined, undefined],
      [
        'PUT',
        '/api/staff/catalogue/items/9',
        '/api/staff/catalogue/items/:id',
        { version: 1, item: { name: 'The book', price: 5, desc: 'A book.', archived: false } },
      ],
      [
        'POST',
        '/api/staff/catalogue/items',
        undefined,
        { version: 1, list: 'concert', item: { name: 'A tier', price: 20, desc: '' } },
      ],
      [
        'PUT',
        '/api/staff/catalogue/centers/2',
        '/api/staff/catalogue/centers/:id',
        { version: 1, center: { name: 'A center', country: 'US' } },
      ],
      ['POST', '/api/staff/catalogue/centers', undefined, { version: 1, center: { name: 'A center', country: 'CA' } }],
      [
        'PUT',
        '/api/staff/catalogue/event',
        undefined,
        { version: 1, event: { title: 'The event', date: '2027-05-15', venue: 'The hall', description: '' } },
      ],
      // The owner's alone: the editor's valid body is refused (403) after the schema has read it.
      [
        'PUT',
        '/api/staff/catalogue/entities/ca',
        '/api/staff/catalogue/entities/:key',
        {
          version: 1,
          entity: {
            name: 'The Canadian charity',
            country: 'CA',
            currency: 'CAD',
            merchantAccountId: 'cad_account',
            receiptPrefix: 'CA-',
            receipts: 'ca-cra',
          },
        },
      ],
      [
        'POST',
        '/api/staff/catalogue/entities',
        undefined,
        {
          version: 1,
          entity: {
            key: 'au',
            name: 'An entity',
            country: 'GB',
            currency: 'GBP',
            receiptPrefix: 'AU-',
            receipts: 'uk-gift-aid',
          },
        },
      ],
    ] as const
  ).map(([method, path, route, body], i) =>
    entry(method, path, {
      ...(route ? { route } : {}),
      ...(body ? { alsoAllowed: [200, 201], writes: ['site_content', 'audit_log'] } : {}),
      // One address each (the rate limits count per address); 10.1.4.x is this list's alone.
      remoteAddress: `10.1.4.${i}`,
      parts: (e) => {
        const base = (t: FuzzTarget): BaseRequest => ({
          headers: { origin: t.origin, cookie: `store_staff=${'A'.repeat(43)}` },
          ...(body ? { body: toHostileJson(body) } : {}),
        });
        const signedIn = (t: FuzzTarget): BaseRequest => ({
          headers: { origin: t.origin, cookie: `store_staff=${t.editorToken}` },
          ...(body ? { body: toHostileJson(body) } : {}),
        });
        return {
          ...(body ? { body: bodyPart(e, { base: signedIn }) } : {}),
          query: queryPart(e, { base }),
          headers: headersPart(e, { base, relevant: ['origin', 'sec-fetch-site', 'cookie'] }),
        };
      },
    }),
  ),
  // The picture upload reads any type as bytes: without a session nothing is stored.
  entry('POST', '/api/staff/catalogue/images', {
    remoteAddress: '10.1.0.57',
    parts: (e) => {
      const base = (t: FuzzTarget): BaseRequest => ({
        headers: { origin: t.origin, cookie: `store_staff=${'A'.repeat(43)}`, 'content-type': 'image/png' },
      });
      return { headers: headersPart(e, { base, relevant: ['origin', 'cookie', 'content-type'] }) };
    },
  }),
  entry('GET', `/api/public/images/${randomUUID()}`, {
    route: '/api/public/images/:id',
    remoteAddress: '10.1.0.58',
    parts: (e) => {
      const base = (): BaseRequest => ({});
      return {
        query: queryPart(e, { base }),
        headers: headersPart(e, { base }),
        path: pathPart(e, { dotSegments: false }),
      };
    },
  }),
  ...ticketEntries(),
  ...checkInEntries(),
  ...certificateEntries(),
  ...currencyEntries(),
  ...familyEntries(),
];

/**
 * The tickets: the public key (no input), the family's download with a well-shaped link that
 * was never issued (400 whatever comes with it), an account's download with a session that does not
 * exist (401), and a session's check-in list with the treasurer's session (200 or 404).
 */
function ticketEntries(): FuzzEndpoint[] {
  const neverIssued = `${randomUUID()}.${'z'.repeat(6)}.${'A'.repeat(43)}`;
  return [
    plainGet('/api/public/tickets/public-key', '10.1.3.1'),
    entry('GET', '/api/public/registrations/tickets.pdf', {
      remoteAddress: '10.1.3.2',
      parts: (e) => {
        const base = (): BaseRequest => ({ query: { token: neverIssued } });
        return {
          query: queryPart(e, { base, keys: ['token'] }),
          headers: headersPart(e, { base }),
        };
      },
    }),
    entry('GET', `/api/account/registrations/${randomUUID()}/tickets.pdf`, {
      route: '/api/account/registrations/:id/tickets.pdf',
      remoteAddress: '10.1.3.3',
      parts: (e) => {
        const base = (): BaseRequest => ({ headers: { cookie: `store_session=${'A'.repeat(43)}` } });
        return {
          query: queryPart(e, { base }),
          headers: headersPart(e, { base, relevant: ['cookie', 'authorization'] }),
          path: pathPart(e, { dotSegments: false }),
        };
      },
    }),
    staffRead('/api/staff/sessions/1/check-in-list', '10.1.3.4', { route: '/api/staff/sessions/:id/check-in-list' }),
  ];
}

/**
 * The door: a sync with the treasurer's session (who may work any door) naming a ticket that does
 * not exist, so whatever reaches the route is answered (200, the check-in refused as unknown_ticket)
 * and nothing is stored; the live counts (200).
 */
function checkInEntries(): FuzzEndpoint[] {
  const sync = {
    deviceId: randomUUID(),
    deviceName: 'Fuzz door',
    checkIns: [
      { id: randomUUID(), ticketId: randomUUID(), scannedAt: new Date().toISOString(), method: 'scan', guardian: null },
    ],
  };
  return [
    entry('POST', '/api/staff/sessions/1/check-ins/sync', {
      route: '/api/staff/sessions/:id/check-ins/sync',
      alsoAllowed: [200],
      remoteAddress: '10.1.3.20',
      parts: (e) => {
        const base = (t: FuzzTarget): BaseRequest => ({ headers: staffHeaders(t), body: toHostileJson(sync) });
        return {
          body: bodyPart(e, { base }),
          path: pathPart(e, { dotSegments: false }),
          query: queryPart(e, { base }),
          headers: headersPart(e, { base, relevant: [...STAFF_HEADERS, 'content-type'] }),
        };
      },
    }),
    staffRead('/api/staff/sessions/1/check-ins', '10.1.3.21', { route: '/api/staff/sessions/:id/check-ins' }),
  ];
}

/**
 * Exchange rates and the Gift Aid claim, with the treasurer's session: the rates and the claim read
 * (200), and a day's rate entered, which a valid shape writes by design (the rate, its audit line;
 * the day's orders still without a rate take it).
 */
function currencyEntries(): FuzzEndpoint[] {
  return [
    staffRead('/api/staff/exchange-rates', '10.1.3.30', { query: { from: '2026-11-01', to: '2026-11-28' } }),
    staffWrite(
      '/api/staff/exchange-rates/2026-11-27/CAD',
      '10.1.3.31',
      { rate: '0.7215' },
      {
        route: '/api/staff/exchange-rates/:day/:currency',
        method: 'PUT',
        alsoAllowed: [200],
        writes: ['exchange_rates', 'audit_log', 'orders'],
      },
    ),
    staffRead('/api/staff/gift-aid/claim', '10.1.3.32', { query: { quarter: '2026-Q4' } }),
    staffRead('/api/staff/gift-aid/claim.csv', '10.1.3.33', { query: { quarter: '2026-Q4' } }),
  ];
}

/**
 * Certificates: the back office's calls with a signed-in editor (who may mark and send, so bodies
 * reach the schemas) on the fuzz's first session, naming a registrant who does not exist (404); the
 * CSV upload (whatever comes is refused: no line names a ticket of the session); "send" (200: nothing
 * is marked, so nothing is queued, only its audit line); and the family's list and download with a
 * well-shaped token no key signed (400). Nothing is marked.
 */
function certificateEntries(): FuzzEndpoint[] {
  const editor = (t: FuzzTarget) => ({ origin: t.origin, cookie: `store_staff=${t.editorToken}` });
  const registrant = randomUUID();
  const completion = `/api/staff/sessions/1/completions/${registrant}`;
  const completionRoute = '/api/staff/sessions/:id/completions/:registrantId';
  const token = `${randomUUID()}.mzzzzz.${'A'.repeat(43)}`;
  const withEditor = (
    method: FuzzEndpoint['method'],
    path: string,
    route: string,
    remoteAddress: string,
    more: Partial<EntryOptions> & { body?: HostileJson } = {},
  ) =>
    entry(method, path, {
      route,
      remoteAddress,
      ...(more.alsoAllowed ? { alsoAllowed: more.alsoAllowed } : {}),
      ...(more.writes ? { writes: more.writes } : {}),
      parts: (e) => {
        const base = (t: FuzzTarget): BaseRequest => ({
          headers: editor(t),
          ...(more.body === undefined ? {} : { body: more.body }),
        });
        return {
          ...(more.body === undefined ? {} : { body: bodyPart(e, { base }) }),
          path: pathPart(e, { dotSegments: false }),
          query: queryPart(e, { base }),
          headers: headersPart(e, { base, relevant: [...STAFF_HEADERS, 'content-type'] }),
        };
      },
    });
  return [
    withEditor('GET', '/api/staff/sessions/1/completions', '/api/staff/sessions/:id/completions', '10.1.3.10', {
      alsoAllowed: [200],
    }),
    withEditor('PUT', completion, completionRoute, '10.1.3.11', { body: toHostileJson({ how: 'memory' }) }),
    withEditor('DELETE', completion, completionRoute, '10.1.3.12'),
    withEditor(
      'POST',
      '/api/staff/sessions/1/completions/import',
      '/api/staff/sessions/:id/completions/import',
      '10.1.3.13',
      {
        body: toHostileJson({ Ticket: '3F1C2A9E', Completed: 'By memory' }),
      },
    ),
    withEditor(
      'POST',
      '/api/staff/sessions/1/certificates/send',
      '/api/staff/sessions/:id/certificates/send',
      '10.1.3.14',
      {
        alsoAllowed: [200],
        writes: ['audit_log'],
      },
    ),
    entry('GET', '/api/public/registrations/yours/certificates', {
      remoteAddress: '10.1.3.15',
      parts: (e) => {
        const base = (): BaseRequest => ({ headers: { 'x-family-token': token } });
        return { query: queryPart(e, { base }), headers: headersPart(e, { base, relevant: ['x-family-token'] }) };
      },
    }),
    entry('GET', `/api/public/registrations/yours/certificates/${registrant}.pdf`, {
      route: '/api/public/registrations/yours/certificates/:registrantId.pdf',
      remoteAddress: '10.1.3.16',
      parts: (e) => {
        const base = (): BaseRequest => ({ query: { token } });
        return {
          path: pathPart(e, { dotSegments: false }),
          query: queryPart(e, { base, keys: ['token'] }),
          headers: headersPart(e, { base }),
        };
      },
    }),
  ];
}

export function endpointName(endpoint: Pick<FuzzEndpoint, 'method' | 'path'>): string {
  return `${endpoint.method} ${endpoint.path}`;
}
