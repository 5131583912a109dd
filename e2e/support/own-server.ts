/**
 * A site of the spec's own, started before its tests and stopped after, for a spec that opens a
 * donor account: the shared site has taken the other specs' sign-ups from 127.0.0.1, and one address
 * may open 10 accounts an hour (ACCOUNT_CREATION_LIMITS), so a sign-up there could be the eleventh
 * (it was, in full runs).
 */
import { afterAll, beforeAll } from 'vitest';
import { type RunningServer, startServer } from './start-server';

export function useOwnServer(): { readonly server: RunningServer } {
  let running: RunningServer | undefined;
  beforeAll(async () => {
    running = await startServer();
  }, 60_000);
  afterAll(() => running?.stop());
  return {
    get server() {
      if (!running) throw new Error('the spec server is not started yet (use it inside a test)');
      return running;
    },
  };
}
