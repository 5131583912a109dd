CREATE TABLE "exchange_rates" (
	"day" text NOT NULL,
	"currency" text NOT NULL,
	"rate" numeric(20, 10) NOT NULL,
	"source" text NOT NULL,
	"set_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_day_currency_pk" PRIMARY KEY("day","currency"),
	CONSTRAINT "exchange_rates_rate_positive" CHECK ("exchange_rates"."rate" > 0),
	CONSTRAINT "exchange_rates_source_known" CHECK ("exchange_rates"."source" in ('feed', 'staff')),
	CONSTRAINT "exchange_rates_day_format" CHECK ("exchange_rates"."day" ~ '^\d{4}-\d{2}-\d{2}$')
);
--> statement-breakpoint
DROP INDEX "orders_receipt_year_seq_idx";--> statement-breakpoint
ALTER TABLE "report_daily_totals" DROP CONSTRAINT "report_daily_totals_day_center_id_center_name_pk";--> statement-breakpoint
ALTER TABLE "receipt_counters" DROP CONSTRAINT "receipt_counters_pkey";--> statement-breakpoint
ALTER TABLE "receipt_counters" ADD COLUMN "series" text DEFAULT 'us' NOT NULL;--> statement-breakpoint
ALTER TABLE "receipt_counters" ADD CONSTRAINT "receipt_counters_series_year_pk" PRIMARY KEY("series","year");--> statement-breakpoint
ALTER TABLE "monthly_gifts" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "monthly_gifts" ADD COLUMN "entity_key" text DEFAULT 'us' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "entity_key" text DEFAULT 'us' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_aid" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "home_rate" numeric(20, 10);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "home_amount_cents" integer;--> statement-breakpoint
ALTER TABLE "report_daily_totals" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_daily_totals" ADD COLUMN "home_amount_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_daily_totals" ADD COLUMN "unrated_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_daily_totals" ADD CONSTRAINT "report_daily_totals_day_center_id_center_name_currency_pk" PRIMARY KEY("day","center_id","center_name","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_receipt_year_seq_idx" ON "orders" USING btree ("entity_key","receipt_year","receipt_seq");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_currency_known" CHECK ("orders"."currency" in ('USD', 'CAD', 'GBP'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_gift_aid_gbp" CHECK ("orders"."gift_aid" is null or "orders"."currency" = 'GBP');--> statement-breakpoint
-- Every order before entities took US dollars; its home amount (the home currency is the US dollar
-- unless site.json says otherwise) is its amount at rate 1.
UPDATE "orders" SET "home_rate" = 1, "home_amount_cents" = "amount_cents" WHERE "currency" = 'USD';--> statement-breakpoint
-- The report's daily sums now keep each currency apart, with its home amount: the function below
-- replaces the one of 0012, and a null zone makes the report rebuild the sums on its next run.
CREATE OR REPLACE FUNCTION report_daily_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text;
BEGIN
  SELECT time_zone INTO zone FROM report_settings WHERE id = 1;
  -- Null: not built yet. The report builds the sums from the orders when it first runs.
  IF zone IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM report_daily_totals;
    RETURN NULL;
  END IF;
  -- Each branch names only the transition tables its event has (a DELETE has no new_rows).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_daily_totals AS t (day, center_id, center_name, currency, order_count, amount_cents, home_amount_cents, unrated_count)
    SELECT day, center_id, center_name, currency, sum(n), sum(cents), sum(home), sum(unrated)
    FROM (
      SELECT (created_at AT TIME ZONE zone)::date AS day, center_id, center_name, currency, 1 AS n,
             (amount_cents - refunded_cents)::bigint AS cents,
             coalesce(round((amount_cents - refunded_cents) * home_rate), 0)::bigint AS home,
             (home_rate IS NULL)::int AS unrated
      FROM new_rows WHERE status = 'succeeded'
    ) AS delta
    GROUP BY 1, 2, 3, 4
    -- A change that leaves a succeeded order's day, center, kept amount and rate alone changes nothing.
    HAVING sum(n) <> 0 OR sum(cents) <> 0 OR sum(home) <> 0 OR sum(unrated) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (day, center_id, center_name, currency) DO UPDATE
    SET order_count = t.order_count + excluded.order_count, amount_cents = t.amount_cents + excluded.amount_cents,
        home_amount_cents = t.home_amount_cents + excluded.home_amount_cents,
        unrated_count = t.unrated_count + excluded.unrated_count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_daily_totals AS t (day, center_id, center_name, currency, order_count, amount_cents, home_amount_cents, unrated_count)
    SELECT day, center_id, center_name, currency, sum(n), sum(cents), sum(home), sum(unrated)
    FROM (
      SELECT (created_at AT TIME ZONE zone)::date AS day, center_id, center_name, currency, -1 AS n,
             -(amount_cents - refunded_cents)::bigint AS cents,
             -coalesce(round((amount_cents - refunded_cents) * home_rate), 0)::bigint AS home,
             -(home_rate IS NULL)::int AS unrated
      FROM old_rows WHERE status = 'succeeded'
    ) AS delta
    GROUP BY 1, 2, 3, 4
    -- A change that leaves a succeeded order's day, center, kept amount and rate alone changes nothing.
    HAVING sum(n) <> 0 OR sum(cents) <> 0 OR sum(home) <> 0 OR sum(unrated) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (day, center_id, center_name, currency) DO UPDATE
    SET order_count = t.order_count + excluded.order_count, amount_cents = t.amount_cents + excluded.amount_cents,
        home_amount_cents = t.home_amount_cents + excluded.home_amount_cents,
        unrated_count = t.unrated_count + excluded.unrated_count;
  ELSE
    INSERT INTO report_daily_totals AS t (day, center_id, center_name, currency, order_count, amount_cents, home_amount_cents, unrated_count)
    SELECT day, center_id, center_name, currency, sum(n), sum(cents), sum(home), sum(unrated)
    FROM (
      SELECT (created_at AT TIME ZONE zone)::date AS day, center_id, center_name, currency, 1 AS n,
             (amount_cents - refunded_cents)::bigint AS cents,
             coalesce(round((amount_cents - refunded_cents) * home_rate), 0)::bigint AS home,
             (home_rate IS NULL)::int AS unrated
      FROM new_rows WHERE status = 'succeeded'
      UNION ALL
      SELECT (created_at AT TIME ZONE zone)::date AS day, center_id, center_name, currency, -1 AS n,
             -(amount_cents - refunded_cents)::bigint AS cents,
             -coalesce(round((amount_cents - refunded_cents) * home_rate), 0)::bigint AS home,
             -(home_rate IS NULL)::int AS unrated
      FROM old_rows WHERE status = 'succeeded'
    ) AS delta
    GROUP BY 1, 2, 3, 4
    -- A change that leaves a succeeded order's day, center, kept amount and rate alone changes nothing.
    HAVING sum(n) <> 0 OR sum(cents) <> 0 OR sum(home) <> 0 OR sum(unrated) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (day, center_id, center_name, currency) DO UPDATE
    SET order_count = t.order_count + excluded.order_count, amount_cents = t.amount_cents + excluded.amount_cents,
        home_amount_cents = t.home_amount_cents + excluded.home_amount_cents,
        unrated_count = t.unrated_count + excluded.unrated_count;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
UPDATE "report_settings" SET "time_zone" = NULL;
