/** One running site for the whole end-to-end run; its address reaches the tests through `inject('baseUrl')`. */
import type { TestProject } from 'vitest/node';
import { startServer } from './support/start-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  return server.stop;
}
