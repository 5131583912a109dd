-- The language each gift, monthly gift, event registration and account was made in (decision 0042):
-- their e-mails and PDFs are written in it. Every row written before languages was English.
ALTER TABLE "monthly_gifts" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "monthly_gifts" ADD CONSTRAINT "monthly_gifts_locale_known" CHECK ("monthly_gifts"."locale" in ('en', 'te', 'hi'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_locale_known" CHECK ("orders"."locale" in ('en', 'te', 'hi'));--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_locale_known" CHECK ("registrations"."locale" in ('en', 'te', 'hi'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_known" CHECK ("users"."locale" in ('en', 'te', 'hi'));