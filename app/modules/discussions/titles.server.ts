import { and, eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { categories, posts, PUBLIC_POST } from "./schema";

/**
 * The title of a discussion as a guest may know it (published, in an active category), for the
 * sign-up screen of members-only reading: titles stay visible, bodies do not. One indexed read.
 */
export async function publicThreadTitle(slug: string): Promise<string | undefined> {
  const [row] = await db()
    .select({ title: posts.title })
    .from(posts)
    .innerJoin(categories, and(eq(categories.slug, posts.category), eq(categories.isActive, true)))
    .where(and(eq(posts.slug, slug), eq(posts.status, "published"), PUBLIC_POST))
    .limit(1);
  return row?.title;
}
