/**
 * The day's exchange rates in the back office (decision 0040; calls in
 * packages/shared/src/exchange-rates.ts): the rates of a range of days, and a treasurer's entry or
 * correction of one. Owners and treasurers (`setExchangeRates`).
 */
import { calendarDay } from '@store/shared/calendar-day';
import {
  exchangeRatesQuerySchema,
  exchangeRatesResponseSchema,
  rateCurrencies,
  rateRange,
  setExchangeRateParamsSchema,
  setExchangeRateRequestSchema,
  setExchangeRateResponseSchema,
} from '@store/shared/exchange-rates';
import type { ExchangeRatesSettings } from '@store/shared/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { auditActor } from '#src/modules/staff/audit';
import type { StaffGuard } from '#src/modules/staff/require-staff';
import { staffErrorResponses } from '#src/modules/staff/staff-error-responses';
import { listExchangeRates } from './list-exchange-rates';
import { setExchangeRate } from './set-exchange-rate';

export type ExchangeRateRoutesOptions = {
  db: Database;
  guard: StaffGuard;
  settings: ExchangeRatesSettings;
  /** The foundation's zone: a rate's day and today are its calendar days. */
  timeZone: string;
};

export const exchangeRateRoutes: FastifyPluginAsyncZod<ExchangeRateRoutesOptions> = async (app, options) => {
  const { db, guard, settings, timeZone } = options;
  const { homeCurrency } = settings;

  app.get(
    '/api/staff/exchange-rates',
    {
      schema: {
        tags: ['staff'],
        summary: 'The exchange rates of a range of days (default the last 31, at most 366)',
        querystring: exchangeRatesQuerySchema,
        response: { 200: exchangeRatesResponseSchema, ...staffErrorResponses },
      },
      preHandler: guard('setExchangeRates'),
    },
    async (request) => {
      const range = rateRange(request.query, calendarDay(new Date(), timeZone));
      if (!range.ok) {
        throw new AppError('validation_error', 'The days asked for are not a range of at most a year.', {
          fields: range.fields,
        });
      }
      const rates = await listExchangeRates(db, range);
      return { homeCurrency, currencies: rateCurrencies(homeCurrency), from: range.from, to: range.to, rates };
    },
  );

  app.put(
    '/api/staff/exchange-rates/:day/:currency',
    {
      schema: {
        tags: ['staff'],
        summary: "Enter or correct a day's rate (home units per one unit); orders of that day without a rate take it",
        params: setExchangeRateParamsSchema,
        body: setExchangeRateRequestSchema,
        response: { 200: setExchangeRateResponseSchema, ...staffErrorResponses },
      },
      preHandler: guard('setExchangeRates'),
    },
    async (request) =>
      setExchangeRate(db, {
        ...request.params,
        rate: request.body.rate,
        actor: auditActor(request),
        homeCurrency,
        timeZone,
      }),
  );
};
