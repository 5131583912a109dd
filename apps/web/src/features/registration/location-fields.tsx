/**
 * Where a registrant lives: a country picker with the foundation's usual countries first, then a
 * state picker for the United States (USPS codes, as the shared schema checks them) or a free
 * state / province field elsewhere; zip and city are text.
 */
import { PREFERRED_COUNTRY_CODES, US_STATES } from '@store/shared/countries';
import { LabelledInput } from '#src/components/labelled-input';
import { LabelledSelect } from '#src/components/labelled-select';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { countryLabel, countryOptions } from './in-page-language';
import type { RegistrantFieldFor } from './registrant-field';

type LocationFieldsProps = {
  field: RegistrantFieldFor;
  country: string;
  /** Called when the country changes between the United States and elsewhere: the state's kind changes. */
  onStateKindChange: () => void;
  autoCompleteSection: string;
};

export function LocationFields({ field, country, onStateKindChange, autoCompleteSection }: LocationFieldsProps) {
  const { i18n } = useLingui();
  const countryField = field('country');
  const inUs = country === 'US';
  // Names in the page's language (English as before); US state names are proper names and stay.
  const preferred = PREFERRED_COUNTRY_CODES.map((code) => ({ code, name: countryLabel(code) ?? code }));
  return (
    <>
      <LabelledSelect
        {...countryField}
        label={i18n._('Country')}
        autoComplete={`${autoCompleteSection} country`}
        onChange={async (event) => {
          await countryField.onChange(event);
          if ((event.target.value === 'US') !== inUs) onStateKindChange();
        }}
      >
        <option value="">{i18n._('Select a country')}</option>
        <optgroup label={i18n._('Common')}>
          {preferred.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </optgroup>
        <optgroup label={i18n._('All countries')}>
          {countryOptions().map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </optgroup>
      </LabelledSelect>
      {inUs ? (
        <LabelledSelect
          {...field('state')}
          label={i18n._('State')}
          autoComplete={`${autoCompleteSection} address-level1`}
        >
          <option value="">{i18n._('Select a state')}</option>
          {US_STATES.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </LabelledSelect>
      ) : (
        <LabelledInput
          {...field('state')}
          label={i18n._('State / Province')}
          autoComplete={`${autoCompleteSection} address-level1`}
        />
      )}
      <LabelledInput {...field('city')} label={i18n._('City')} autoComplete={`${autoCompleteSection} address-level2`} />
      <LabelledInput
        {...field('zip')}
        label={i18n._('Zip / Postal Code')}
        autoComplete={`${autoCompleteSection} postal-code`}
      />
    </>
  );
}
