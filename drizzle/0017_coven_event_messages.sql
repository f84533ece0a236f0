CREATE TABLE "coven_event_message_recipients" (
	"message_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "coven_event_message_recipients_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "coven_event_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"occurrence_start" timestamp with time zone NOT NULL,
	"sender_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coven_event_message_recipients" ADD CONSTRAINT "coven_event_message_recipients_message_id_coven_event_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."coven_event_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coven_event_message_recipients" ADD CONSTRAINT "coven_event_message_recipients_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coven_event_messages" ADD CONSTRAINT "coven_event_messages_event_id_coven_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."coven_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coven_event_messages" ADD CONSTRAINT "coven_event_messages_sender_id_user_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coven_event_messages_event_idx" ON "coven_event_messages" USING btree ("event_id","created_at");