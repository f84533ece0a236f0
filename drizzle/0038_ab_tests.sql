CREATE TABLE "ab_test_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"test_id" text NOT NULL,
	"user_id" uuid,
	"guest_id" text,
	"variant" text NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ab_test_assignments_who_check" CHECK ("ab_test_assignments"."user_id" is not null or "ab_test_assignments"."guest_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "ab_test_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"test_id" text NOT NULL,
	"variant" text NOT NULL,
	"event_type" text NOT NULL,
	"user_id" uuid,
	"guest_id" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ab_test_events_type_check" CHECK ("ab_test_events"."event_type" in ('view', 'click', 'conversion', 'purchase'))
);
--> statement-breakpoint
CREATE TABLE "ab_tests" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"variants" jsonb NOT NULL,
	"start_date" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"winner" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ab_tests_status_check" CHECK ("ab_tests"."status" in ('active', 'paused', 'completed'))
);
--> statement-breakpoint
ALTER TABLE "ab_test_assignments" ADD CONSTRAINT "ab_test_assignments_test_id_ab_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."ab_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ab_test_assignments" ADD CONSTRAINT "ab_test_assignments_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ab_test_events" ADD CONSTRAINT "ab_test_events_test_id_ab_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."ab_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ab_test_events" ADD CONSTRAINT "ab_test_events_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ab_test_assignments_user_idx" ON "ab_test_assignments" USING btree ("user_id","test_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ab_test_assignments_guest_idx" ON "ab_test_assignments" USING btree ("guest_id","test_id");--> statement-breakpoint
CREATE INDEX "ab_test_events_test_idx" ON "ab_test_events" USING btree ("test_id","event_type","variant");--> statement-breakpoint
CREATE INDEX "ab_test_events_user_idx" ON "ab_test_events" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ab_test_events_guest_idx" ON "ab_test_events" USING btree ("guest_id","created_at" DESC NULLS LAST);--> statement-breakpoint
INSERT INTO "ab_tests" ("id", "name", "description", "variants") VALUES
('cta_button_text', 'CTA button text', 'The wording of the landing page''s sign-up button.', '[{"key":"A","name":"Join free — no credit card","description":"The current wording.","weight":33},{"key":"B","name":"Start your journey","description":"An invitation to begin.","weight":33},{"key":"C","name":"Join free today","description":"Short and immediate.","weight":34}]'),
('banner_timing', 'Banner timing', 'When the premium banner appears: after 3 seconds, after 5 seconds, or once 30 % of the page is scrolled.', '[{"key":"A","name":"After 3 seconds","description":"","weight":33},{"key":"B","name":"After 5 seconds","description":"","weight":33},{"key":"C","name":"At 30 % scroll","description":"","weight":34}]'),
('auth_page_layout', 'Auth page layout', 'The sign-in and sign-up page: the form alone, or beside the membership''s benefits.', '[{"key":"A","name":"Form alone","description":"The current page.","weight":50},{"key":"B","name":"Form with benefits","description":"The benefits of joining beside the form.","weight":50}]'),
('value_proposition', 'Value proposition', 'The promise under the landing page''s title.', '[{"key":"A","name":"Community","description":"The current subtitle.","weight":33},{"key":"B","name":"Learning","description":"Learning with guidance.","weight":33},{"key":"C","name":"Belonging","description":"A safe place to belong.","weight":34}]'),
('landing_hero_layout', 'Landing hero layout', 'The landing hero: centred, or split with the highlights beside the text.', '[{"key":"A","name":"Centred","description":"The current hero.","weight":50},{"key":"B","name":"Split","description":"Text at the start, highlights beside it.","weight":50}]'),
('landing_cta_style', 'Landing CTA style', 'How the landing page''s sign-up button looks.', '[{"key":"A","name":"Standard","description":"The current button.","weight":50},{"key":"B","name":"Prominent","description":"A larger, rounded button with an arrow.","weight":50}]'),
('landing_social_proof', 'Landing social proof', 'What the hero shows as proof: the member count, or the member count with the community''s activity.', '[{"key":"A","name":"Member count","description":"The current line.","weight":50},{"key":"B","name":"Members and activity","description":"Members, discussions and languages as figures.","weight":50}]'),
('academy_value_proposition', 'Detailed academy value proposition', 'The academy landing''s value proposition: short, or detailed with what a member gets.', '[{"key":"A","name":"Short","description":"The current section.","weight":50},{"key":"B","name":"Detailed","description":"What a member gets, point by point.","weight":50}]'),
('academy_cta_focus', 'Academy CTA focus', 'What the academy landing''s main button leads to: the courses, or the membership.', '[{"key":"A","name":"Browse courses","description":"The current button.","weight":50},{"key":"B","name":"Become a member","description":"The membership first.","weight":50}]');
