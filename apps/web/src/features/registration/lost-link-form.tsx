/**
 * "Lost your link?": an e-mail field and a captcha like the registration form's. The answer is the
 * same whatever the address, so the sent state says only that a link is on its way if it registered.
 */
import { familyTexts } from '@store/shared/family-registration';
import { type FormEvent, useId, useState } from 'react';
import { LabelledInput } from '#src/components/labelled-input';
import { ApiClientError } from '#src/lib/api-client';
import { useCaptchaToken } from '#src/lib/captcha/use-captcha-token';
import { knownText } from '#src/lib/i18n/known-text';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { postLostLink } from './family-api';

type LostLinkState = { status: 'idle' | 'sending' | 'sent' } | { status: 'failed'; message: string; field?: string };

export function LostLinkForm({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { i18n } = useLingui();
  const id = useId();
  const captchaToken = useCaptchaToken();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<LostLinkState>({ status: 'idle' });
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (state.status === 'sending') return;
    setState({ status: 'sending' });
    try {
      await postLostLink(email, await captchaToken('lost_link'));
      setState({ status: 'sent' });
    } catch (error) {
      const message = error instanceof ApiClientError ? error.message : familyTexts.changeFailed;
      const field = error instanceof ApiClientError ? error.fields?.email : undefined;
      setState({ status: 'failed', message, ...(field ? { field } : {}) });
    }
  }

  return (
    // A plain block, not a labelled region: on /registration the open registrant card is the page's only region.
    <div className="lost-link">
      <Heading>{i18n._(familyTexts.lostLinkHeading)}</Heading>
      {state.status === 'sent' ? (
        <p role="status" className="notice">
          {i18n._(familyTexts.lostLinkSent)}
        </p>
      ) : (
        <form className="lost-link__form" onSubmit={submit} noValidate>
          <p>{i18n._(familyTexts.lostLinkIntro)}</p>
          <LabelledInput
            id={`${id}-email`}
            label={i18n._(familyTexts.lostLinkEmail)}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={state.status === 'failed' && state.field ? knownText(i18n, state.field) : undefined}
          />
          {state.status === 'failed' && !state.field && (
            <p role="alert" className="notice notice--error">
              {knownText(i18n, state.message)}
            </p>
          )}
          <button type="submit" className="button" disabled={state.status === 'sending'}>
            {i18n._(state.status === 'sending' ? familyTexts.lostLinkSending : familyTexts.lostLinkSubmit)}
          </button>
        </form>
      )}
    </div>
  );
}
