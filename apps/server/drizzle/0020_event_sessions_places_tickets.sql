CREATE TABLE "event_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"center_id" integer NOT NULL,
	"hall" text NOT NULL,
	"address" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"capacity" integer NOT NULL,
	"memorization_capacity" integer,
	"fluent_reading_capacity" integer,
	"taken" integer DEFAULT 0 NOT NULL,
	"memorization_taken" integer DEFAULT 0 NOT NULL,
	"fluent_reading_taken" integer DEFAULT 0 NOT NULL,
	"seed_key" text,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_sessions_seed_key_unique" UNIQUE("seed_key"),
	CONSTRAINT "event_sessions_capacity_nonnegative" CHECK ("event_sessions"."capacity" >= 0),
	CONSTRAINT "event_sessions_taken_within_capacity" CHECK ("event_sessions"."taken" between 0 and "event_sessions"."capacity"),
	CONSTRAINT "event_sessions_memorization_within_capacity" CHECK ("event_sessions"."memorization_taken" >= 0 and ("event_sessions"."memorization_capacity" is null or "event_sessions"."memorization_taken" <= "event_sessions"."memorization_capacity")),
	CONSTRAINT "event_sessions_fluent_reading_within_capacity" CHECK ("event_sessions"."fluent_reading_taken" >= 0 and ("event_sessions"."fluent_reading_capacity" is null or "event_sessions"."fluent_reading_taken" <= "event_sessions"."fluent_reading_capacity"))
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registrant_id" uuid NOT NULL,
	"session_id" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
CREATE TABLE "waitlist_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"session_id" integer NOT NULL,
	"people" integer NOT NULL,
	"memorization" integer DEFAULT 0 NOT NULL,
	"fluent_reading" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"offered_by" uuid,
	CONSTRAINT "waitlist_offers_status_known" CHECK ("waitlist_offers"."status" in ('open', 'accepted', 'lapsed', 'withdrawn')),
	CONSTRAINT "waitlist_offers_people_positive" CHECK ("waitlist_offers"."people" > 0)
);
--> statement-breakpoint
ALTER TABLE "registrants" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "session_id" integer;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "status" text DEFAULT 'registered' NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "waitlist_rank" integer;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_registrant_id_registrants_id_fk" FOREIGN KEY ("registrant_id") REFERENCES "public"."registrants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_session_id_event_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."event_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_session_id_event_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."event_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_sessions_center_idx" ON "event_sessions" USING btree ("center_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_one_live_per_registrant" ON "tickets" USING btree ("registrant_id") WHERE "tickets"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "tickets_session_idx" ON "tickets" USING btree ("session_id","revoked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_one_open_per_registration" ON "waitlist_offers" USING btree ("registration_id") WHERE "waitlist_offers"."status" = 'open';--> statement-breakpoint
CREATE INDEX "waitlist_offers_open_expiry_idx" ON "waitlist_offers" USING btree ("status","expires_at");--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_session_id_event_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."event_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registrations_session_status_idx" ON "registrations" USING btree ("session_id","status","waitlist_rank");--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_status_known" CHECK ("registrations"."status" in ('registered', 'waiting', 'offered', 'cancelled', 'lapsed'));