import { sql, type SQL } from "drizzle-orm";
import { PREMIUM_TIERS } from "#app/modules/memberships";
import type { Audience } from "./types";

/*
 * Who an audience holds, as one SQL select of user ids (`user_id`), so sending inserts the
 * delivery rows with one INSERT … SELECT and the count shown before sending is the same query.
 * Premium follows `hasPremiumAccess` (memberships/policy.ts): admins, subscribed members and paid
 * tiers; free is everyone else. A language names the language a member chose in settings
 * (members who follow their browser have none). Active means a session used in the last N days.
 */

const premiumTiers = sql.join(
  PREMIUM_TIERS.map((tier) => sql`${tier}`),
  sql`, `,
);

const isPremium = sql`(coalesce(p.role in ('admin', 'super_admin'), false)
  or coalesce(s.subscribed, false)
  or coalesce(s.subscription_tier, 'free') in (${premiumTiers}))`;

function condition(audience: Audience): SQL {
  switch (audience.kind) {
    case "everyone":
      return sql`true`;
    case "premium":
      return isPremium;
    case "free":
      return sql`not ${isPremium}`;
    case "coven":
      return sql`exists (select 1 from coven_members cm where cm.user_id = u.id and cm.coven_id = ${audience.covenId}::uuid and cm.banned_at is null)`;
    case "language":
      return sql`p.language = ${audience.language}`;
    case "active":
      return sql`exists (select 1 from session se where se.user_id = u.id and se.updated_at >= now() - make_interval(days => ${audience.days}::int))`;
  }
}

/** `select u.id as user_id from … where <the audience>`: every member the audience holds now. */
export function audienceMembers(audience: Audience): SQL {
  return sql`select u.id as user_id from "user" u
    join profiles p on p.user_id = u.id
    left join subscribers s on s.user_id = u.id
    where ${condition(audience)}`;
}
