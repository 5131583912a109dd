/**
 * The whole app with one administrator (an owner, so the report takes their report key, not their
 * password), for the payment report's API tests:
 *
 *   const t = await buildReportTestApp();
 *   const res = await getReport(t, { center: 2, limit: 10 });
 */
import type { ReportResponse } from '@store/shared/report';
import type { LightMyRequestResponse } from 'fastify';
import { createAdmin } from '#src/modules/admins/admin-repo';
import { basicAuthorization } from '#src/modules/admins/basic-credentials';
import { generateReportKey, insertReportKey } from '#src/modules/admins/report-key-repo';
import { type BuildTestAppOptions, buildTestApp, type TestApp } from './build-test-app';

export const REPORT_ADMIN = { username: 'treasurer', password: 'correct horse battery staple' };

export type ReportTestApp = TestApp & { authorization: string; reportKey: string };

export async function buildReportTestApp(options: BuildTestAppOptions = {}): Promise<ReportTestApp> {
  const t = await buildTestApp(options);
  const reportKey = generateReportKey();
  try {
    const admin = await createAdmin(t.testDb.db, REPORT_ADMIN);
    await insertReportKey(t.testDb.db, { adminId: admin.id, label: 'report tests', key: reportKey });
  } catch (error) {
    await t.close();
    throw error;
  }
  return {
    ...t,
    reportKey,
    authorization: basicAuthorization({ username: REPORT_ADMIN.username, password: reportKey }),
  };
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
