/**
 * "Mark matched": the employer's payment for one gift (POST /api/staff/matching/:orderId/match),
 * recorded by the server as an offline gift linked to it. The amount is in the gift's currency,
 * dated in an open tax year (the offline gift's window, GET /api/staff/offline-gifts/dates) and not
 * before the gift; a cheque number or bank reference is required. Checked with the shared schema,
 * then the server's refusals shown at their fields. A gift matched meanwhile (another click,
 * another treasurer) is a 409: said in words, and the list reloaded, never an error page.
 */
import { calendarDay } from '@store/shared/calendar-day';
import {
  MATCH_METHOD_LABELS,
  MATCH_METHODS,
  type MatchingGift,
  markMatchedRequestSchema,
} from '@store/shared/matching';
import { formatCents } from '@store/shared/money';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { LabelledInput } from '#src/components/labelled-input';
import { LabelledSelect } from '#src/components/labelled-select';
import { useFoundationTimeZone } from '#src/lib/use-foundation-time-zone';
import { useLoad } from '#src/lib/use-load';
import { checkRequest, type FieldErrors, fieldError } from '../check-request';
import { FormAlert } from '../form-alert';
import { getOfflineGiftDates } from '../orders/orders-api';
import { amountFieldLabel, centsToField, NOT_DOLLARS, parseDollars } from '../parse-dollars';
import { useStaffFailure } from '../use-staff-failure';
import { postMarkMatched } from './matching-api';

type MarkMatchedFormProps = {
  gift: MatchingGift;
  onMatched: (gift: MatchingGift) => void;
  /** Matched meanwhile by another click or member: the list is read again. */
  onAlreadyMatched: () => void;
  onCancel: () => void;
};

export function MarkMatchedForm({ gift, onMatched, onAlreadyMatched, onCancel }: MarkMatchedFormProps) {
  const id = useId();
  const describe = useStaffFailure();
  const kept = gift.amountCents - gift.refundedCents;
  // A match is usually the gift's amount: offered, and easy to change for a partial or capped one.
  const [amount, setAmount] = useState(centsToField(kept));
  const [method, setMethod] = useState<string>('cheque');
  const [reference, setReference] = useState('');
  const [receivedOn, setReceivedOn] = useState<string | null>(null);
  const [fields, setFields] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  const { state: dates } = useLoad(getOfflineGiftDates);
  const timeZone = useFoundationTimeZone();
  const today = dates.status === 'ready' ? dates.data.latest : timeZone ? calendarDay(new Date(), timeZone) : '';
  const giftDay = timeZone ? calendarDay(new Date(gift.createdAt), timeZone) : undefined;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    setFailure(null);
    const cents = parseDollars(amount);
    const checked = checkRequest(markMatchedRequestSchema, {
      amountCents: cents ?? Number.NaN,
      receivedOn: receivedOn ?? today,
      method,
      reference,
    });
    if (cents === null || !checked.ok) {
      setFields({ ...(checked.ok ? {} : checked.fields), ...(cents === null ? { amountCents: NOT_DOLLARS } : {}) });
      return;
    }
    setFields({});
    busy.current = true;
    setSubmitting(true);
    try {
      onMatched(await postMarkMatched(gift.orderId, checked.data));
    } catch (error) {
      const failed = describe(error);
      if (failed.status === 409) {
        onAlreadyMatched();
        return;
      }
      setFields(failed.fields);
      setFailure(failed.message);
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  }

  const error = (name: string, label: string) => fieldError(fields, name, label);
  const donor = `${gift.firstName} ${gift.lastName}`.trim() || gift.email;
  return (
    <section className="admin-panel admin-matching__form" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
        Mark matched: {gift.employer}
      </h3>
      <p className="admin-muted">
        {donor}'s gift of {formatCents(gift.amountCents, gift.currency)}
        {gift.receiptNumber ? `, receipt ${gift.receiptNumber}` : ''}. The employer's payment is recorded as an offline
        gift linked to it, not deductible by the donor, and no receipt is e-mailed to the donor.
      </p>
      <form className="form admin-form" noValidate onSubmit={send} aria-busy={submitting}>
        <div className="admin-form__row">
          <LabelledInput
            id={`${id}-amount`}
            name="amount"
            label={`Amount received (${amountFieldLabel(gift.currency).replace(/^Amount in /, '')})`}
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={error('amountCents', 'Amount received')}
          />
          <LabelledInput
            id={`${id}-received`}
            name="receivedOn"
            type="date"
            label="Received on"
            value={receivedOn ?? today}
            onChange={(event) => setReceivedOn(event.target.value)}
            min={giftDay && dates.status === 'ready' && giftDay > dates.data.earliest ? giftDay : undefined}
            max={dates.status === 'ready' ? dates.data.latest : undefined}
            error={error('receivedOn', 'Received on')}
          />
        </div>
        <div className="admin-form__row">
          <LabelledSelect
            id={`${id}-method`}
            name="method"
            label="Method"
            value={method}
            onChange={(event) => setMethod(event.target.value)}
            error={error('method', 'Method')}
          >
            {MATCH_METHODS.map((value) => (
              <option key={value} value={value}>
                {MATCH_METHOD_LABELS[value]}
              </option>
            ))}
          </LabelledSelect>
          <LabelledInput
            id={`${id}-reference`}
            name="reference"
            label={method === 'cheque' ? 'Cheque number' : 'Bank reference'}
            autoComplete="off"
            value={reference}
            onChange={(event) => setReference(event.target.value)}
            error={error('reference', method === 'cheque' ? 'Cheque number' : 'Bank reference')}
          />
        </div>
        <div className="admin-matching__actions">
          <button type="submit" className="button" disabled={submitting}>
            {submitting ? 'Recording…' : 'Record the match'}
          </button>
          <button type="button" className="button button--secondary" onClick={onCancel} disabled={submitting}>
            Cancel
          </button>
        </div>
        <FormAlert message={failure} />
      </form>
    </section>
  );
}
