/**
 * A session's fields, for adding one (with its center) and for editing one: hall, address, start
 * (the wall-clock time in the session's own zone), zone, capacity and the optional category caps.
 * Checked with the shared schema before sending; the server's 409 (a capacity below the places
 * taken) shows under the capacity it names.
 */
import {
  createEventSessionRequestSchema,
  type StaffEventSession,
  type StaffEventSessionDetail,
  updateEventSessionRequestSchema,
} from '@store/shared/staff-event-sessions';
import { type FormEvent, useId, useState } from 'react';
import { CenterSelect } from '#src/components/center-select';
import { LabelledInput } from '#src/components/labelled-input';
import type { useCenters } from '#src/lib/use-centers';
import { fieldError } from '../check-request';
import { DoneNote } from '../done-note';
import { FormAlert } from '../form-alert';
import { useCheckedSubmit } from '../use-checked-submit';
import { useStaffFailure } from '../use-staff-failure';
import { patchSession, postSession } from './sessions-api';
import { localInputValue, zonedIso } from './zoned-time';

type Values = {
  centerId: string;
  hall: string;
  address: string;
  start: string;
  timeZone: string;
  capacity: string;
  memorizationCapacity: string;
  fluentReadingCapacity: string;
};

function valuesOf(session: StaffEventSession | undefined, defaultZone: string): Values {
  if (!session) {
    return {
      centerId: '',
      hall: '',
      address: '',
      start: '',
      timeZone: defaultZone,
      capacity: '',
      memorizationCapacity: '',
      fluentReadingCapacity: '',
    };
  }
  const cap = (value: number | null) => (value === null ? '' : String(value));
  return {
    centerId: String(session.centerId),
    hall: session.hall,
    address: session.address,
    start: localInputValue(session.startsAt, session.timeZone),
    timeZone: session.timeZone,
    capacity: String(session.capacity),
    memorizationCapacity: cap(session.memorizationCapacity),
    fluentReadingCapacity: cap(session.fluentReadingCapacity),
  };
}

/** '' is no number at all (the schema says what is missing); a cap left empty is no cap. */
const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text));
const capOf = (text: string) => (text.trim() === '' ? null : Number(text));

type SessionFormProps = {
  /** The session being edited; none: a new one. */
  session?: StaffEventSession;
  centers?: ReturnType<typeof useCenters>;
  defaultZone: string;
  onSaved: (detail: StaffEventSessionDetail) => void;
};

export function SessionForm({ session, centers, defaultZone, onSaved }: SessionFormProps) {
  const id = useId();
  const { fields, failure, pending, submit } = useCheckedSubmit(useStaffFailure());
  const [values, setValues] = useState(() => valuesOf(session, defaultZone));
  const [done, setDone] = useState<string | null>(null);
  const set = (name: keyof Values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(null);
    const common = {
      hall: values.hall,
      address: values.address,
      startsAt: values.start === '' ? undefined : (zonedIso(values.start, values.timeZone) ?? values.start),
      timeZone: values.timeZone,
      capacity: numberOf(values.capacity),
      memorizationCapacity: capOf(values.memorizationCapacity),
      fluentReadingCapacity: capOf(values.fluentReadingCapacity),
    };
    if (session) {
      void submit(updateEventSessionRequestSchema, common, async (checked) => {
        const detail = await patchSession(session.id, checked);
        onSaved(detail);
        setValues(valuesOf(detail.session, defaultZone));
        setDone('The session is saved.');
      });
      return;
    }
    void submit(
      createEventSessionRequestSchema,
      { ...common, centerId: numberOf(values.centerId) },
      async (checked) => {
        const detail = await postSession(checked);
        onSaved(detail);
        setValues(valuesOf(undefined, defaultZone));
        setDone(`${detail.session.hall} at ${detail.session.centerName} is added.`);
      },
    );
  }

  const field = (name: keyof Values, label: string, extra: Partial<Parameters<typeof LabelledInput>[0]> = {}) => (
    <LabelledInput
      id={`${id}-${name}`}
      name={name}
      label={label}
      value={values[name]}
      onChange={set(name)}
      error={fieldError(fields, name === 'start' ? 'startsAt' : name, label)}
      {...extra}
    />
  );

  return (
    <form className="form admin-session-form" noValidate onSubmit={save} aria-busy={pending}>
      {!session && centers && (
        <CenterSelect
          id={`${id}-center`}
          name="centerId"
          label="Center"
          emptyOption="Select a center"
          centers={centers}
          value={values.centerId}
          onChange={set('centerId')}
          error={fieldError(fields, 'centerId', 'Center')}
        />
      )}
      {field('hall', 'Hall or venue', { autoComplete: 'off' })}
      {field('address', 'Address', { autoComplete: 'off' })}
      {field('start', 'Starts at', { type: 'datetime-local', hint: 'The time in the session’s own time zone.' })}
      {field('timeZone', 'Time zone', {
        autoComplete: 'off',
        spellCheck: false,
        hint: 'Where the session is held, such as America/Chicago or America/Toronto.',
      })}
      {field('capacity', 'Capacity (places)', { type: 'number', inputMode: 'numeric', min: 0 })}
      {field('memorizationCapacity', 'Memorization places (optional)', {
        type: 'number',
        inputMode: 'numeric',
        min: 0,
        hint: 'Empty: no separate limit for the category.',
      })}
      {field('fluentReadingCapacity', 'Fluent Reading places (optional)', {
        type: 'number',
        inputMode: 'numeric',
        min: 0,
        hint: 'Empty: no separate limit for the category.',
      })}
      <button type="submit" className="button" disabled={pending}>
        {pending ? 'Saving…' : session ? 'Save changes' : 'Add session'}
      </button>
      <FormAlert message={failure} />
      <DoneNote text={done} />
    </form>
  );
}
