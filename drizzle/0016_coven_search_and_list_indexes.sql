CREATE INDEX "covens_name_trgm_idx" ON "covens" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "covens_search_idx" ON "covens" USING gin (to_tsvector('simple', "name" || ' ' || "description"));--> statement-breakpoint
CREATE INDEX "coven_events_spans_idx" ON "coven_events" USING btree ("start_at") WHERE ("coven_events"."rrule" is not null or "coven_events"."series_end_at" > "coven_events"."end_at");--> statement-breakpoint
CREATE INDEX "coven_events_title_trgm_idx" ON "coven_events" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "coven_events_search_idx" ON "coven_events" USING gin (to_tsvector('simple', "title" || ' ' || "description"));