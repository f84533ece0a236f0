CREATE TABLE "video_follows" (
	"follower_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_follows_follower_id_kind_target_pk" PRIMARY KEY("follower_id","kind","target"),
	CONSTRAINT "video_follows_kind_check" CHECK ("video_follows"."kind" in ('uploader', 'tag'))
);
--> statement-breakpoint
CREATE TABLE "video_ratings" (
	"video_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_ratings_video_id_user_id_pk" PRIMARY KEY("video_id","user_id"),
	CONSTRAINT "video_ratings_range_check" CHECK ("video_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "video_views" (
	"video_id" uuid NOT NULL,
	"viewer_key" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "video_views_video_id_day_viewer_key_pk" PRIMARY KEY("video_id","day","viewer_key")
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_html" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"uploader_id" uuid NOT NULL,
	"media_file_id" uuid,
	"embed_provider" text,
	"embed_id" text,
	"duration_seconds" integer,
	"poster_url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"power_score" double precision DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "videos_slug_unique" UNIQUE("slug"),
	CONSTRAINT "videos_status_check" CHECK ("videos"."status" in ('pending', 'published', 'rejected')),
	CONSTRAINT "videos_source_check" CHECK (("videos"."media_file_id" is not null and "videos"."embed_provider" is null and "videos"."embed_id" is null)
        or ("videos"."media_file_id" is null and "videos"."embed_provider" in ('youtube', 'vimeo') and "videos"."embed_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "video_follows" ADD CONSTRAINT "video_follows_follower_id_user_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_ratings" ADD CONSTRAINT "video_ratings_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_ratings" ADD CONSTRAINT "video_ratings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_views" ADD CONSTRAINT "video_views_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_uploader_id_user_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_follows_target_idx" ON "video_follows" USING btree ("kind","target");--> statement-breakpoint
CREATE INDEX "videos_newest_idx" ON "videos" USING btree ("published_at" DESC NULLS LAST,"id") WHERE "videos"."status" = 'published' and "videos"."is_active";--> statement-breakpoint
CREATE INDEX "videos_views_idx" ON "videos" USING btree ("views" DESC NULLS LAST,"id") WHERE "videos"."status" = 'published' and "videos"."is_active";--> statement-breakpoint
CREATE INDEX "videos_power_idx" ON "videos" USING btree ("power_score" DESC NULLS LAST,"id") WHERE "videos"."status" = 'published' and "videos"."is_active";--> statement-breakpoint
CREATE INDEX "videos_tags_idx" ON "videos" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "videos_uploader_idx" ON "videos" USING btree ("uploader_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "videos_pending_idx" ON "videos" USING btree ("created_at") WHERE "videos"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "videos_title_trgm_idx" ON "videos" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "videos_search_idx" ON "videos" USING gin (to_tsvector('simple', "title" || ' ' || "description"));