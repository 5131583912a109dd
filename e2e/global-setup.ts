/**
 * One running site for the whole end-to-end run; its address and the report administrator's
 * credentials (created at start through ADMIN_USERNAME / ADMIN_PASSWORD) reach the tests through `inject`.
 */
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { startServer } from './support/start-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    admin: { username: string; password: string };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const admin = { username: 'treasurer', password: `e2e-${randomBytes(12).toString('base64url')}` };
  const server = await startServer({ ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password });
  project.provide('baseUrl', server.baseUrl);
  project.provide('admin', admin);
  return server.stop;
}
