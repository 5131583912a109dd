/**
 * The whole app with one administrator, for the payment report's API tests:
 *
 *   const t = await buildReportTestApp();
 *   const res = await getReport(t, { center: 2, limit: 10 });
 */
import type { ReportResponse } from '@store/shared/report';
import type { LightMyRequestResponse } from 'fastify';
import { createAdmin } from '#src/modules/admins/admin-repo';
import { basicAuthorization } from '#src/modules/admins/basic-credentials';
import { type BuildTestAppOptions, buildTestApp, type TestApp } from './build-test-app';

export const REPORT_ADMIN = { username: 'treasurer', password: 'correct horse battery staple' };

export type ReportTestApp = TestApp & { authorization: string };

export async function buildReportTestApp(options: BuildTestAppOptions = {}): Promise<ReportTestApp> {
  const t = await buildTestApp(options);
  try {
    await createAdmin(t.testDb.db, REPORT_ADMIN);
  } catch (error) {
    await t.close();
    throw error;
  }
  return { ...t, authorization: basicAuthorization(REPORT_ADMIN) };
}

export type ReportQueryInput = Record<string, string | number | undefined>;

function queryString(query: ReportQueryInput): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query)
      .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );
}

export function requestReport(t: ReportTestApp, query: ReportQueryInput = {}, url = '/api/report-data') {
  return t.app.inject({ url, query: queryString(query), headers: { authorization: t.authorization } });
}

/** GET /api/report-data, expecting 200. */
export async function getReport(t: ReportTestApp, query: ReportQueryInput = {}): Promise<ReportResponse> {
  const res: LightMyRequestResponse = await requestReport(t, query);
  if (res.statusCode !== 200) throw new Error(`report-data: ${res.statusCode} ${res.body}`);
  return res.json<ReportResponse>();
}

/** Every page of a filter, following nextCursor. */
export async function getAllPages(t: ReportTestApp, query: ReportQueryInput = {}): Promise<ReportResponse[]> {
  const pages: ReportResponse[] = [];
  let cursor: string | undefined;
  do {
    const page = await getReport(t, { ...query, cursor });
    pages.push(page);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && pages.length < 10_000);
  return pages;
}
