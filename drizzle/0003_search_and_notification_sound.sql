ALTER TABLE "profiles" ADD COLUMN "notification_sound" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "search_log" ADD COLUMN "kind" text DEFAULT 'search' NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_display_name_trgm_idx" ON "profiles" USING gin ("display_name" gin_trgm_ops);