/**
 * /admin/offline-gift: a gift received by cash, cheque or bank transfer, entered by a treasurer or
 * owner (POST /api/staff/offline-gifts, with the attempt's Idempotency-Key so a double click or a
 * retry records it once). It gets a receipt like a card gift; its page opens on success. The date
 * picker offers the open tax years only (GET /api/staff/offline-gifts/dates) and starts on the last
 * of them, today at the foundation (the browser's today may already be tomorrow there); the server
 * refuses any other day, and its message is shown at the field. The causes are the catalogue's
 * open-amount items; the donor's address is asked when the center's receipt needs it.
 */

import { calendarDay } from '@store/shared/calendar-day';
import { isOpenAmount } from '@store/shared/catalogue';
import { entityOfCenter } from '@store/shared/prices';
import { receiptNeedsDonorAddress } from '@store/shared/receipt-address';
import { OFFLINE_METHOD_LABELS, OFFLINE_METHODS, offlineGiftRequestSchema } from '@store/shared/staff';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { CenterSelect } from '#src/components/center-select';
import { LabelledInput } from '#src/components/labelled-input';
import { LabelledSelect } from '#src/components/labelled-select';
import { useCatalogue } from '#src/lib/catalogue/catalogue-context';
import { useCenters } from '#src/lib/use-centers';
import { useFoundationTimeZone } from '#src/lib/use-foundation-time-zone';
import { useLoad } from '#src/lib/use-load';
import { checkRequest, type FieldErrors, fieldError } from '../check-request';
import { FormAlert } from '../form-alert';
import { amountFieldLabel } from '../parse-dollars';
import { useMoneySubmit } from '../use-money-submit';
import { DonorAddressFields } from './donor-address-fields';
import { inputNameOf, offlineGiftFields } from './offline-gift-fields';
import { getOfflineGiftDates, type OfflineGiftRequest, postOfflineGift } from './orders-api';

export function OfflineGiftPage() {
  const id = useId();
  const navigate = useNavigate();
  const centers = useCenters();
  const { state: catalogue } = useCatalogue();
  const causes = catalogue.status === 'ready' ? catalogue.data.items.filter(isOpenAmount) : [];
  const [method, setMethod] = useState<string>('cheque');
  const [centerId, setCenterId] = useState('');
  const center = centers.status === 'ready' ? centers.centers.find((c) => String(c.id) === centerId) : undefined;
  const withAddress = center !== undefined && receiptNeedsDonorAddress(center);
  // The gift is the center's entity's, in its currency: the amount is entered in it.
  const entities = (catalogue.status === 'ready' ? catalogue.data.entities : undefined) ?? [];
  const currency = (center && entityOfCenter(entities, center)?.currency) ?? 'USD';
  // Null until the treasurer picks a day. Until then the field shows today at the foundation, as
  // the server's window says it (its last day) once it has come, before that from the catalogue's
  // zone: never the browser's today, which may be tomorrow there and refused.
  const [receivedOn, setReceivedOn] = useState<string | null>(null);
  const [fields, setFields] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { submit, submitting } = useMoneySubmit(postOfflineGift);
  // Without them (a failed load) the field takes any day and the server still refuses a closed one.
  const { state: dates } = useLoad(getOfflineGiftDates);
  const openDays = dates.status === 'ready' ? { min: dates.data.earliest, max: dates.data.latest } : {};
  const timeZone = useFoundationTimeZone();
  const foundationToday = timeZone ? calendarDay(new Date(), timeZone) : '';

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const form = event.currentTarget;
    const { request, errors } = offlineGiftFields(new FormData(form), { withAddress });
    const checked = checkRequest(offlineGiftRequestSchema, request);
    const all = { ...(checked.ok ? {} : checked.fields), ...errors };
    if (!checked.ok || Object.keys(all).length > 0) {
      setFields(all);
      focusFirst(form, all);
      return;
    }
    setFields({});
    const result = await submit(checked.data satisfies OfflineGiftRequest);
    if (!result) return;
    if ('answer' in result) {
      navigate(`/admin/orders/${encodeURIComponent(result.answer.id)}`);
      return;
    }
    setFields(result.failure.fields);
    setFailure(result.failure.message);
    focusFirst(form, result.failure.fields);
  }

  const error = (name: string, label: string) => fieldError(fields, name, label);
  const needsReference = method !== 'cash';
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Offline gift</h2>
      <p>A gift received by cash, cheque or bank transfer. The donor gets a receipt as for a card gift.</p>
      <form className="form admin-form" noValidate onSubmit={send} aria-busy={submitting}>
        <div className="admin-form__row">
          <LabelledInput
            id={`${id}-first`}
            name="firstName"
            label="First name"
            autoComplete="off"
            error={error('firstName', 'First name')}
          />
          <LabelledInput
            id={`${id}-last`}
            name="lastName"
            label="Last name"
            autoComplete="off"
            error={error('lastName', 'Last name')}
          />
        </div>
        <LabelledInput
          id={`${id}-email`}
          name="email"
          type="email"
          label="E-mail"
          autoComplete="off"
          error={error('email', 'E-mail')}
        />
        <CenterSelect
          id={`${id}-center`}
          name="centerId"
          label="Center"
          emptyOption="Select a center"
          centers={centers}
          value={centerId}
          onChange={(event) => setCenterId(event.target.value)}
          error={error('centerId', 'Center')}
        />
        {withAddress && <DonorAddressFields error={error} />}
        <LabelledInput
          id={`${id}-amount`}
          name="amount"
          label={amountFieldLabel(currency)}
          inputMode="decimal"
          error={error('amountCents', 'Amount')}
        />
        <LabelledSelect id={`${id}-cause`} name="causeId" label="Given for" error={error('causeId', 'Given for')}>
          <option value="">No particular cause</option>
          {causes.map((cause) => (
            <option key={cause.id} value={String(cause.id)}>
              {cause.name}
            </option>
          ))}
        </LabelledSelect>
        <LabelledInput
          id={`${id}-description`}
          name="description"
          label="Note (optional)"
          error={error('description', 'Note')}
        />
        <LabelledSelect
          id={`${id}-method`}
          name="method"
          label="Method"
          value={method}
          onChange={(event) => setMethod(event.target.value)}
          error={error('method', 'Method')}
        >
          {OFFLINE_METHODS.map((value) => (
            <option key={value} value={value}>
              {OFFLINE_METHOD_LABELS[value]}
            </option>
          ))}
        </LabelledSelect>
        <LabelledInput
          id={`${id}-reference`}
          name="reference"
          label={needsReference ? (method === 'cheque' ? 'Cheque number' : 'Bank reference') : 'Reference (optional)'}
          error={error('reference', 'Reference')}
        />
        <LabelledInput
          id={`${id}-received`}
          name="receivedOn"
          type="date"
          label="Date received"
          value={receivedOn ?? (dates.status === 'ready' ? dates.data.latest : foundationToday)}
          onChange={(event) => setReceivedOn(event.target.value)}
          {...openDays}
          error={error('receivedOn', 'Date received')}
        />
        <button type="submit" className="button button--large" disabled={submitting}>
          {submitting ? 'Recording…' : 'Record the gift'}
        </button>
        <FormAlert message={failure} />
      </form>
    </section>
  );
}

/** Focus moves to the first refused field, in the form's order. */
function focusFirst(form: HTMLFormElement, fields: FieldErrors) {
  const names = Object.keys(fields).map(inputNameOf);
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLElement && 'name' in element && names.includes(String(element.name))) {
      element.focus();
      return;
    }
  }
}
