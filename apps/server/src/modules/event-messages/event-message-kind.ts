/** The outbox kind of a message to registrants: one outbox row per recipient row (subject id). */
export const EVENT_MESSAGE_KIND = 'event-message';
