/**
 * The refund of a paid card order (moveMoney roles): "Refund all" of what is left or "Refund part"
 * with an amount in dollars typed in an empty field (nothing is chosen at first, so one slip cannot
 * refund everything), and a reason, checked with the shared schema as integer cents, then a confirm
 * step, then POST /api/staff/orders/:id/refunds with the attempt's Idempotency-Key (use-money-submit.ts).
 */
import { formatCents } from '@store/shared/money';
import { refundRequestSchema, type StaffOrderDetail } from '@store/shared/staff';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { LabelledInput } from '#src/components/labelled-input';
import { checkRequest, type FieldErrors, fieldError } from '../check-request';
import { ConfirmStep } from '../confirm-step';
import { DoneNote } from '../done-note';
import { amountFieldLabel, centsToField, NOT_DOLLARS, parseDollars } from '../parse-dollars';
import { ReviewForm } from '../review-form';
import { useMoneySubmit } from '../use-money-submit';
import { postRefund, type RefundRequest } from './orders-api';
import { ReasonInput } from './reason-input';
import { RefundScope, type RefundScopeValue } from './refund-scope';

type RefundFormProps = { order: StaffOrderDetail; onRefunded: (order: StaffOrderDetail) => void };

export function RefundForm({ order, onRefunded }: RefundFormProps) {
  const id = useId();
  const left = order.amountCents - order.refundedCents;
  const [scope, setScope] = useState<RefundScopeValue | null>(null);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [fields, setFields] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<RefundRequest | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  // Set when the server refused the amount: focus goes there once the form is back on screen.
  const [focusAmount, setFocusAmount] = useState(0);
  useEffect(() => {
    if (focusAmount > 0) amountRef.current?.focus();
  }, [focusAmount]);
  const { submit, submitting } = useMoneySubmit((request: RefundRequest, key: string) =>
    postRefund(order.id, request, key),
  );

  function review(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    setDone(null);
    const cents = scope === 'all' ? left : parseDollars(amount);
    const checked = checkRequest(refundRequestSchema, { amountCents: cents ?? Number.NaN, reason });
    if (scope === null || cents === null || !checked.ok) {
      const errors: Record<string, string> = checked.ok ? {} : { ...checked.fields };
      // The amount is asked only for a part: "all" is what is left, and nothing chosen asks for a choice.
      if (scope !== 'part') delete errors.amountCents;
      if (scope === 'part' && cents === null) errors.amountCents = NOT_DOLLARS;
      if (scope === null) errors.scope = 'Choose "Refund all" or "Refund part".';
      setFields(errors);
      return;
    }
    if (checked.data.amountCents > left) {
      setFields({ amountCents: `At most ${formatCents(left, order.currency)} is left to refund.` });
      return;
    }
    setFields({});
    setConfirming(checked.data);
  }

  async function confirm() {
    if (!confirming) return;
    const result = await submit(confirming);
    if (!result) return;
    if ('answer' in result) {
      const { refund, order: next } = result.answer;
      const receipt = next.correctedReceiptNumber ? ` Corrected receipt: ${next.correctedReceiptNumber}.` : '';
      const outcome =
        refund.status === 'failed'
          ? `The refund failed: ${refund.failureMessage ?? 'the gateway refused it'}.`
          : `${refund.status === 'pending' ? 'Refund of' : 'Refunded'} ${formatCents(refund.amountCents, order.currency)}${refund.status === 'pending' ? ' is being processed' : ''}.${receipt}`;
      setConfirming(null);
      setReason('');
      setScope(null);
      setAmount('');
      setDone(outcome);
      onRefunded(next);
      return;
    }
    // Back to the form, with the server's reasons by field; the same request again reuses the key.
    setConfirming(null);
    setFields(result.failure.fields);
    setFailure(result.failure.message);
    if (result.failure.fields.amountCents) {
      // The amount refused is shown where it can be changed, even when it was "all".
      setScope('part');
      setAmount(centsToField(confirming.amountCents));
      setFocusAmount((n) => n + 1);
    }
  }

  return (
    <section className="admin-section admin-panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Refund</h3>
      {left <= 0 ? (
        <p>Nothing is left to refund.</p>
      ) : confirming ? (
        <ConfirmStep
          legend="Confirm the refund"
          action={`Refund ${formatCents(confirming.amountCents, order.currency)}`}
          pendingAction="Refunding…"
          pending={submitting}
          onConfirm={confirm}
          onChange={() => setConfirming(null)}
        >
          {`Refund ${formatCents(confirming.amountCents, order.currency)} of ${formatCents(order.amountCents, order.currency)} to ${order.firstName} ${order.lastName}'s card?`}
          <br />
          {`Reason: ${confirming.reason}`}
        </ConfirmStep>
      ) : (
        <ReviewForm onReview={review} action="Review refund" failure={failure}>
          <RefundScope
            id={`${id}-scope`}
            leftCents={left}
            currency={order.currency}
            value={scope}
            onChange={(value) => {
              setScope(value);
              setFields(({ scope: _chosen, amountCents: _amount, ...rest }) => rest);
            }}
            error={fieldError(fields, 'scope', 'How much')}
          />
          {scope === 'part' && (
            <LabelledInput
              ref={amountRef}
              id={`${id}-amount`}
              name="amount"
              label={`${amountFieldLabel(order.currency)} (at most ${formatCents(left, order.currency)})`}
              inputMode="decimal"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              error={fieldError(fields, 'amountCents', 'Amount')}
            />
          )}
          <ReasonInput id={`${id}-reason`} value={reason} onChange={setReason} fields={fields} />
        </ReviewForm>
      )}
      <DoneNote text={done} />
    </section>
  );
}
