/**
 * A key just made: shown this once (the server keeps only its hash), in a read-only field that is
 * selected on focus, with a copy button, and the words saying where to type it.
 */
import { reportKeyMessages } from '@store/shared/report-keys';
import { useId, useState } from 'react';

export function NewReportKey({ label, secret, onDone }: { label: string; secret: string; onDone: () => void }) {
  const id = useId();
  const [copied, setCopied] = useState<string | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('Copied.');
    } catch {
      // No clipboard (plain http, permission refused): the field selects the key to copy by hand.
      setCopied('Could not copy: select the key and copy it.');
    }
  }

  return (
    <section className="admin-report-key" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>New key “{label}”</h4>
      <p className="admin-report-key__once">{reportKeyMessages.shownOnce}</p>
      <label htmlFor={`${id}-key`}>Report key</label>
      {/* A textarea: the whole key wraps into view on a phone, where an input would cut it off. */}
      <textarea
        id={`${id}-key`}
        className="admin-report-key__value"
        readOnly
        rows={2}
        value={secret}
        spellCheck={false}
        autoComplete="off"
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="admin-actions">
        <button type="button" className="button button--secondary" onClick={copy}>
          Copy key
        </button>
        <button type="button" className="button" onClick={onDone}>
          I have saved it
        </button>
      </div>
      <p role="status">{copied}</p>
    </section>
  );
}
