CREATE TABLE "petition_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"petition_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" uuid,
	"reason" text,
	"scheduled_for" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "petition_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"petition_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "petition_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"petition_id" uuid NOT NULL,
	"media_file_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "petition_photos_media_file_id_unique" UNIQUE("media_file_id")
);
--> statement-breakpoint
CREATE TABLE "petitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind_id" uuid NOT NULL,
	"intention" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"names" text DEFAULT '' NOT NULL,
	"preferred_date" date,
	"consented_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"decline_reason" text,
	"scheduled_for" date,
	"report" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "petitions_status_check" CHECK ("petitions"."status" in ('submitted', 'accepted', 'declined', 'scheduled', 'performed', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "ritual_kinds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ritual_kinds_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "petition_history" ADD CONSTRAINT "petition_history_petition_id_petitions_id_fk" FOREIGN KEY ("petition_id") REFERENCES "public"."petitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petition_history" ADD CONSTRAINT "petition_history_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petition_notes" ADD CONSTRAINT "petition_notes_petition_id_petitions_id_fk" FOREIGN KEY ("petition_id") REFERENCES "public"."petitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petition_notes" ADD CONSTRAINT "petition_notes_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petition_photos" ADD CONSTRAINT "petition_photos_petition_id_petitions_id_fk" FOREIGN KEY ("petition_id") REFERENCES "public"."petitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petition_photos" ADD CONSTRAINT "petition_photos_media_file_id_media_files_id_fk" FOREIGN KEY ("media_file_id") REFERENCES "public"."media_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petitions" ADD CONSTRAINT "petitions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petitions" ADD CONSTRAINT "petitions_kind_id_ritual_kinds_id_fk" FOREIGN KEY ("kind_id") REFERENCES "public"."ritual_kinds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "petition_history_petition_idx" ON "petition_history" USING btree ("petition_id","created_at");--> statement-breakpoint
CREATE INDEX "petition_notes_petition_idx" ON "petition_notes" USING btree ("petition_id","created_at");--> statement-breakpoint
CREATE INDEX "petition_photos_petition_idx" ON "petition_photos" USING btree ("petition_id","created_at");--> statement-breakpoint
CREATE INDEX "petitions_status_idx" ON "petitions" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "petitions_user_idx" ON "petitions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "petitions_one_open_idx" ON "petitions" USING btree ("user_id","kind_id") WHERE "petitions"."status" not in ('declined', 'closed');--> statement-breakpoint
CREATE INDEX "ritual_kinds_order_idx" ON "ritual_kinds" USING btree ("position","name");