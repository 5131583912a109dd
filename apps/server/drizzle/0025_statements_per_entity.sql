DROP INDEX "year_end_statements_year_email_idx";--> statement-breakpoint
-- One statement per donor, year and legal entity. A row written before was the US foundation's
-- statement (it named the US foundation as issuer), so it takes 'us': that statement is not sent
-- again, and another entity's statement of that year is queued by the next run.
ALTER TABLE "year_end_statements" ADD COLUMN "entity_key" text DEFAULT 'us' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "year_end_statements_year_email_entity_idx" ON "year_end_statements" USING btree ("year","email","entity_key");