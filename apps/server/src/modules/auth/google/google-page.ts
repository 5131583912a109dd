/**
 * The small HTML page GET {auth}/google answers when Google sign-in is not configured: the button
 * on /login exists anyway (SPEC.md §2), and a visitor who presses it is told why nothing happens.
 * No script and no outside resource, so the site's Content-Security-Policy allows it as it is.
 */
import { authMessages } from '@store/shared/auth';
import { html } from '#src/modules/mail/html';

export function googleNotConfiguredPage(loginUrl: string): string {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Google sign-in</title>
  </head>
  <body>
    <main>
      <h1>Google sign-in</h1>
      <p>${authMessages.googleNotConfigured}</p>
      <p><a href="${loginUrl}">Back to login</a></p>
    </main>
  </body>
</html>
`.toString();
}
