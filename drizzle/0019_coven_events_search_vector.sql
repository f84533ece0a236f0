DROP INDEX "coven_events_search_idx";--> statement-breakpoint
ALTER TABLE "coven_events" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', "title" || ' ' || "description")) STORED;--> statement-breakpoint
CREATE INDEX "coven_events_search_idx" ON "coven_events" USING gin ("search");