CREATE TABLE "coven_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coven_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coven_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "coven_join_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coven_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coven_members" (
	"coven_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"banned_at" timestamp with time zone,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coven_members_coven_id_user_id_pk" PRIMARY KEY("coven_id","user_id"),
	CONSTRAINT "coven_members_role_check" CHECK ("coven_members"."role" in ('owner', 'moderator', 'member'))
);
--> statement-breakpoint
CREATE TABLE "covens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_html" text DEFAULT '' NOT NULL,
	"banner_url" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"language" text NOT NULL,
	"visibility" text NOT NULL,
	"member_limit" integer DEFAULT 50 NOT NULL,
	"member_count" integer DEFAULT 0 NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "covens_slug_unique" UNIQUE("slug"),
	CONSTRAINT "covens_visibility_check" CHECK ("covens"."visibility" in ('open', 'request', 'invite')),
	CONSTRAINT "covens_member_count_check" CHECK ("covens"."member_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "coven_invitations" ADD CONSTRAINT "coven_invitations_coven_id_covens_id_fk" FOREIGN KEY ("coven_id") REFERENCES "public"."covens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coven_invitations" ADD CONSTRAINT "coven_invitations_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coven_join_requests" ADD CONSTRAINT "coven_join_requests_coven_id_covens_id_fk" FOREIGN KEY ("coven_id") REFERENCES "public"."covens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coven_join_requests" ADD CONSTRAINT "coven_join_requests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coven_join_requests" ADD CONSTRAINT "coven_join_requests_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coven_members" ADD CONSTRAINT "coven_members_coven_id_covens_id_fk" FOREIGN KEY ("coven_id") REFERENCES "public"."covens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coven_members" ADD CONSTRAINT "coven_members_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coven_invitations_coven_idx" ON "coven_invitations" USING btree ("coven_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "coven_join_requests_pending_idx" ON "coven_join_requests" USING btree ("coven_id","user_id") WHERE "coven_join_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "coven_join_requests_coven_idx" ON "coven_join_requests" USING btree ("coven_id","created_at");--> statement-breakpoint
CREATE INDEX "coven_members_user_idx" ON "coven_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coven_members_one_owner_idx" ON "coven_members" USING btree ("coven_id") WHERE "coven_members"."role" = 'owner';--> statement-breakpoint
CREATE INDEX "covens_activity_idx" ON "covens" USING btree ("last_activity_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "covens_size_idx" ON "covens" USING btree ("member_count" DESC NULLS LAST,"id");