CREATE TABLE "practice_sessions" (
	"user_id" uuid NOT NULL,
	"article_id" uuid NOT NULL,
	"day" date NOT NULL,
	"minutes" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_sessions_user_id_article_id_day_pk" PRIMARY KEY("user_id","article_id","day")
);
--> statement-breakpoint
ALTER TABLE "article_categories" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "materials" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "timing" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "steps" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "practice_sessions" ADD CONSTRAINT "practice_sessions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_sessions" ADD CONSTRAINT "practice_sessions_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practice_sessions_member_day_idx" ON "practice_sessions" USING btree ("user_id","day" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "article_categories" ADD CONSTRAINT "article_categories_type_key_key" UNIQUE("type","key");