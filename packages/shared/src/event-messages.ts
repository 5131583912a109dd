/**
 * Messages to the Mahayagna's registrants: staff write one e-mail to an audience, see how many it
 * reaches and what it looks like, then send it. Each address gets it once, at the rate the event's
 * settings allow; an address that stopped event news gets none (its own tickets, confirmations and
 * offers still come). ONE set of schemas for the /admin/messages page and the server.
 *
 * Staff (owner, editor; a volunteer only to their own center's sessions):
 *   GET  /api/staff/event-messages                -> 200 eventMessageListSchema (newest first)
 *   GET  /api/staff/event-messages/sessions       -> 200 messageSessionsSchema (the sessions they may write to)
 *   POST /api/staff/event-messages/preview  eventMessageRequestSchema -> 200 eventMessagePreviewSchema | 400 | 403
 *   POST /api/staff/event-messages  eventMessageRequestSchema, header Idempotency-Key
 *                                   -> 201 eventMessageSentSchema (200 + Idempotent-Replayed on a repeat) | 400 | 403 | 422
 * Public (the link at the foot of each message; token: a signed link, 1 year):
 *   POST /api/public/event-news/unsubscribe  { token } (or ?token= with the one-click form body) -> 200 eventNewsStateSchema | 400
 *   POST /api/public/event-news/resubscribe  { token }                                         -> 200 eventNewsStateSchema | 400
 */
import { z } from 'zod';
import { CATEGORIES } from './registration-rules';

const sessionId = z
  .number('must be a session id')
  .int('must be a session id')
  .positive('must be a session id')
  .max(2_147_483_647, 'must be a session id');

/**
 * Who a message goes to. Registrants' audiences reach live (not cancelled) registrants of registered
 * families, each at the e-mail on their own form; a minor's is the family's address, so "minors'
 * parents" reaches the addresses on the minors' forms. The waiting list reaches the families (the
 * registration's e-mail) that are waiting or hold an offer.
 */
export const messageAudienceSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('session'), sessionId }),
    z.object({ kind: z.literal('category'), category: z.enum(CATEGORIES, 'must be Memorization or Fluent Reading') }),
    z.object({ kind: z.literal('minors-parents') }),
    z.object({ kind: z.literal('everyone') }),
    z.object({ kind: z.literal('waiting-list'), sessionId: sessionId.optional() }),
  ],
  'must be session, category, minors-parents, everyone or waiting-list',
);
export type MessageAudience = z.infer<typeof messageAudienceSchema>;
export type MessageAudienceKind = MessageAudience['kind'];

export const AUDIENCE_LABELS: Record<MessageAudienceKind, string> = {
  session: 'One session',
  category: 'One category (adults)',
  'minors-parents': 'Minors’ parents',
  everyone: 'Everyone registered',
  'waiting-list': 'The waiting list',
};

export const MAX_MESSAGE_BODY = 10_000;
export const MAX_MESSAGE_SUBJECT = 200;

const NO_NUL = (value: string) => !value.includes('\u0000');

export const eventMessageRequestSchema = z.object({
  audience: messageAudienceSchema,
  subject: z
    .string('is required')
    .trim()
    .min(1, 'is required')
    .max(MAX_MESSAGE_SUBJECT, `must be at most ${MAX_MESSAGE_SUBJECT} characters`)
    .refine(NO_NUL, 'must not contain NUL characters')
    .refine((value) => !/[\r\n]/.test(value), 'must be one line'),
  body: z
    .string('is required')
    .trim()
    .min(1, 'is required')
    .max(MAX_MESSAGE_BODY, `must be at most ${MAX_MESSAGE_BODY.toLocaleString('en-US')} characters`)
    .refine(NO_NUL, 'must not contain NUL characters'),
});
export type EventMessageRequest = z.infer<typeof eventMessageRequestSchema>;

/** The e-mail one recipient would get, as the worker writes it (the link is a sample's). */
export const renderedSampleSchema = z.object({ subject: z.string(), text: z.string(), html: z.string() });

export const eventMessagePreviewSchema = z.object({
  /** Distinct addresses it would reach now (opted-out ones left out). */
  recipients: z.number().int().nonnegative(),
  /** What the audience is, in words: 'Session: Dallas, Main hall (May 15, 9:00 AM)'. */
  audienceLabel: z.string(),
  sample: renderedSampleSchema,
});
export type EventMessagePreview = z.infer<typeof eventMessagePreviewSchema>;

export const eventMessageSentSchema = z.object({ id: z.uuid(), recipients: z.number().int().nonnegative() });
export type EventMessageSent = z.infer<typeof eventMessageSentSchema>;

export const eventMessageSummarySchema = z.object({
  id: z.uuid(),
  /** ISO 8601 instant. */
  createdAt: z.string(),
  sentBy: z.string(),
  audienceLabel: z.string(),
  subject: z.string(),
  recipients: z.number().int().nonnegative(),
  /** Accepted by the mail server so far. */
  sent: z.number().int().nonnegative(),
});
export type EventMessageSummary = z.infer<typeof eventMessageSummarySchema>;
export const eventMessageListSchema = z.object({ messages: z.array(eventMessageSummarySchema) });
export type EventMessageList = z.infer<typeof eventMessageListSchema>;

export const messageSessionSchema = z.object({ id: z.number().int().positive(), label: z.string() });
export const messageSessionsSchema = z.object({ sessions: z.array(messageSessionSchema) });
export type MessageSessions = z.infer<typeof messageSessionsSchema>;

export const eventNewsTokenSchema = z.object({
  token: z.string('is required').min(1, 'is required').max(200, 'is not a link from our e-mail'),
});
export const eventNewsStateSchema = z.object({ email: z.string(), subscribed: z.boolean() });
export type EventNewsState = z.infer<typeof eventNewsStateSchema>;

/** What a registrant reads (the message's foot, the opt-out page) is marked for translation; otherCenter is the staff's. */
export const eventMessageTexts = {
  stopLink: /*i18n*/ 'Stop event news',
  footer:
    /*i18n*/ 'You get this because you registered for the event. Your own tickets and offers still come if you stop event news.',
  unsubscribed:
    /*i18n*/ '{email} will get no more event news. Your own tickets, confirmations and waiting-list offers still come.',
  resubscribed: /*i18n*/ '{email} will get event news again.',
  optBackIn: /*i18n*/ 'Get event news again',
  badLink: /*i18n*/ 'This link is not valid. Use the “Stop event news” link from the most recent e-mail.',
  expiredLink: /*i18n*/ 'This link has expired. Use the “Stop event news” link from a more recent e-mail.',
  otherCenter: 'A volunteer may write only to their own center’s sessions.',
} as const;
