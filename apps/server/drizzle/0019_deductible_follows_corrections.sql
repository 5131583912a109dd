-- An order's deductible part follows its latest corrected or void receipt from now on
-- (checkout/correct-receipt.ts); orders corrected before that are brought in line once, so the
-- back office, the report and its CSV give the figure the donor's receipt gives.
UPDATE "orders" AS o
SET "deductible_cents" = latest."deductible_cents"
FROM (
  SELECT DISTINCT ON ("order_id") "order_id", "deductible_cents"
  FROM "receipt_corrections"
  ORDER BY "order_id", "version" DESC
) AS latest
WHERE latest."order_id" = o."id"
  AND o."deductible_cents" IS DISTINCT FROM latest."deductible_cents";
