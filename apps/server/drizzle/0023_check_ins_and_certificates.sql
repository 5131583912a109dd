CREATE TABLE "check_ins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ticket_id" uuid NOT NULL,
	"session_id" integer NOT NULL,
	"device_id" uuid NOT NULL,
	"device_name" text NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"method" text NOT NULL,
	"guardian" text,
	"outcome" text NOT NULL,
	"kept_check_in_id" uuid,
	"staff_id" uuid,
	CONSTRAINT "check_ins_outcome_known" CHECK ("check_ins"."outcome" in ('kept', 'conflict')),
	CONSTRAINT "check_ins_method_known" CHECK ("check_ins"."method" in ('scan', 'search')),
	CONSTRAINT "check_ins_guardian_known" CHECK ("check_ins"."guardian" is null or "check_ins"."guardian" in ('mother', 'father')),
	CONSTRAINT "check_ins_conflict_names_kept" CHECK (("check_ins"."outcome" = 'kept') = ("check_ins"."kept_check_in_id" is null))
);
--> statement-breakpoint
CREATE TABLE "recitation_completions" (
	"registrant_id" uuid PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"how" text NOT NULL,
	"marked_by" uuid,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"certificate_queued_at" timestamp with time zone,
	CONSTRAINT "recitation_completions_how_known" CHECK ("recitation_completions"."how" in ('memory', 'fluent_reading'))
);
--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_session_id_event_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."event_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_staff_id_admins_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recitation_completions" ADD CONSTRAINT "recitation_completions_registrant_id_registrants_id_fk" FOREIGN KEY ("registrant_id") REFERENCES "public"."registrants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recitation_completions" ADD CONSTRAINT "recitation_completions_session_id_event_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."event_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recitation_completions" ADD CONSTRAINT "recitation_completions_marked_by_admins_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "check_ins_one_kept_per_ticket" ON "check_ins" USING btree ("ticket_id") WHERE "check_ins"."outcome" = 'kept';--> statement-breakpoint
CREATE INDEX "check_ins_session_idx" ON "check_ins" USING btree ("session_id","outcome");--> statement-breakpoint
CREATE INDEX "recitation_completions_session_idx" ON "recitation_completions" USING btree ("session_id");