/**
 * The offer expiry of the worker role (main.ts starts it where the mail worker runs): expired offers
 * passed on at start and then every minute, as a periodic job (lib/start-periodic.ts: runs never
 * overlap, `stop()` waits for one in progress). Several workers may run it at once: each offer is
 * passed on once whatever runs (expire-offers.ts). The new offers' e-mails leave at once (the kick).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#src/db/client';
import { startPeriodic } from '#src/lib/start-periodic';
import { type ExpireOffersSummary, expireOffers } from './expire-offers';

export type StartOfferExpiryOptions = {
  db: Database;
  logger: Pick<FastifyBaseLogger, 'error' | 'info'>;
  offerHoldHours: number;
  mail?: { kick: () => void } | undefined;
  intervalMs?: number;
};

export function startOfferExpiry(options: StartOfferExpiryOptions): () => Promise<void> {
  const { db, logger, offerHoldHours, mail, intervalMs = 60_000 } = options;
  return startPeriodic<ExpireOffersSummary>({
    name: 'offer expiry',
    intervalMs,
    logger,
    run: async () => {
      const summary = await expireOffers({ db, offerHoldHours });
      if (summary.lapsed > 0) {
        logger.info(summary, 'waiting-list offers lapsed and passed on');
        mail?.kick();
      }
      return summary;
    },
  });
}
