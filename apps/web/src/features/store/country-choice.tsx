/**
 * "Giving from": the country whose charity takes the gift, and so the currency of every price. Shown
 * under the items when the foundation takes gifts in more than one country, so a visitor giving from
 * the United States meets the store's first screen as SPEC.md shows it; a visitor giving from
 * elsewhere is told at the top (CountryNote). A bucket holds one currency: changing country with
 * lines in the bucket says so and asks before emptying it.
 */

import { currencySymbol } from '@store/shared/currencies';
import { useId, useState } from 'react';
import { useCart } from '#src/lib/cart/cart-context';
import { HOME_COUNTRY } from '#src/lib/giving-country/giving-country';
import { useGiving } from '#src/lib/giving-country/use-giving';
import { countryName, currencyName } from '#src/lib/i18n/display-names';
import { useLingui } from '#src/lib/i18n/use-lingui';

export function CountryChoice() {
  const { i18n } = useLingui();
  const id = useId();
  const { country, currency, entities, guessed, choose } = useGiving();
  const { lines, clear } = useCart();
  // The country asked for while the bucket holds another currency: waits for the donor's answer.
  const [pending, setPending] = useState<string | null>(null);
  if (entities.length < 2) return null;
  const pendingEntity = entities.find((e) => e.country === pending);

  function change(next: string) {
    const nextCurrency = entities.find((e) => e.country === next)?.currency;
    if (lines.length > 0 && nextCurrency !== currency) setPending(next);
    else choose(next);
  }

  return (
    <section id={COUNTRY_CHOICE_ID} className="country-choice" aria-label={i18n._('Where you give from')}>
      <div className="country-choice__row">
        <label htmlFor={`${id}-country`} className="country-choice__label">
          {i18n._('Giving from')}
        </label>
        <select
          id={`${id}-country`}
          className="country-choice__select"
          value={pending ?? country}
          aria-describedby={`${id}-note`}
          onChange={(event) => change(event.target.value)}
        >
          {entities.map((e) => (
            <option key={e.country} value={e.country}>
              {`${countryName(e.country)} (${e.currency})`}
            </option>
          ))}
        </select>
      </div>
      <p id={`${id}-note`} className="country-choice__note">
        {guessed
          ? i18n._('Prices and gifts in {currency}, from your browser’s settings.', {
              currency: currencyWords(currency),
            })
          : i18n._('Prices and gifts in {currency}.', { currency: currencyWords(currency) })}
      </p>
      {pendingEntity && (
        <div role="alert" className="country-choice__confirm">
          <p>
            {i18n._(
              'Your bucket holds gifts in {currency}. A bucket holds one currency: giving from {country} empties it, and you add your gifts again in {newCurrency}.',
              { currency, country: countryName(pendingEntity.country), newCurrency: pendingEntity.currency },
            )}
          </p>
          <div className="country-choice__actions">
            <button
              type="button"
              className="button"
              onClick={() => {
                clear();
                choose(pendingEntity.country);
                setPending(null);
              }}
            >
              {i18n._('Empty the bucket and give from {country}', { country: countryName(pendingEntity.country) })}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setPending(null)}>
              {i18n._('Keep giving from {country}', { country: countryName(country) })}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

/** Where the top's note sends a donor who wants to change country. */
export const COUNTRY_CHOICE_ID = 'giving-from';

/**
 * At the top of the store for a visitor giving from outside the United States: which country and
 * currency the prices are in, and a link down to the choice.
 */
export function CountryNote() {
  const { i18n } = useLingui();
  const { country, currency, entities } = useGiving();
  if (entities.length < 2 || country === HOME_COUNTRY) return null;
  return (
    <p className="country-note">
      {`${i18n._('Giving from {country}: prices in {currency}.', { country: countryName(country), currency: currencyWords(currency) })} `}
      <a href={`#${COUNTRY_CHOICE_ID}`}>{i18n._('Change country')}</a>
    </p>
  );
}

/** 'Canadian Dollar (CA$)'. */
function currencyWords(currency: string): string {
  return `${currencyName(currency)} (${currencySymbol(currency)})`;
}
