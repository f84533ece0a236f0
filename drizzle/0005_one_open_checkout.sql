-- Databases from before this rule may hold several open checkouts of one member: keep the newest.
WITH ranked AS (
	SELECT "id", row_number() OVER (PARTITION BY "user_id" ORDER BY "created_at" DESC, "id" DESC) AS n
	FROM "checkout_sessions" WHERE "status" = 'open'
)
UPDATE "checkout_sessions" SET "status" = 'expired' WHERE "id" IN (SELECT "id" FROM ranked WHERE n > 1);--> statement-breakpoint
-- ...and a member charged twice keeps the built-in subscription the membership points at; the
-- others stop renewing (they are refunded by an admin from the transactions screen).
WITH ranked AS (
	SELECT b."id", row_number() OVER (
		PARTITION BY b."user_id" ORDER BY (b."id" = s."provider_subscription_id") DESC NULLS LAST, b."created_at" DESC, b."id" DESC
	) AS n
	FROM "builtin_subscriptions" b
	LEFT JOIN "subscribers" s ON s."user_id" = b."user_id" AND s."provider" = 'builtin'
	WHERE b."status" IN ('active', 'past_due')
)
UPDATE "builtin_subscriptions" SET "status" = 'canceled', "cancel_at_period_end" = false, "updated_at" = now() WHERE "id" IN (SELECT "id" FROM ranked WHERE n > 1);--> statement-breakpoint
CREATE UNIQUE INDEX "builtin_subscriptions_one_live_idx" ON "builtin_subscriptions" USING btree ("user_id") WHERE "builtin_subscriptions"."status" in ('active', 'past_due');--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_sessions_one_open_idx" ON "checkout_sessions" USING btree ("user_id") WHERE "checkout_sessions"."status" = 'open';
