-- Hand-written (drizzle-kit writes no functions): checkout_attempt_wait counts a subject's
-- declines and its pending orders in ONE query, so in one snapshot. In 0006 they were two queries,
-- and under READ COMMITTED each took its own snapshot: an attempt settled as declined between the
-- two (its decline row and its status change commit together) was seen neither as a decline
-- (first snapshot) nor as pending (second), and one more card reached the gateway: 6 of 20
-- declining cards sent at once from one address on PostgreSQL (decline-limit.test.ts, CI run).
CREATE OR REPLACE FUNCTION checkout_attempt_wait(ip text, email text, max_attempts integer, window_seconds integer)
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

  -- VOLATILE: this query's snapshot is taken after the locks are held.
  SELECT d.n, d.oldest,
    (SELECT count(*)::int FROM orders
      WHERE status = 'pending' AND client_ip = ip AND created_at > since)
  INTO declines, oldest, pending
  FROM (SELECT count(*)::int AS n, min(created_at) AS oldest FROM (
    SELECT created_at FROM payment_declines WHERE client_ip = ip AND created_at > since
    ORDER BY created_at DESC LIMIT max_attempts) AS newest) AS d;
  IF declines >= max_attempts THEN
    seconds := greatest(seconds, 1, ceil(extract(epoch FROM oldest + make_interval(secs => window_seconds) - now()))::int);
  ELSIF declines + pending >= max_attempts THEN
    busy := true;
  END IF;

  SELECT d.n, d.oldest,
    (SELECT count(*)::int FROM orders
      WHERE status = 'pending' AND lower(orders.email) = checkout_attempt_wait.email AND created_at > since)
  INTO declines, oldest, pending
  FROM (SELECT count(*)::int AS n, min(created_at) AS oldest FROM (
    SELECT created_at FROM payment_declines WHERE payment_declines.email = checkout_attempt_wait.email
      AND created_at > since
    ORDER BY created_at DESC LIMIT max_attempts) AS newest) AS d;
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
