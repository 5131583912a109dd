CREATE TABLE "auth_hand_offs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "confirmation_emailed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_hand_offs" ADD CONSTRAINT "auth_hand_offs_session_id_auth_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."auth_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_hand_offs_session_idx" ON "auth_hand_offs" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "auth_hand_offs_expires_idx" ON "auth_hand_offs" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "registrations_client_ip_idx" ON "registrations" USING btree ("client_ip","created_at");