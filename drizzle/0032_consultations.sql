CREATE TABLE "consultation_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultation_slots_duration_check" CHECK ("consultation_slots"."duration_minutes" between 15 and 240)
);
--> statement-breakpoint
CREATE TABLE "consultations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"slot_id" uuid NOT NULL,
	"month" text NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"rules_accepted_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"discarded_at" timestamp with time zone,
	"discarded_by" uuid,
	"discard_reason" text,
	CONSTRAINT "consultations_status_check" CHECK ("consultations"."status" in ('booked', 'cancelled', 'discarded')),
	CONSTRAINT "consultations_month_check" CHECK ("consultations"."month" ~ '^[0-9]{4}-[0-9]{2}$')
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "consultation_slots" ADD CONSTRAINT "consultation_slots_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_slot_id_consultation_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."consultation_slots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_discarded_by_user_id_fk" FOREIGN KEY ("discarded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consultation_slots_start_idx" ON "consultation_slots" USING btree ("starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "consultations_one_per_month_idx" ON "consultations" USING btree ("user_id","month") WHERE "consultations"."status" <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "consultations_one_per_slot_idx" ON "consultations" USING btree ("slot_id") WHERE "consultations"."status" = 'booked';--> statement-breakpoint
CREATE INDEX "consultations_user_idx" ON "consultations" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "consultations_created_idx" ON "consultations" USING btree ("created_at" DESC NULLS LAST);