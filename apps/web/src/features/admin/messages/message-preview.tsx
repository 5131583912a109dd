/**
 * The e-mail as recipients get it: the count, the audience, the subject, and the HTML in a
 * sandboxed frame (no scripts, no same-origin: the staff's text is escaped by the server anyway,
 * and the frame keeps the e-mail's styles off the page), with the plain text beside it.
 */
import type { EventMessagePreview } from '@store/shared/event-messages';
import { useId } from 'react';

export function MessagePreview({ preview }: { preview: EventMessagePreview }) {
  const id = useId();
  const { recipients, audienceLabel, sample } = preview;
  return (
    <section aria-labelledby={`${id}-title`} className="admin-panel message-preview">
      <h3 id={`${id}-title`}>Preview</h3>
      <p role="status">
        <strong>{recipients === 1 ? '1 recipient' : `${recipients.toLocaleString('en-US')} recipients`}</strong>
        {` · ${audienceLabel}`}
      </p>
      <p>
        <span className="message-preview__label">Subject: </span>
        {sample.subject}
      </p>
      <iframe
        title="The e-mail as recipients see it"
        className="message-preview__frame"
        sandbox=""
        srcDoc={sample.html}
      />
      <details>
        <summary>Plain-text version</summary>
        <pre className="message-preview__text">{sample.text}</pre>
      </details>
    </section>
  );
}
