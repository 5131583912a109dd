/**
 * Voiding an offline gift entered by mistake (moveMoney roles): a reason, a confirm step, then
 * POST /api/staff/orders/:id/void; its receipt is replaced by a void one.
 */
import { formatCents } from '@store/shared/money';
import { type StaffOrderDetail, voidOfflineGiftRequestSchema } from '@store/shared/staff';
import { type FormEvent, useId, useState } from 'react';
import { LabelledInput } from '#src/components/labelled-input';
import { checkRequest, type FieldErrors, fieldError } from '../check-request';
import { ConfirmStep } from '../confirm-step';
import { FormAlert } from '../form-alert';
import { useStaffFailure } from '../use-staff-failure';
import { postVoid } from './orders-api';

type VoidFormProps = { order: StaffOrderDetail; onVoided: (order: StaffOrderDetail) => void };

export function VoidForm({ order, onVoided }: VoidFormProps) {
  const id = useId();
  const describe = useStaffFailure();
  const [reason, setReason] = useState('');
  const [fields, setFields] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  function review(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const checked = checkRequest(voidOfflineGiftRequestSchema, { reason });
    setFields(checked.ok ? {} : checked.fields);
    if (checked.ok) setConfirming(checked.data.reason);
  }

  async function confirm() {
    if (confirming === null || pending) return;
    setPending(true);
    try {
      onVoided(await postVoid(order.id, { reason: confirming }));
    } catch (error) {
      const failed = describe(error);
      setFields(failed.fields);
      setFailure(failed.message);
      setConfirming(null);
    }
    setPending(false);
  }

  return (
    <section className="admin-section admin-panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Void this offline gift</h3>
      {order.refundedCents >= order.amountCents ? (
        <p>This gift is void.</p>
      ) : confirming !== null ? (
        <ConfirmStep
          legend="Confirm the void"
          action="Void the gift"
          pendingAction="Voiding…"
          pending={pending}
          onConfirm={confirm}
          onChange={() => setConfirming(null)}
        >
          {`Void the gift of ${formatCents(order.amountCents)}? Its receipt is cancelled. Reason: ${confirming}`}
        </ConfirmStep>
      ) : (
        <form className="form" noValidate onSubmit={review}>
          <LabelledInput
            id={`${id}-reason`}
            name="reason"
            label="Reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={fieldError(fields, 'reason', 'Reason')}
          />
          <button type="submit" className="button">
            Void
          </button>
          <FormAlert message={failure} />
        </form>
      )}
    </section>
  );
}
