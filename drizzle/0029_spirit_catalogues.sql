CREATE TABLE "daily_angels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"positive_powers" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_angels_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "daily_demons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"positive_powers" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_demons_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "daily_elenthos_spirits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"positive_powers" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_elenthos_spirits_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE INDEX "daily_angels_order_idx" ON "daily_angels" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "daily_angels_name_trgm_idx" ON "daily_angels" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "daily_demons_order_idx" ON "daily_demons" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "daily_demons_name_trgm_idx" ON "daily_demons" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "daily_elenthos_spirits_order_idx" ON "daily_elenthos_spirits" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "daily_elenthos_spirits_name_trgm_idx" ON "daily_elenthos_spirits" USING gin ("name" gin_trgm_ops);