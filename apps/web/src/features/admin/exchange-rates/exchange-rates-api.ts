/** The exchange-rate calls (packages/shared/src/exchange-rates.ts). */
import {
  type ExchangeRatesResponse,
  exchangeRatesResponseSchema,
  type SetExchangeRateRequest,
  type SetExchangeRateResponse,
  setExchangeRateResponseSchema,
} from '@store/shared/exchange-rates';
import { sendJson } from '#src/lib/api-client';
import { staffGet } from '../staff-request';

/** The last 31 days at the foundation: the server picks them, so the browser's zone never shifts a day. */
export const getExchangeRates = (signal: AbortSignal): Promise<ExchangeRatesResponse> =>
  staffGet('/api/staff/exchange-rates', exchangeRatesResponseSchema, signal);

/**
 * PUT: setting a day's rate twice leaves one rate, so it needs no attempt key. Through sendJson,
 * as staffSend only posts and patches; `same-origin` as every staff call (staff-request.ts).
 */
export const putExchangeRate = (
  day: string,
  currency: string,
  body: SetExchangeRateRequest,
): Promise<SetExchangeRateResponse> =>
  sendJson(
    `/api/staff/exchange-rates/${encodeURIComponent(day)}/${encodeURIComponent(currency)}`,
    body,
    async () => setExchangeRateResponseSchema,
    { method: 'PUT', credentials: 'same-origin' },
  );
