CREATE TABLE "family_link_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"client_ip" text,
	"mailed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "family_link_requests_email_idx" ON "family_link_requests" USING btree (lower("email"),"created_at");--> statement-breakpoint
CREATE INDEX "family_link_requests_client_idx" ON "family_link_requests" USING btree ("client_ip","created_at");