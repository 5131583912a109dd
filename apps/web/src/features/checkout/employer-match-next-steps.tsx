/**
 * The thank-you page's "Ask {employer} to match your gift": the steps, then the legal
 * name and tax number the employer's form asks for, each with a button that copies it. The receipt
 * e-mail says the same (server checkout/receipt-matching-note.ts). Without a tax number configured it says
 * where to ask for it: a number is never shown empty.
 */
import { type CheckoutMatching, type TaxIdKind, taxIdLabels } from '@store/shared/matching-next-steps';
import { useEffect, useId, useState } from 'react';
import { useLingui } from '#src/lib/i18n/use-lingui';
import './employer-match.css';

function CopyButton({ value, label }: { value: string; label: string }) {
  const { i18n } = useLingui();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  // Without the clipboard (an insecure origin, an old browser) the value stays selectable on its own.
  if (typeof navigator === 'undefined' || !navigator.clipboard) return null;
  return (
    <button
      type="button"
      className="button button--secondary employer-match__copy"
      aria-label={i18n._('Copy {what}', { what: label })}
      onClick={() => {
        navigator.clipboard.writeText(value).then(
          () => setCopied(true),
          () => undefined,
        );
      }}
    >
      {copied ? i18n._('Copied') : i18n._('Copy')}
    </button>
  );
}

export function EmployerMatchNextSteps({ matching }: { matching: CheckoutMatching }) {
  const { i18n } = useLingui();
  const headingId = useId();
  const taxId = i18n._(taxIdLabels[matching.taxIdKind satisfies TaxIdKind]);
  const legalNameLabel = i18n._('Legal name');
  return (
    <section className="employer-match-steps" aria-labelledby={headingId}>
      <h2 id={headingId}>{i18n._('Ask {employer} to match your gift', { employer: matching.employer })}</h2>
      <ol>
        <li>{i18n._("Find your employer's matching gift form: on its giving site, or ask its HR team.")}</li>
        <li>{i18n._('Fill it in and attach your receipt: it is in the e-mail we just sent you.')}</li>
        <li>{i18n._('The form asks for our legal name and {taxId}:', { taxId })}</li>
      </ol>
      <dl className="employer-match-steps__details">
        <div>
          <dt>{legalNameLabel}</dt>
          <dd>
            <span className="employer-match-steps__value">{matching.legalName}</span>
            <CopyButton value={matching.legalName} label={legalNameLabel} />
          </dd>
        </div>
        <div>
          <dt>{taxId}</dt>
          <dd>
            {matching.ein ? (
              <>
                <span className="employer-match-steps__value">{matching.ein}</span>
                <CopyButton value={matching.ein} label={taxId} />
              </>
            ) : (
              i18n._('Our {taxId} is not listed here: ask us for it at {url} before you send the form.', {
                taxId,
                url: matching.askAt ?? '',
              })
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
