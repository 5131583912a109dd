/**
 * /admin/exchange-rates (decision 0040): the last 31 days' rates of each currency but the home one
 * (the report's totals are in the home currency), from the feed or entered here, and the form that
 * enters or corrects one. Owners and treasurers.
 */
import { useId } from 'react';
import { useLoad } from '#src/lib/use-load';
import { LoadNotice } from '../load-notice';
import { getExchangeRates } from './exchange-rates-api';
import { RateForm } from './rate-form';
import { RatesTable } from './rates-table';

export function ExchangeRatesPage() {
  const id = useId();
  const { state, retry } = useLoad(getExchangeRates);
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Exchange rates</h2>
      <p>
        Each gift is counted in the home currency at its day's rate. A day without one takes the latest rate of the week
        before; an order with no rate at all waits until its day's rate is entered.
      </p>
      <LoadNotice state={state} what="the rates" onRetry={retry} />
      {state.status === 'ready' && (
        <>
          <RateForm
            homeCurrency={state.data.homeCurrency}
            currencies={state.data.currencies}
            today={state.data.to}
            onSaved={retry}
          />
          <RatesTable list={state.data} titleId={`${id}-title`} />
        </>
      )}
    </section>
  );
}
