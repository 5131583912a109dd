/**
 * Where a registrant lives: a country picker with the foundation's usual countries first, then a
 * state picker for the United States (USPS codes, as the shared schema checks them) or a free
 * state / province field elsewhere; zip and city are text.
 */
import { COUNTRIES, countryName, PREFERRED_COUNTRY_CODES, US_STATES } from '@store/shared/countries';
import { LabelledInput } from '#src/components/labelled-input';
import { LabelledSelect } from '#src/components/labelled-select';
import type { RegistrantFieldFor } from './registrant-field';

const PREFERRED = PREFERRED_COUNTRY_CODES.map((code) => ({ code, name: countryName(code) ?? code }));

type LocationFieldsProps = {
  field: RegistrantFieldFor;
  country: string;
  /** Called when the country changes between the United States and elsewhere: the state's kind changes. */
  onStateKindChange: () => void;
  autoCompleteSection: string;
};

export function LocationFields({ field, country, onStateKindChange, autoCompleteSection }: LocationFieldsProps) {
  const countryField = field('country');
  const inUs = country === 'US';
  return (
    <>
      <LabelledSelect
        {...countryField}
        label="Country"
        autoComplete={`${autoCompleteSection} country`}
        onChange={async (event) => {
          await countryField.onChange(event);
          if ((event.target.value === 'US') !== inUs) onStateKindChange();
        }}
      >
        <option value="">Select a country</option>
        <optgroup label="Common">
          {PREFERRED.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </optgroup>
        <optgroup label="All countries">
          {COUNTRIES.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </optgroup>
      </LabelledSelect>
      {inUs ? (
        <LabelledSelect {...field('state')} label="State" autoComplete={`${autoCompleteSection} address-level1`}>
          <option value="">Select a state</option>
          {US_STATES.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </LabelledSelect>
      ) : (
        <LabelledInput
          {...field('state')}
          label="State / Province"
          autoComplete={`${autoCompleteSection} address-level1`}
        />
      )}
      <LabelledInput {...field('city')} label="City" autoComplete={`${autoCompleteSection} address-level2`} />
      <LabelledInput {...field('zip')} label="Zip / Postal Code" autoComplete={`${autoCompleteSection} postal-code`} />
    </>
  );
}
