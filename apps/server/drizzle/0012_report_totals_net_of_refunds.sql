-- Issue 21: the report's daily sums count what was kept, amount_cents - refunded_cents, so a refund
-- (an update of refunded_cents in the refund's settling transaction) moves the totals, the charts
-- and the per-center sums. Same triggers, same function name; only the amount changes.
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
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_daily_totals AS t (day, center_id, center_name, order_count, amount_cents)
    SELECT (created_at AT TIME ZONE zone)::date, center_id, center_name, count(*), sum(amount_cents - refunded_cents)
    FROM new_rows WHERE status = 'succeeded'
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, center_id, center_name) DO UPDATE
    SET order_count = t.order_count + excluded.order_count, amount_cents = t.amount_cents + excluded.amount_cents;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_daily_totals AS t (day, center_id, center_name, order_count, amount_cents)
    SELECT (created_at AT TIME ZONE zone)::date, center_id, center_name, -count(*), -sum(amount_cents - refunded_cents)
    FROM old_rows WHERE status = 'succeeded'
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, center_id, center_name) DO UPDATE
    SET order_count = t.order_count + excluded.order_count, amount_cents = t.amount_cents + excluded.amount_cents;
  ELSE
    INSERT INTO report_daily_totals AS t (day, center_id, center_name, order_count, amount_cents)
    SELECT day, center_id, center_name, sum(n), sum(cents)
    FROM (
      SELECT (created_at AT TIME ZONE zone)::date AS day, center_id, center_name, 1 AS n,
             (amount_cents - refunded_cents)::bigint AS cents
      FROM new_rows WHERE status = 'succeeded'
      UNION ALL
      SELECT (created_at AT TIME ZONE zone)::date, center_id, center_name, -1, -(amount_cents - refunded_cents)::bigint
      FROM old_rows WHERE status = 'succeeded'
    ) AS delta
    GROUP BY 1, 2, 3
    -- An update that leaves a succeeded order's day, center and kept amount alone changes nothing.
    HAVING sum(n) <> 0 OR sum(cents) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (day, center_id, center_name) DO UPDATE
    SET order_count = t.order_count + excluded.order_count, amount_cents = t.amount_cents + excluded.amount_cents;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Sums made before this migration counted amount_cents: the report rebuilds them on its next request.
UPDATE report_settings SET time_zone = NULL WHERE id = 1;
