/**
 * Enter or correct one day's rate. Checked with the server's own schemas first (one rule, both
 * sides); the server's refusals (a day to come, the home currency) come back by field the same way.
 */
import type { Currency } from '@store/shared/currencies';
import { rateDaySchema, setExchangeRateRequestSchema } from '@store/shared/exchange-rates';
import { type FormEvent, useId, useState } from 'react';
import { LabelledInput } from '#src/components/labelled-input';
import { LabelledSelect } from '#src/components/labelled-select';
import { checkRequest, type FieldErrors, fieldError } from '../check-request';
import { DoneNote } from '../done-note';
import { FormAlert } from '../form-alert';
import { useStaffFailure } from '../use-staff-failure';
import { putExchangeRate } from './exchange-rates-api';

const formSchema = setExchangeRateRequestSchema.extend({ day: rateDaySchema });

type RateFormProps = {
  homeCurrency: Currency;
  currencies: readonly Currency[];
  /** The day the form starts on: today at the foundation, the list's newest. */
  today: string;
  onSaved: () => void;
};

export function RateForm({ homeCurrency, currencies, today, onSaved }: RateFormProps) {
  const id = useId();
  const describe = useStaffFailure();
  const [day, setDay] = useState(today);
  const [currency, setCurrency] = useState<string>(currencies[0] ?? '');
  const [rate, setRate] = useState('');
  const [fields, setFields] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const checked = checkRequest(formSchema, { day, rate });
    setDone(null);
    setFailure(null);
    if (!checked.ok) {
      setFields(checked.fields);
      return;
    }
    setFields({});
    setPending(true);
    try {
      const saved = await putExchangeRate(checked.data.day, currency, { rate: checked.data.rate });
      const orders = saved.ordersFilled === 1 ? '1 order' : `${saved.ordersFilled} orders`;
      setDone(
        `Saved: on ${saved.day}, 1 ${saved.currency} = ${saved.rate} ${homeCurrency}. ${orders} of that day took it.`,
      );
      setRate('');
      onSaved();
    } catch (error) {
      const failed = describe(error);
      setFields(failed.fields);
      setFailure(failed.message);
    }
    setPending(false);
  }

  return (
    <form className="form admin-panel" noValidate onSubmit={(event) => void save(event)}>
      <h3>Enter or correct a rate</h3>
      <p>
        {`How many ${homeCurrency} one unit of the currency was worth that day. Orders already counted keep the rate they were counted at.`}
      </p>
      <LabelledInput
        id={`${id}-day`}
        name="day"
        label="Day"
        type="date"
        max={today}
        value={day}
        onChange={(event) => setDay(event.target.value)}
        error={fieldError(fields, 'day', 'Day')}
      />
      <LabelledSelect
        id={`${id}-currency`}
        name="currency"
        label="Currency"
        value={currency}
        onChange={(event) => setCurrency(event.target.value)}
        error={fieldError(fields, 'currency', 'Currency')}
      >
        {currencies.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </LabelledSelect>
      <LabelledInput
        id={`${id}-rate`}
        name="rate"
        label={`Rate (${homeCurrency} per 1 ${currency})`}
        inputMode="decimal"
        autoComplete="off"
        value={rate}
        onChange={(event) => setRate(event.target.value)}
        error={fieldError(fields, 'rate', 'Rate')}
      />
      <button type="submit" className="button" disabled={pending}>
        {pending ? 'Saving…' : 'Save rate'}
      </button>
      <FormAlert message={failure} />
      <DoneNote text={done} />
    </form>
  );
}
