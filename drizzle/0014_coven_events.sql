CREATE TABLE "coven_event_changes" (
	"event_id" uuid NOT NULL,
	"original_start" timestamp with time zone NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	CONSTRAINT "coven_event_changes_event_id_original_start_pk" PRIMARY KEY("event_id","original_start")
);
--> statement-breakpoint
CREATE TABLE "coven_event_reminders_sent" (
	"event_id" uuid NOT NULL,
	"occurrence_start" timestamp with time zone NOT NULL,
	"user_id" uuid NOT NULL,
	"offset_minutes" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coven_event_reminders_sent_event_id_occurrence_start_user_id_offset_minutes_pk" PRIMARY KEY("event_id","occurrence_start","user_id","offset_minutes")
);
--> statement-breakpoint
CREATE TABLE "coven_event_rsvps" (
	"event_id" uuid NOT NULL,
	"occurrence_start" timestamp with time zone NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"waitlist_position" integer,
	"responded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coven_event_rsvps_event_id_occurrence_start_user_id_pk" PRIMARY KEY("event_id","occurrence_start","user_id"),
	CONSTRAINT "coven_event_rsvps_status_check" CHECK ("coven_event_rsvps"."status" in ('going', 'maybe', 'not_going', 'waitlisted'))
);
--> statement-breakpoint
CREATE TABLE "coven_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uid" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_html" text DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"rrule" text,
	"series_end_at" timestamp with time zone,
	"online_url" text,
	"place" text,
	"capacity" integer,
	"cover_url" text,
	"coven_id" uuid,
	"visibility" text NOT NULL,
	"created_by" uuid,
	"sequence" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coven_events_uid_unique" UNIQUE("uid"),
	CONSTRAINT "coven_events_visibility_check" CHECK ("coven_events"."visibility" in ('public', 'premium', 'coven')),
	CONSTRAINT "coven_events_coven_visibility_check" CHECK ("coven_events"."visibility" <> 'coven' or "coven_events"."coven_id" is not null),
	CONSTRAINT "coven_events_times_check" CHECK ("coven_events"."end_at" > "coven_events"."start_at"),
	CONSTRAINT "coven_events_capacity_check" CHECK ("coven_events"."capacity" is null or "coven_events"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "member_event_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"feed_token" text NOT NULL,
	"reminders" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_event_settings_feed_token_unique" UNIQUE("feed_token")
);
--> statement-breakpoint
ALTER TABLE "coven_event_changes" ADD CONSTRAINT "coven_event_changes_event_id_coven_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."coven_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coven_event_reminders_sent" ADD CONSTRAINT "coven_event_reminders_sent_event_id_coven_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."coven_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coven_event_reminders_sent" ADD CONSTRAINT "coven_event_reminders_sent_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coven_event_rsvps" ADD CONSTRAINT "coven_event_rsvps_event_id_coven_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."coven_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coven_event_rsvps" ADD CONSTRAINT "coven_event_rsvps_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coven_events" ADD CONSTRAINT "coven_events_coven_id_covens_id_fk" FOREIGN KEY ("coven_id") REFERENCES "public"."covens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coven_events" ADD CONSTRAINT "coven_events_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_event_settings" ADD CONSTRAINT "member_event_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coven_event_rsvps_occurrence_idx" ON "coven_event_rsvps" USING btree ("event_id","occurrence_start","status");--> statement-breakpoint
CREATE INDEX "coven_event_rsvps_user_idx" ON "coven_event_rsvps" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "coven_events_start_idx" ON "coven_events" USING btree ("start_at","id");--> statement-breakpoint
CREATE INDEX "coven_events_series_end_idx" ON "coven_events" USING btree ("series_end_at");--> statement-breakpoint
CREATE INDEX "coven_events_coven_idx" ON "coven_events" USING btree ("coven_id","start_at");