/**
 * The day's rates from a JSON feed (site.json `exchangeRates.feedUrl`, decision 0040), fetched
 * hourly by the worker. The feed answers as Frankfurter and the ECB do, units of each currency per
 * one base unit; the store keeps home units per one unit of each currency, so it inverts them.
 * A treasurer's rate is never replaced by the feed's: they entered it because the feed's was wrong
 * or missing, and the next hourly run must not undo that.
 */
import type { Currency } from '@store/shared/currencies';
import { rateCurrencies } from '@store/shared/exchange-rates';
import type { ExchangeRatesSettings } from '@store/shared/site';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '#src/db/client';
import { startPeriodic } from '#src/lib/start-periodic';
import { fillOrderRates } from '#src/modules/ledger/index';
import { exchangeRates } from './tables';

const FEED_TIMEOUT_MS = 10_000;
const HOUR_MS = 60 * 60_000;

const feedSchema = z.object({
  base: z.string().regex(/^[A-Z]{3}$/),
  date: z.iso.date(),
  rates: z.record(z.string(), z.number().positive().finite()),
});

export type FeedRates = { day: string; rates: { currency: Currency; rate: string }[] };

/** Decimal text with at most 10 places, as numeric(20, 10) stores it. */
const decimal = (value: number) => value.toFixed(10);

/** Home units per one unit of each currency but the home one, from a feed's base-per-unit figures. */
export function toHomeRates(feed: z.infer<typeof feedSchema>, homeCurrency: Currency): FeedRates {
  const perBase = (currency: string): number | undefined => (currency === feed.base ? 1 : feed.rates[currency]);
  const homePerBase = perBase(homeCurrency);
  if (homePerBase === undefined) {
    throw new Error(`the rate feed (base ${feed.base}) has no rate for the home currency ${homeCurrency}`);
  }
  const rates: FeedRates['rates'] = [];
  for (const currency of rateCurrencies(homeCurrency)) {
    const unitsPerBase = perBase(currency);
    // A currency the feed leaves out keeps the week's fallback or the treasurer's entry.
    if (unitsPerBase !== undefined) rates.push({ currency, rate: decimal(homePerBase / unitsPerBase) });
  }
  return { day: feed.date, rates };
}

export async function fetchFeedRates(feedUrl: string, homeCurrency: Currency): Promise<FeedRates> {
  const response = await fetch(feedUrl, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(FEED_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`the rate feed answered ${response.status}`);
  const feed = feedSchema.parse(await response.json());
  return toHomeRates(feed, homeCurrency);
}

export type StoreFeedSummary = { day: string; stored: Currency[]; kept: Currency[]; ordersFilled: number };

/** Upserts the feed's rates (never over a treasurer's), then gives the day's waiting orders their rate. */
export async function storeFeedRates(db: Database, feed: FeedRates, timeZone: string): Promise<StoreFeedSummary> {
  const summary: StoreFeedSummary = { day: feed.day, stored: [], kept: [], ordersFilled: 0 };
  for (const { currency, rate } of feed.rates) {
    await db.transaction(async (tx) => {
      const written = await tx
        .insert(exchangeRates)
        .values({ day: feed.day, currency, rate, source: 'feed' })
        .onConflictDoUpdate({
          target: [exchangeRates.day, exchangeRates.currency],
          set: { rate, source: 'feed', setBy: null, updatedAt: sql`now()` },
          setWhere: sql`${exchangeRates.source} = 'feed'`,
        })
        .returning({ rate: exchangeRates.rate });
      const [stored] = written.length > 0 ? written : await currentRate(tx, feed.day, currency);
      (written.length > 0 ? summary.stored : summary.kept).push(currency);
      // Waiting orders take the day's rate as it now stands, the treasurer's when it is theirs.
      if (stored)
        summary.ordersFilled += await fillOrderRates(tx, { day: feed.day, currency, rate: stored.rate, timeZone });
    });
  }
  return summary;
}

function currentRate(db: Pick<Database, 'select'>, day: string, currency: Currency) {
  return db
    .select({ rate: exchangeRates.rate })
    .from(exchangeRates)
    .where(and(eq(exchangeRates.day, day), eq(exchangeRates.currency, currency)));
}

export type StartRateFeedOptions = {
  db: Database;
  logger: Pick<FastifyBaseLogger, 'error' | 'info'>;
  settings: ExchangeRatesSettings;
  timeZone: string;
  intervalMs?: number;
};

/** The hourly feed, or nothing to stop when site.json names no feed (the treasurer enters rates). */
export function startRateFeed(options: StartRateFeedOptions): () => Promise<void> {
  const { db, logger, settings, timeZone, intervalMs = HOUR_MS } = options;
  const { feedUrl, homeCurrency } = settings;
  if (!feedUrl) return async () => {};
  return startPeriodic<StoreFeedSummary>({
    name: 'exchange rate feed',
    intervalMs,
    logger,
    run: async () => {
      const summary = await storeFeedRates(db, await fetchFeedRates(feedUrl, homeCurrency), timeZone);
      if (summary.ordersFilled > 0) logger.info(summary, 'exchange rates stored; waiting orders counted');
      return summary;
    },
  });
}
