ALTER TABLE "orders" ADD COLUMN "receipt_awaits_address" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt_issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_awaiting_address_unnumbered" CHECK (not "orders"."receipt_awaits_address" or "orders"."receipt_number" is null);