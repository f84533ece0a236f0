CREATE TABLE "handled_events" (
	"event_id" uuid NOT NULL,
	"subscriber" text NOT NULL,
	"handled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "handled_events_event_id_subscriber_pk" PRIMARY KEY("event_id","subscriber")
);
