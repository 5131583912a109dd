/** The donor's year-end statements (@store/shared/year-end-statements), with the session cookie as the PDFs are. */
import type { AccountStatements } from '@store/shared/year-end-statements';
import { getJson } from '#src/lib/api-client';

const statementsSchema = async () => (await import('@store/shared/year-end-statements')).accountStatementsSchema;

export const getAccountStatements = (signal?: AbortSignal): Promise<AccountStatements> =>
  getJson('/api/account/statements', statementsSchema, { signal });
