ALTER TABLE "posts" ADD COLUMN "coven_id" uuid;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "pinned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_coven_id_covens_id_fk" FOREIGN KEY ("coven_id") REFERENCES "public"."covens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_coven_activity_idx" ON "posts" USING btree ("coven_id","pinned_at" DESC NULLS LAST,"last_activity_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."coven_id" is not null;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_coven_category_check" CHECK (("posts"."coven_id" is null) = ("posts"."category" <> ''));