CREATE TABLE "event_message_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "event_message_recipients_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"message_id" uuid NOT NULL,
	"email" text NOT NULL,
	"queued_at" timestamp with time zone,
	"skipped" boolean DEFAULT false NOT NULL,
	CONSTRAINT "event_message_recipients_one_per_address" UNIQUE("message_id","email")
);
--> statement-breakpoint
CREATE TABLE "event_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"audience" jsonb NOT NULL,
	"audience_label" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"recipient_count" integer NOT NULL,
	"sent_by" uuid,
	"sent_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_messages_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "event_news_optouts" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_message_recipients" ADD CONSTRAINT "event_message_recipients_message_id_event_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."event_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_message_recipients_unqueued_idx" ON "event_message_recipients" USING btree ("seq") WHERE "event_message_recipients"."queued_at" is null;--> statement-breakpoint
CREATE INDEX "event_message_recipients_queued_idx" ON "event_message_recipients" USING btree ("queued_at");