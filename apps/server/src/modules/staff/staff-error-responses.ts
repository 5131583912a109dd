/**
 * The error answers of a back-office route that reads or changes one record: 400 a field is wrong,
 * 401 not signed in, 403 the role may not, 404 no such record, 409 the change conflicts with what
 * is stored. Every answer has the shared error body.
 */
import { apiErrorSchema } from '@store/shared/api-error';

export const staffErrorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
