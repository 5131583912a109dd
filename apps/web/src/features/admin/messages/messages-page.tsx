/**
 * /admin/messages: staff write one e-mail to an audience of registrants, preview it (how many
 * addresses it reaches now, and the e-mail as they get it), then send it after a confirmation. The
 * server sends each address the message once, a bounded number a minute, however often Send is
 * pressed; the list below shows how many have gone so far.
 */
import {
  type EventMessagePreview,
  type EventMessageRequest,
  eventMessageRequestSchema,
  MAX_MESSAGE_BODY,
} from '@store/shared/event-messages';
import { type FormEvent, useId, useState } from 'react';
import { LabelledInput } from '#src/components/labelled-input';
import { useAttemptKey } from '#src/lib/use-attempt-key';
import { useLoad } from '#src/lib/use-load';
import { useAdmin } from '../admin-context';
import { checkRequest, type FieldErrors, fieldError } from '../check-request';
import { ConfirmStep } from '../confirm-step';
import { FormAlert } from '../form-alert';
import { useStaffFailure } from '../use-staff-failure';
import { type AudienceDraft, AudienceFields, audienceOf } from './audience-fields';
import { MessagePreview } from './message-preview';
import { getEventMessages, getMessageSessions, postEventMessage, postMessagePreview } from './messages-api';
import { SentMessages } from './sent-messages';
import './messages.css';

const countText = (n: number) => (n === 1 ? '1 address' : `${n.toLocaleString('en-US')} addresses`);

export function MessagesPage() {
  const id = useId();
  const describe = useStaffFailure();
  const volunteer = useAdmin().session.staff.role === 'volunteer';
  const sessions = useLoad(getMessageSessions);
  const sent = useLoad(getEventMessages);
  const attempt = useAttemptKey();
  const [audience, setAudience] = useState<AudienceDraft>({
    kind: volunteer ? 'session' : 'everyone',
    sessionId: '',
    category: '',
  });
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [fields, setFields] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ request: EventMessageRequest; answer: EventMessagePreview } | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  function fail(error: unknown) {
    const failed = describe(error);
    setFields(failed.fields);
    setFailure(failed.message);
    setPreview(null);
  }

  async function review(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setDone(null);
    setFailure(null);
    const checked = checkRequest(eventMessageRequestSchema, { audience: audienceOf(audience), subject, body });
    if (!checked.ok || (volunteer && audience.sessionId === '')) {
      setFields({
        ...(checked.ok ? {} : checked.fields),
        ...(volunteer && audience.sessionId === ''
          ? { 'audience.sessionId': 'Choose one of your center’s sessions' }
          : {}),
      });
      return;
    }
    setFields({});
    setPending(true);
    try {
      setPreview({ request: checked.data, answer: await postMessagePreview(checked.data) });
    } catch (error) {
      fail(error);
    }
    setPending(false);
  }

  async function send() {
    if (!preview || pending) return;
    setPending(true);
    try {
      const answer = await postEventMessage(preview.request, attempt.get(JSON.stringify(preview.request)));
      attempt.finish();
      setPreview(null);
      setSubject('');
      setBody('');
      setDone(
        `Sent to ${countText(answer.recipients)}. They go out over the next minutes; the list below counts them.`,
      );
      sent.retry();
    } catch (error) {
      fail(error);
    }
    setPending(false);
  }

  return (
    <section aria-labelledby={`${id}-title`} className="messages-page">
      <h2 id={`${id}-title`}>Messages to registrants</h2>
      <p>
        One e-mail to an audience. Each address gets it once, however often it is sent; addresses that stopped event
        news are left out (their own tickets and offers still reach them).
      </p>
      {volunteer && <p className="notice">You can write to your own center’s sessions and their waiting lists.</p>}
      {preview ? (
        <>
          <MessagePreview preview={preview.answer} />
          {preview.answer.recipients > 0 ? (
            <ConfirmStep
              legend="Send the message"
              action={`Send to ${countText(preview.answer.recipients)}`}
              pendingAction="Sending…"
              pending={pending}
              onConfirm={() => void send()}
              onChange={() => setPreview(null)}
            >
              {`“${preview.request.subject}” goes to ${countText(preview.answer.recipients)}: ${preview.answer.audienceLabel}.`}
            </ConfirmStep>
          ) : (
            <div className="admin-confirm">
              <p role="status">No one would get this message: the audience has no addresses now.</p>
              <button type="button" className="button button--secondary" onClick={() => setPreview(null)}>
                Change
              </button>
            </div>
          )}
        </>
      ) : (
        <form className="form admin-panel" noValidate onSubmit={(event) => void review(event)}>
          <AudienceFields
            id={id}
            draft={audience}
            onChange={setAudience}
            sessions={sessions.state.status === 'ready' ? sessions.state.data.sessions : null}
            volunteer={volunteer}
            fields={fields}
          />
          {sessions.state.status === 'error' && (
            <p role="alert" className="admin-alert">
              {`Could not load the sessions. ${sessions.state.message}`}{' '}
              <button type="button" className="button button--secondary" onClick={sessions.retry}>
                Try again
              </button>
            </p>
          )}
          <LabelledInput
            id={`${id}-subject`}
            name="subject"
            label="Subject"
            value={subject}
            maxLength={200}
            onChange={(event) => setSubject(event.target.value)}
            error={fieldError(fields, 'subject', 'Subject')}
          />
          <div className="field">
            <label htmlFor={`${id}-body`}>Message</label>
            <textarea
              id={`${id}-body`}
              rows={10}
              value={body}
              aria-invalid={fields.body ? true : undefined}
              aria-describedby={`${id}-body-count${fields.body ? ` ${id}-body-error` : ''}`}
              onChange={(event) => setBody(event.target.value)}
            />
            <p id={`${id}-body-count`} className="field__hint">
              {`Plain text; a blank line starts a new paragraph. ${body.length.toLocaleString('en-US')} of ${MAX_MESSAGE_BODY.toLocaleString('en-US')} characters.`}
            </p>
            {fields.body && (
              <p id={`${id}-body-error`} className="field__error">
                {fieldError(fields, 'body', 'Message')}
              </p>
            )}
          </div>
          <button type="submit" className="button" disabled={pending}>
            {pending ? 'Counting…' : 'Preview'}
          </button>
          <FormAlert message={failure} />
        </form>
      )}
      {done && (
        <p role="status" className="admin-done">
          {done}
        </p>
      )}
      <SentMessages state={sent.state} retry={sent.retry} />
    </section>
  );
}
