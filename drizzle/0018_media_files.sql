CREATE TABLE "media_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text DEFAULT '' NOT NULL,
	"size" bigint NOT NULL,
	"original_name" text DEFAULT '' NOT NULL,
	"duration_seconds" integer,
	"poster_key" text,
	"status" text DEFAULT 'uploading' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attached_at" timestamp with time zone,
	CONSTRAINT "media_files_status_check" CHECK ("media_files"."status" in ('uploading', 'ready')),
	CONSTRAINT "media_files_size_check" CHECK ("media_files"."size" >= 0)
);
--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_files_owner_idx" ON "media_files" USING btree ("owner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_files_unattached_idx" ON "media_files" USING btree ("created_at") WHERE "media_files"."attached_at" is null;