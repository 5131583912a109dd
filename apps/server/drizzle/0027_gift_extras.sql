-- What raises every gift: the processing fee a donor covers (part of the amount), how it
-- was paid (a card or a wallet), a tribute and its e-mail card, an employer's match (an offline gift
-- linked to the gift it matches), and monthly gifts that cover their fee. Every older row: none of these.
CREATE TABLE "tribute_cards" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"show_amount" boolean DEFAULT false NOT NULL,
	"client_ip" text,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tribute_cards_status_known" CHECK ("tribute_cards"."status" in ('queued', 'limited'))
);
--> statement-breakpoint
ALTER TABLE "monthly_gifts" ADD COLUMN "payment_kind" text;--> statement-breakpoint
ALTER TABLE "monthly_gifts" ADD COLUMN "cover_fee" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_kind" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fee_covered_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tribute" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "matching_employer" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "matches_order_id" uuid;--> statement-breakpoint
ALTER TABLE "sandbox_transactions" ADD COLUMN "payment_kind" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_vault" ADD COLUMN "payment_kind" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "tribute_cards" ADD CONSTRAINT "tribute_cards_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tribute_cards_recipient_idx" ON "tribute_cards" USING btree (lower("recipient_email"),"created_at");--> statement-breakpoint
CREATE INDEX "tribute_cards_client_idx" ON "tribute_cards" USING btree ("client_ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_matches_order_idx" ON "orders" USING btree ("matches_order_id") WHERE "orders"."matches_order_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_matching_employer_idx" ON "orders" USING btree ("created_at") WHERE "orders"."matching_employer" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fee_covered_range" CHECK ("orders"."fee_covered_cents" >= 0 and "orders"."fee_covered_cents" < "orders"."amount_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_kind_known" CHECK ("orders"."payment_kind" in ('card', 'paypal', 'paypalCredit', 'venmo', 'applePay', 'googlePay'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_match_is_offline" CHECK ("orders"."matches_order_id" is null or "orders"."source" = 'offline');