CREATE TABLE "chat_faq" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"conversation_id" uuid,
	"is_approved" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'candidate' NOT NULL,
	"normalized" text NOT NULL,
	"slug" text,
	"merged_into_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_faq_asks" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"faq_id" uuid NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD COLUMN "last_message_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD COLUMN "faq_scanned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "unanswered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "rating" integer;--> statement-breakpoint
ALTER TABLE "chat_faq" ADD CONSTRAINT "chat_faq_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_faq_asks" ADD CONSTRAINT "chat_faq_asks_faq_id_chat_faq_id_fk" FOREIGN KEY ("faq_id") REFERENCES "public"."chat_faq"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_faq_slug_idx" ON "chat_faq" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "chat_faq_status_idx" ON "chat_faq" USING btree ("status");--> statement-breakpoint
CREATE INDEX "chat_faq_normalized_trgm_idx" ON "chat_faq" USING gin ("normalized" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "chat_faq_asks_faq_idx" ON "chat_faq_asks" USING btree ("faq_id");--> statement-breakpoint
CREATE INDEX "chat_conversations_last_message_idx" ON "chat_conversations" USING btree ("last_message_at");--> statement-breakpoint
UPDATE "chat_conversations" SET "last_message_at" = coalesce((SELECT max("created_at") FROM "chat_messages" WHERE "chat_messages"."conversation_id" = "chat_conversations"."id"), "created_at");
