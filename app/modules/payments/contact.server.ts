import { eq } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { user } from "#app/modules/auth/schema";
import type { BillingContact } from "#app/modules/events/index.server";
import { profiles } from "#app/modules/profiles/schema";

/**
 * Whom a billing event's e-mail goes to, read in the command's transaction so the event carries
 * it (its subscriber reads no account tables). Undefined when the account is gone.
 */
export async function billingContact(tx: Db, userId: string): Promise<BillingContact | undefined> {
  const [member] = await tx
    .select({ email: user.email, name: profiles.displayName, language: profiles.language })
    .from(user)
    .innerJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  return member;
}
