CREATE TABLE "monthly_gifts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"status" text NOT NULL,
	"paused_reason" text,
	"first_order_id" uuid NOT NULL,
	"line_key" text NOT NULL,
	"product" jsonb NOT NULL,
	"amount_cents" integer NOT NULL,
	"deductible_cents" integer NOT NULL,
	"center_id" integer NOT NULL,
	"center_name" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"student_name" text,
	"email" text NOT NULL,
	"mobile" text NOT NULL,
	"donor_address" jsonb,
	"gateway" text NOT NULL,
	"test" boolean NOT NULL,
	"vault_customer_id" text NOT NULL,
	"payment_method_token" text NOT NULL,
	"card_brand" text NOT NULL,
	"card_last_four" text NOT NULL,
	"card_exp_month" integer,
	"card_exp_year" integer,
	"billing_day" integer NOT NULL,
	"billing_period" text NOT NULL,
	"next_charge_on" date NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paused_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "monthly_gifts_status_known" CHECK ("monthly_gifts"."status" in ('starting', 'active', 'paused', 'cancelled')),
	CONSTRAINT "monthly_gifts_paused_reason" CHECK (("monthly_gifts"."status" = 'paused') = ("monthly_gifts"."paused_reason" is not null)),
	CONSTRAINT "monthly_gifts_amount_positive" CHECK ("monthly_gifts"."amount_cents" > 0),
	CONSTRAINT "monthly_gifts_deductible_range" CHECK ("monthly_gifts"."deductible_cents" between 0 and "monthly_gifts"."amount_cents"),
	CONSTRAINT "monthly_gifts_billing_day" CHECK ("monthly_gifts"."billing_day" between 1 and 28),
	CONSTRAINT "monthly_gifts_failed_attempts" CHECK ("monthly_gifts"."failed_attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_vault" (
	"token" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"brand" text NOT NULL,
	"last_four" text NOT NULL,
	"exp_month" integer,
	"exp_year" integer,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "monthly_gift_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing_period" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "charge_attempt" integer;--> statement-breakpoint
ALTER TABLE "sandbox_nonces" ADD COLUMN "exp_month" integer;--> statement-breakpoint
ALTER TABLE "sandbox_nonces" ADD COLUMN "exp_year" integer;--> statement-breakpoint
ALTER TABLE "monthly_gifts" ADD CONSTRAINT "monthly_gifts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_gifts" ADD CONSTRAINT "monthly_gifts_first_order_id_orders_id_fk" FOREIGN KEY ("first_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "monthly_gifts_first_order_line_idx" ON "monthly_gifts" USING btree ("first_order_id","line_key");--> statement-breakpoint
CREATE INDEX "monthly_gifts_user_idx" ON "monthly_gifts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "monthly_gifts_due_idx" ON "monthly_gifts" USING btree ("next_charge_on") WHERE "monthly_gifts"."status" = 'active';--> statement-breakpoint
CREATE INDEX "monthly_gifts_status_idx" ON "monthly_gifts" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_monthly_period_idx" ON "orders" USING btree ("monthly_gift_id","billing_period") WHERE "orders"."monthly_gift_id" is not null and "orders"."status" in ('pending', 'succeeded');--> statement-breakpoint
CREATE INDEX "orders_monthly_gift_idx" ON "orders" USING btree ("monthly_gift_id") WHERE "orders"."monthly_gift_id" is not null;