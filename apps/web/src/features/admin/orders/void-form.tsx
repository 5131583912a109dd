/**
 * Voiding an offline gift entered by mistake (moveMoney roles): a reason, a confirm step, then
 * POST /api/staff/orders/:id/void; its receipt is replaced by a void one.
 */
import { formatCents } from '@store/shared/money';
import { type StaffOrderDetail, voidOfflineGiftRequestSchema } from '@store/shared/staff';
import { type FormEvent, useId, useState } from 'react';
import { checkRequest } from '../check-request';
import { ConfirmStep } from '../confirm-step';
import { ReviewForm } from '../review-form';
import { useConfirmedAction } from '../use-confirmed-action';
import { postVoid } from './orders-api';
import { ReasonInput } from './reason-input';

type VoidFormProps = { order: StaffOrderDetail; onVoided: (order: StaffOrderDetail) => void };

export function VoidForm({ order, onVoided }: VoidFormProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const { fields, setFields, failure, setFailure, confirming, setConfirming, pending, confirm } =
    useConfirmedAction<string>();

  function review(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const checked = checkRequest(voidOfflineGiftRequestSchema, { reason });
    setFields(checked.ok ? {} : checked.fields);
    if (checked.ok) setConfirming(checked.data.reason);
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
          onConfirm={() => confirm(async (reason) => onVoided(await postVoid(order.id, { reason })))}
          onChange={() => setConfirming(null)}
        >
          {`Void the gift of ${formatCents(order.amountCents, order.currency)}? Its receipt is cancelled. Reason: ${confirming}`}
        </ConfirmStep>
      ) : (
        <ReviewForm onReview={review} action="Void" failure={failure}>
          <ReasonInput id={`${id}-reason`} value={reason} onChange={setReason} fields={fields} />
        </ReviewForm>
      )}
    </section>
  );
}
