/**
 * The worker's job that feeds messages to registrants into the outbox (queue-event-messages.ts).
 * It runs every 15 seconds, so a message starts within seconds of Send; the rate is bounded by
 * the minute's count, not by how often the job runs.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#src/db/client';
import { startPeriodic } from '#src/lib/start-periodic';
import type { MailNotifier } from '#src/modules/mail/worker';
import { queueEventMessages } from './queue-event-messages';

export const QUEUE_INTERVAL_MS = 15_000;

export function startEventMessageQueue(options: {
  db: Database;
  logger: Pick<FastifyBaseLogger, 'error'>;
  mail: MailNotifier;
  perMinute: number;
  intervalMs?: number;
}): () => Promise<void> {
  const { db, mail, perMinute } = options;
  return startPeriodic({
    name: 'event messages',
    intervalMs: options.intervalMs ?? QUEUE_INTERVAL_MS,
    logger: options.logger,
    run: async () => {
      const run = await queueEventMessages(db, { perMinute });
      if (run.queued > 0) mail.kick();
      return run;
    },
  });
}
