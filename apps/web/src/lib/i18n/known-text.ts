import type { I18n } from '@lingui/core';

/**
 * A text that came from elsewhere, in the page's language when the catalogues hold it (a message's
 * id is its English text, decision 0042), else as it came. For what the server sends (an API
 * error's message, a refused field's) and the errors a form's schemas give: the server and zod word
 * them in English with the shared messages, which the catalogues translate; a gateway's decline
 * reason or a server's own sentence ("try again in…") is no message of ours and is shown as written.
 */
export function knownText(i18n: I18n, text: string): string {
  return Object.hasOwn(i18n.messages, text) ? i18n._(text) : text;
}

/** knownText of a field's error, which may be absent. */
export function knownError(i18n: I18n, text: string | undefined): string | undefined {
  return text === undefined ? undefined : knownText(i18n, text);
}
