/** The year-end statements calls (packages/shared/src/year-end-statements.ts). */
import { type StatementRun, type StatementRunRequest, statementRunSchema } from '@store/shared/year-end-statements';
import { staffSend } from '../staff-request';

export const postStatementRun = (body: StatementRunRequest): Promise<StatementRun> =>
  staffSend('/api/staff/statements', body, statementRunSchema);

/**
 * A listed statement as it would be sent, opened by the browser with the staff cookie: the donor's
 * statement from `entity`, or without one the US foundation's (or their only one).
 */
export const sampleStatementPath = (year: number, email: string, entity?: string): string =>
  `/api/staff/statements/${year}/sample.pdf?${new URLSearchParams({ email, ...(entity ? { entity } : {}) })}`;
