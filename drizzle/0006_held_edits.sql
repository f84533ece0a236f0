ALTER TABLE "comments" ADD COLUMN "held_content" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "held_title" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "held_category" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "held_content" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "comments_held_idx" ON "comments" USING btree ("held_at") WHERE "comments"."held_at" is not null;--> statement-breakpoint
CREATE INDEX "posts_held_idx" ON "posts" USING btree ("held_at") WHERE "posts"."held_at" is not null;