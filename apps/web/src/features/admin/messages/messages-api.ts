/** The messages-to-registrants calls (packages/shared/src/event-messages.ts). */
import {
  type EventMessageList,
  type EventMessagePreview,
  type EventMessageRequest,
  type EventMessageSent,
  eventMessageListSchema,
  eventMessagePreviewSchema,
  eventMessageSentSchema,
  type MessageSessions,
  messageSessionsSchema,
} from '@store/shared/event-messages';
import { staffGet, staffSend } from '../staff-request';

export const getEventMessages = (signal: AbortSignal): Promise<EventMessageList> =>
  staffGet('/api/staff/event-messages', eventMessageListSchema, signal);

export const getMessageSessions = (signal: AbortSignal): Promise<MessageSessions> =>
  staffGet('/api/staff/event-messages/sessions', messageSessionsSchema, signal);

export const postMessagePreview = (body: EventMessageRequest): Promise<EventMessagePreview> =>
  staffSend('/api/staff/event-messages/preview', body, eventMessagePreviewSchema);

/** The same key for the same message until the server answers: a retry never sends it twice. */
export const postEventMessage = (body: EventMessageRequest, idempotencyKey: string): Promise<EventMessageSent> =>
  staffSend('/api/staff/event-messages', body, eventMessageSentSchema, { idempotencyKey });
