import { eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { getViewer } from "#app/modules/auth/index.server";
import { categories } from "#app/modules/discussions/schema";
import type { Tier } from "#app/modules/memberships";
import type { Role } from "#app/modules/profiles";
import { profiles } from "#app/modules/profiles/schema";
import { signedInRequest } from "./accounts";

/** The categories the rules are tested against. */
export async function seedCategories() {
  await db()
    .insert(categories)
    .values([
      { slug: "general-discussion", title: "General Discussion", displayOrder: 1 },
      {
        slug: "inner-sanctum",
        title: "Inner Sanctum",
        displayOrder: 2,
        subscriptionTierRequired: "full",
      },
      { slug: "announcements", title: "Announcements", displayOrder: 0, isReadOnly: true },
      { slug: "archive", title: "Archive", displayOrder: 9, isActive: false },
    ])
    .onConflictDoNothing();
}

/** A member as the discussion commands see them. */
export async function member(options: { role?: Role | null; tier?: Tier; name?: string } = {}) {
  const account = await signedInRequest(options);
  const viewer = (await getViewer(account.request))!;
  return { ...account, rules: { ...viewer.actor, displayName: viewer.profile.displayName } };
}

export async function profileOf(userId: string) {
  const [row] = await db().select().from(profiles).where(eq(profiles.userId, userId));
  if (!row) throw new Error(`No profile for user ${userId}`);
  return row;
}
