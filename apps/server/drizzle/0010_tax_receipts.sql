CREATE TABLE "receipt_corrections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"receipt_number" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"deductible_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipt_corrections_receipt_number_unique" UNIQUE("receipt_number"),
	CONSTRAINT "receipt_corrections_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "receipt_corrections_kind_known" CHECK ("receipt_corrections"."kind" in ('corrected', 'void')),
	CONSTRAINT "receipt_corrections_amounts" CHECK ("receipt_corrections"."amount_cents" >= 0 and "receipt_corrections"."deductible_cents" between 0 and "receipt_corrections"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "receipt_counters_last_positive" CHECK ("receipt_counters"."last" > 0)
);
--> statement-breakpoint
CREATE TABLE "year_end_statements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deductible_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "donor_address" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt_year" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt_seq" integer;--> statement-breakpoint
ALTER TABLE "receipt_corrections" ADD CONSTRAINT "receipt_corrections_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_corrections_order_version_idx" ON "receipt_corrections" USING btree ("order_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "year_end_statements_year_email_idx" ON "year_end_statements" USING btree ("year","email");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_receipt_year_seq_idx" ON "orders" USING btree ("receipt_year","receipt_seq");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_receipt_number_unique" UNIQUE("receipt_number");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_deductible_range" CHECK ("orders"."deductible_cents" between 0 and "orders"."amount_cents");