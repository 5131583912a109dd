-- Hand-added (drizzle-kit writes neither extensions nor triggers): pg_trgm for the report's
-- "contains" search (GIN indexes below). PostgreSQL ships it in contrib (a trusted extension since 13);
-- PGlite bundles it and db/client.ts loads it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "report_daily_totals" (
	"day" date NOT NULL,
	"center_id" integer NOT NULL,
	"center_name" text NOT NULL,
	"order_count" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "report_daily_totals_day_center_id_center_name_pk" PRIMARY KEY("day","center_id","center_name")
);
--> statement-breakpoint
CREATE TABLE "report_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"time_zone" text,
	CONSTRAINT "report_settings_one_row" CHECK ("report_settings"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "orders_report_created_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."status" = 'succeeded';--> statement-breakpoint
CREATE INDEX "orders_report_center_created_idx" ON "orders" USING btree ("center_id","created_at","id") WHERE "orders"."status" = 'succeeded';--> statement-breakpoint
CREATE INDEX "orders_transaction_id_idx" ON "orders" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "orders_report_name_trgm_idx" ON "orders" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops) WHERE "orders"."status" = 'succeeded';--> statement-breakpoint
CREATE INDEX "orders_report_email_trgm_idx" ON "orders" USING gin ("email" gin_trgm_ops) WHERE "orders"."status" = 'succeeded';
--> statement-breakpoint
-- Hand-added: report_daily_totals follows the succeeded orders (modules/report/tables.ts says why).
-- Statement-level triggers with transition tables: a bulk insert of a million orders costs one
-- grouped upsert, a checkout's one-row update one small one.
INSERT INTO "report_settings" ("id") VALUES (1);
--> statement-breakpoint
CREATE FUNCTION report_daily_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
  -- Each branch names only the transition tables its trigger has. A succeeded row counts +1 when
  -- it appears and -1 when it goes; keys are grouped (one upsert per key) and taken in one order
  -- (two statements never lock the same keys crosswise).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_daily_totals AS t (day, center_id, center_name, order_count, amount_cents)
    SELECT (created_at AT TIME ZONE zone)::date, center_id, center_name, count(*), sum(amount_cents)
    FROM new_rows WHERE status = 'succeeded'
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, center_id, center_name) DO UPDATE
    SET order_count = t.order_count + excluded.order_count, amount_cents = t.amount_cents + excluded.amount_cents;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_daily_totals AS t (day, center_id, center_name, order_count, amount_cents)
    SELECT (created_at AT TIME ZONE zone)::date, center_id, center_name, -count(*), -sum(amount_cents)
    FROM old_rows WHERE status = 'succeeded'
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, center_id, center_name) DO UPDATE
    SET order_count = t.order_count + excluded.order_count, amount_cents = t.amount_cents + excluded.amount_cents;
  ELSE
    INSERT INTO report_daily_totals AS t (day, center_id, center_name, order_count, amount_cents)
    SELECT day, center_id, center_name, sum(n), sum(cents)
    FROM (
      SELECT (created_at AT TIME ZONE zone)::date AS day, center_id, center_name, 1 AS n, amount_cents::bigint AS cents
      FROM new_rows WHERE status = 'succeeded'
      UNION ALL
      SELECT (created_at AT TIME ZONE zone)::date, center_id, center_name, -1, -amount_cents::bigint
      FROM old_rows WHERE status = 'succeeded'
    ) AS delta
    GROUP BY 1, 2, 3
    -- An update that leaves a succeeded order's day, center and amount alone changes nothing.
    HAVING sum(n) <> 0 OR sum(cents) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (day, center_id, center_name) DO UPDATE
    SET order_count = t.order_count + excluded.order_count, amount_cents = t.amount_cents + excluded.amount_cents;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_report_totals_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_daily_totals_apply();
--> statement-breakpoint
CREATE TRIGGER orders_report_totals_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_daily_totals_apply();
--> statement-breakpoint
CREATE TRIGGER orders_report_totals_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_daily_totals_apply();
--> statement-breakpoint
CREATE TRIGGER orders_report_totals_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION report_daily_totals_apply();
