ALTER TABLE "posts" DROP CONSTRAINT "posts_coven_category_check";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "video_id" uuid;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "posts_video_idx" ON "posts" USING btree ("video_id") WHERE "posts"."video_id" is not null;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_one_place_check" CHECK ("posts"."coven_id" is null or "posts"."video_id" is null);--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_coven_category_check" CHECK (("posts"."coven_id" is null and "posts"."video_id" is null) = ("posts"."category" <> ''));