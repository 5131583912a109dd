ALTER TABLE "orders" ADD COLUMN "test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_pending_client_ip_idx" ON "orders" USING btree ("client_ip") WHERE "orders"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_pending_email_idx" ON "orders" USING btree (lower("email")) WHERE "orders"."status" = 'pending';--> statement-breakpoint
-- Hand-added: orders the sandbox took before orders had the column were never paid either.
UPDATE "orders" SET "test" = true WHERE "gateway" = 'sandbox';
--> statement-breakpoint
-- Hand-added (drizzle-kit writes no functions): the card-testing limit's claim, called by the
-- statement that inserts a checkout's pending order (modules/checkout/decline-limit.ts says why).
-- Returns 0 when the address and the e-mail may make one more attempt; the seconds until the
-- older declines leave the window when either has max_attempts declines in it; -1 when the
-- places left are all held by attempts still at the gateway (pending orders).
-- VOLATILE matters: each query below then reads with a snapshot taken after the locks are held,
-- so it sees every pending order that a request holding them before committed.
CREATE FUNCTION checkout_attempt_wait(ip text, email text, max_attempts integer, window_seconds integer)
RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  since timestamptz := now() - make_interval(secs => window_seconds);
  ip_lock integer := hashtext('ip:' || ip);
  email_lock integer := hashtext('email:' || email);
  declines integer;
  oldest timestamptz;
  pending integer;
  seconds integer := 0;
  busy boolean := false;
BEGIN
  -- One claim at a time per address and per e-mail, across processes; held until the caller's
  -- statement commits its pending order. Taken in one order (by value): no two claims deadlock.
  PERFORM pg_advisory_xact_lock(1801, least(ip_lock, email_lock));
  PERFORM pg_advisory_xact_lock(1801, greatest(ip_lock, email_lock));

  SELECT count(*)::int, min(created_at) INTO declines, oldest FROM (
    SELECT created_at FROM payment_declines WHERE client_ip = ip AND created_at > since
    ORDER BY created_at DESC LIMIT max_attempts) AS newest;
  SELECT count(*)::int INTO pending FROM orders
    WHERE status = 'pending' AND client_ip = ip AND created_at > since;
  IF declines >= max_attempts THEN
    seconds := greatest(seconds, 1, ceil(extract(epoch FROM oldest + make_interval(secs => window_seconds) - now()))::int);
  ELSIF declines + pending >= max_attempts THEN
    busy := true;
  END IF;

  SELECT count(*)::int, min(created_at) INTO declines, oldest FROM (
    SELECT created_at FROM payment_declines WHERE payment_declines.email = checkout_attempt_wait.email
      AND created_at > since
    ORDER BY created_at DESC LIMIT max_attempts) AS newest;
  SELECT count(*)::int INTO pending FROM orders
    WHERE status = 'pending' AND lower(orders.email) = checkout_attempt_wait.email AND created_at > since;
  IF declines >= max_attempts THEN
    seconds := greatest(seconds, 1, ceil(extract(epoch FROM oldest + make_interval(secs => window_seconds) - now()))::int);
  ELSIF declines + pending >= max_attempts THEN
    busy := true;
  END IF;

  IF seconds > 0 THEN
    RETURN seconds;
  END IF;
  RETURN CASE WHEN busy THEN -1 ELSE 0 END;
END;
$$;
