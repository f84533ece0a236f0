CREATE TABLE "coven_event_occurrences" (
	"event_id" uuid NOT NULL,
	"original_start" timestamp with time zone NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"visibility" text NOT NULL,
	"coven_id" uuid,
	"online" boolean NOT NULL,
	CONSTRAINT "coven_event_occurrences_event_id_original_start_pk" PRIMARY KEY("event_id","original_start")
);
--> statement-breakpoint
ALTER TABLE "coven_events" ADD COLUMN "occurrences_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coven_event_occurrences" ADD CONSTRAINT "coven_event_occurrences_event_id_coven_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."coven_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coven_event_occurrences_start_idx" ON "coven_event_occurrences" USING btree ("start_at","event_id");--> statement-breakpoint
CREATE INDEX "coven_event_occurrences_visible_idx" ON "coven_event_occurrences" USING btree ("visibility","start_at");--> statement-breakpoint
CREATE INDEX "coven_event_occurrences_coven_idx" ON "coven_event_occurrences" USING btree ("coven_id","start_at");