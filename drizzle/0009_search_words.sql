CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"documents" integer NOT NULL,
	"guest_documents" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);