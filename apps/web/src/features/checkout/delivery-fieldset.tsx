import type { Center } from '@store/shared/site';
import { LabelledInput } from '#src/components/labelled-input';
import type { FieldFor } from './field-props';

type DeliveryFieldsetProps = {
  field: FieldFor;
  pickup: boolean;
  /** The chosen center, to say where the book can be collected. */
  center: Center | undefined;
};

/**
 * Offered when the bucket holds the book (SPEC.md §3's optional street, city, state, zip, pickup):
 * a delivery address, or pickup at the chosen center. Both are optional; with neither the book is
 * picked up at the center (the shared delivery rule), which the hint says.
 */
export function DeliveryFieldset({ field, pickup, center }: DeliveryFieldsetProps) {
  const { id, error: _unused, ...pickupRegistration } = field('pickup');
  return (
    <fieldset className="fieldset">
      <legend>Delivery</legend>
      <div className="checkbox">
        <input id={id} type="checkbox" {...pickupRegistration} />
        <label htmlFor={id}>Pick up at the selected center</label>
      </div>
      {pickup ? (
        center && (
          <p className="fieldset__note">{`Pick up at ${center.name}${center.address ? `, ${center.address}` : ''}.`}</p>
        )
      ) : (
        <>
          <LabelledInput {...field('street')} label="Street" autoComplete="address-line1" />
          <LabelledInput {...field('city')} label="City" autoComplete="address-level2" />
          <LabelledInput {...field('state')} label="State" autoComplete="address-level1" />
          <LabelledInput {...field('zip')} label="Zip" autoComplete="postal-code" />
          <p className="fieldset__note">{pickupHint(center)}</p>
        </>
      )}
    </fieldset>
  );
}

export function pickupHint(center: Center | undefined): string {
  return `Optional: leave the address empty to pick up the book at ${center ? center.name : 'the selected center'}.`;
}
