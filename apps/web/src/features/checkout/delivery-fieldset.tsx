import type { Center } from '@store/shared/site';
import { LabelledInput } from '#src/components/labelled-input';
import { useLingui } from '#src/lib/i18n/use-lingui';
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
  const { i18n } = useLingui();
  const { id, error: _unused, ...pickupRegistration } = field('pickup');
  return (
    <fieldset className="fieldset">
      <legend>{i18n._('Delivery')}</legend>
      <div className="checkbox">
        <input id={id} type="checkbox" {...pickupRegistration} />
        <label htmlFor={id}>{i18n._('Pick up at the selected center')}</label>
      </div>
      {pickup ? (
        center && (
          <p className="fieldset__note">
            {center.address
              ? i18n._('Pick up at {center}, {address}.', { center: center.name, address: center.address })
              : i18n._('Pick up at {center}.', { center: center.name })}
          </p>
        )
      ) : (
        <>
          <LabelledInput {...field('street')} label={i18n._('Street')} autoComplete="address-line1" />
          <LabelledInput {...field('city')} label={i18n._('City')} autoComplete="address-level2" />
          <LabelledInput {...field('state')} label={i18n._('State')} autoComplete="address-level1" />
          <LabelledInput {...field('zip')} label={i18n._('Zip')} autoComplete="postal-code" />
          <p className="fieldset__note">
            {/* Two sentences, not "the selected center" put in as a name: it reads otherwise in Telugu and Hindi. */}
            {center
              ? i18n._('Optional: leave the address empty to pick up the book at {center}.', { center: center.name })
              : i18n._('Optional: leave the address empty to pick up the book at the selected center.')}
          </p>
        </>
      )}
    </fieldset>
  );
}
