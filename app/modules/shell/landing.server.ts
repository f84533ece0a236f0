import { asc, desc, eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { categories } from "#app/modules/discussions/schema";
import { profiles } from "#app/modules/profiles/schema";

/** What the home page shows from the community itself: its circles and its most respected members. */
export async function landingContent() {
  const [circles, voices] = await Promise.all([
    db()
      .select({
        slug: categories.slug,
        title: categories.title,
        description: categories.description,
        premium: categories.subscriptionTierRequired,
      })
      .from(categories)
      .where(eq(categories.isActive, true))
      .orderBy(asc(categories.displayOrder))
      .limit(8),
    db()
      .select({
        slug: profiles.slug,
        displayName: profiles.displayName,
        avatarUrl: profiles.avatarUrl,
        mysticalRank: profiles.mysticalRank,
        reputation: profiles.reputation,
      })
      .from(profiles)
      .orderBy(desc(profiles.reputation), asc(profiles.displayName))
      .limit(4),
  ]);
  return { circles, voices: voices.filter((v) => v.reputation > 0) };
}
