DROP INDEX "knowledge_chunks_text_trgm_idx";--> statement-breakpoint
CREATE INDEX "knowledge_chunks_named_trgm_idx" ON "knowledge_chunks" USING gin (("title" || ' ' || "heading") gin_trgm_ops);