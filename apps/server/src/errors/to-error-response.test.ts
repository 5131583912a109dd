import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { GENERIC_SERVER_MESSAGE, toErrorResponse } from './to-error-response';

describe('toErrorResponse', () => {
  it('keeps an AppError as written', () => {
    const error = new AppError('validation_error', 'Total does not match the cart.', { fields: { amount: 'Wrong' } });
    expect(toErrorResponse(error)).toEqual({
      status: 400,
      body: {
        error: { code: 'validation_error', message: 'Total does not match the cart.', fields: { amount: 'Wrong' } },
      },
      unexpected: false,
    });
    expect(toErrorResponse(new AppError('service_unavailable', 'Payments are down.')).status).toBe(503);
  });

  it('passes on the message of other client errors (e.g. the rate limiter)', () => {
    const limited = Object.assign(new Error('Rate limit exceeded, retry in 1 minute'), { statusCode: 429 });
    expect(toErrorResponse(limited).body.error).toEqual({
      code: 'rate_limited',
      message: 'Rate limit exceeded, retry in 1 minute',
    });
  });

  it('hides everything else behind a generic 500', () => {
    const response = toErrorResponse(new TypeError("Cannot read properties of undefined (reading 'rows')"));
    expect(response).toEqual({
      status: 500,
      body: { error: { code: 'internal_error', message: GENERIC_SERVER_MESSAGE } },
      unexpected: true,
    });
    expect(toErrorResponse('a string').status).toBe(500);
    expect(toErrorResponse(null).status).toBe(500);
  });
});
