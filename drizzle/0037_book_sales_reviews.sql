CREATE TABLE "book_daily_views" (
	"book_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "book_daily_views_book_id_day_pk" PRIMARY KEY("book_id","day")
);
--> statement-breakpoint
CREATE TABLE "book_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"book_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "book_reviews_rating_check" CHECK ("book_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "discussion_post_id" uuid;--> statement-breakpoint
ALTER TABLE "book_daily_views" ADD CONSTRAINT "book_daily_views_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_reviews" ADD CONSTRAINT "book_reviews_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_reviews" ADD CONSTRAINT "book_reviews_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "book_reviews_book_user_idx" ON "book_reviews" USING btree ("book_id","user_id");--> statement-breakpoint
CREATE INDEX "book_reviews_book_idx" ON "book_reviews" USING btree ("book_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_discussion_post_id_posts_id_fk" FOREIGN KEY ("discussion_post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;