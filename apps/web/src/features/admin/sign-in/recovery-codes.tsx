/**
 * The ten recovery codes, shown once (the server keeps only their hashes): copy or download them,
 * then confirm they are saved before going on. Each signs in once when the phone is lost.
 */
import { useId, useState } from 'react';

type RecoveryCodesProps = { codes: readonly string[]; onSaved: () => void };

export function RecoveryCodes({ codes, onSaved }: RecoveryCodesProps) {
  const id = useId();
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  const text = `${codes.join('\n')}\n`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('Copied.');
    } catch {
      // No clipboard (plain http, permission refused): the codes are on screen to select by hand.
      setCopied('Could not copy: select the codes and copy them, or download them.');
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <section className="admin-recovery" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Your recovery codes</h2>
      <p>
        Two-factor sign-in is on. Keep these codes somewhere safe: each one signs you in once if you lose your phone.
        They are shown only now.
      </p>
      <ol className="admin-recovery__codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="admin-actions">
        <button type="button" className="button button--secondary" onClick={copy}>
          Copy codes
        </button>
        <button type="button" className="button button--secondary" onClick={download}>
          Download codes
        </button>
      </div>
      <p role="status">{copied}</p>
      <label className="checkbox" htmlFor={`${id}-saved`}>
        <input
          id={`${id}-saved`}
          type="checkbox"
          checked={saved}
          onChange={(event) => setSaved(event.target.checked)}
        />
        I have saved these codes
      </label>
      <button type="button" className="button" disabled={!saved} onClick={onSaved}>
        Continue
      </button>
    </section>
  );
}
