import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, inArray, ne } from "drizzle-orm";
import { db } from "./client.server";
import { firstRow } from "./rows";
import { user } from "#app/modules/auth/schema";
import { createAccount } from "#app/modules/auth/index.server";
import { categories } from "#app/modules/discussions/schema";
import { DEMO_CATEGORIES, DEMO_MEMBERS, DEMO_POSTS } from "#app/modules/discussions/index.server";
import { comments, posts } from "#app/modules/discussions/schema";
import { slugify } from "#app/modules/profiles";
import { pages } from "#app/modules/pages/schema";
import { SEED_PAGES, RETIRED_SEED_BODIES } from "#app/modules/pages/index.server";
import { recordAudit } from "#app/modules/audit/index.server";
import { profiles } from "#app/modules/profiles/schema";
import { subscribers } from "#app/modules/memberships/schema";
import { seedAcademy } from "#app/modules/academy/index.server";
import { seedLibrary } from "#app/modules/library/index.server";
import { seedSpirits } from "#app/modules/spirits/index.server";
import { seedPetitionKinds } from "#app/modules/petitions/index.server";
import { queueRefresh, refreshAll } from "#app/modules/knowledge/index.server";
import { BOOKS_CATEGORY_SLUG, DEMO_BOOK, seedDemoBook } from "#app/modules/books/index.server";

export interface CreatedAdmin {
  email: string;
  password: string;
}

/**
 * Informational pages are product content: every database gets them; a page an admin never
 * edited follows the current text (its body is still a retired seed text), edited ones are kept.
 */
export async function seedPages(
  retired: Readonly<Record<string, readonly string[]>> = RETIRED_SEED_BODIES,
): Promise<void> {
  await db()
    .insert(pages)
    .values(
      SEED_PAGES.map((p) => ({
        slug: p.slug,
        kind: p.kind,
        title: p.title,
        body: p.body,
        landing: p.landing,
      })),
    )
    .onConflictDoNothing();
  const stored = await db()
    .select({ slug: pages.slug, body: pages.body })
    .from(pages)
    .where(inArray(pages.slug, Object.keys(retired)));
  const stale = stored.filter((row) => retired[row.slug]?.includes(sha256(row.body)));
  if (stale.length === 0) return;
  await db().transaction(async (tx) => {
    for (const row of stale) {
      const page = SEED_PAGES.find((p) => p.slug === row.slug);
      if (!page) continue;
      // Only if still unedited (another process may be starting at the same moment).
      await tx
        .update(pages)
        .set({ title: page.title, body: page.body, landing: page.landing, updatedAt: new Date() })
        .where(and(eq(pages.slug, row.slug), eq(pages.body, row.body)));
      await recordAudit(tx, {
        actorId: null,
        action: "page.update",
        targetType: "page",
        targetId: row.slug,
        details: { reason: "seed text updated", length: page.body.length },
      });
    }
  });
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/**
 * First start. When no account exists, creates an administrator with a generated password (the
 * caller prints it once). When `demo` is on and the community has no categories yet, adds demo
 * members, discussion categories and threads (also after accounts were made with the CLI).
 */
export async function seedIfEmpty(options: { demo: boolean }): Promise<CreatedAdmin | null> {
  await seedPages();
  const { users } = firstRow(await db().select({ users: count() }).from(user), "count of users");
  let admin: CreatedAdmin | null = null;
  if (users === 0) {
    admin = { email: "admin@sanctuary.local", password: randomBytes(12).toString("base64url") };
    const adminId = await createAccount({
      email: admin.email,
      password: admin.password,
      name: "Sanctuary Admin",
    });
    await db()
      .update(profiles)
      .set({ role: "super_admin", mysticalRank: "headmaster" })
      .where(eq(profiles.userId, adminId));
  }
  // The Books category is seeded by its migration on every database, so it does not count here.
  const { existing } = firstRow(
    await db()
      .select({ existing: count() })
      .from(categories)
      .where(ne(categories.slug, BOOKS_CATEGORY_SLUG)),
    "count of categories",
  );
  if (options.demo && existing === 0) await seedDemoCommunity();
  // The starter courses are product content (like the pages), taught by the first admin.
  await seedAcademy();
  // The starter grimoires likewise (SPEC §2 names two of them).
  await seedLibrary();
  // And the spirit catalogues of the oracle tools (SPEC §3), each filled when empty.
  await seedSpirits();
  // And the kinds of ritual members may request (decision 057).
  await seedPetitionKinds();
  // The guide's index of what was just seeded (kept fresh afterwards by events and its refresh).
  // Only the first start waits for it, so the guide answers from the first page; later starts
  // leave it to the job workers: a large community (or a new source after an upgrade) would
  // otherwise keep the site from listening for minutes.
  if (admin) await refreshAll();
  else await queueRefresh();
  return admin;
}

async function seedDemoCommunity(): Promise<void> {
  await db().insert(categories).values(DEMO_CATEGORIES).onConflictDoNothing();
  const ids = new Map<string, string>();
  for (const member of DEMO_MEMBERS) {
    // Demo members cannot sign in: their password is random and never shown.
    const id = await createAccount({
      email: member.email,
      password: randomBytes(18).toString("base64url"),
      name: member.name,
    });
    ids.set(member.email, id);
    await db()
      .update(profiles)
      .set({
        bio: member.bio,
        mysticalRank: member.rank,
        xpPoints: member.xp,
        reputation: member.reputation,
        mysticalBadges: member.badges,
      })
      .where(eq(profiles.userId, id));
    if (member.tier !== "free") {
      await db()
        .update(subscribers)
        .set({ subscriptionTier: member.tier, subscribed: true, subscriptionStart: new Date() })
        .where(eq(subscribers.userId, id));
    }
  }
  await seedDemoDiscussions(ids);
  // A free book by a premium demo member, so Book Forge has something to show.
  const bookAuthor = ids.get(DEMO_BOOK.author);
  if (bookAuthor) await seedDemoBook(bookAuthor);
}

/** Demo threads, spread over the last days so the tabs and relative times look lived-in. */
async function seedDemoDiscussions(ids: Map<string, string>): Promise<void> {
  const hour = 3600 * 1000;
  let age = DEMO_POSTS.length * 20;
  for (const demo of DEMO_POSTS) {
    const created = new Date(Date.now() - age * hour);
    age -= 20;
    const post = firstRow(
      await db()
        .insert(posts)
        .values({
          title: demo.title,
          slug: slugify(demo.title, 80),
          content: demo.content,
          category: demo.category,
          userId: ids.get(demo.author)!,
          isFeatured: demo.featured ?? false,
          replyCount: demo.replies.length,
          viewCount: 12 + demo.replies.length * 9,
          createdAt: created,
          lastActivityAt: new Date(created.getTime() + demo.replies.length * 2 * hour),
        })
        .returning({ id: posts.id }),
      "demo thread",
    );
    let offset = 0;
    for (const reply of demo.replies) {
      offset += 2 * hour;
      const comment = firstRow(
        await db()
          .insert(comments)
          .values({
            postId: post.id,
            userId: ids.get(reply.author)!,
            content: reply.content,
            createdAt: new Date(created.getTime() + offset),
          })
          .returning({ id: comments.id }),
        "demo reply",
      );
      if (reply.accepted)
        await db()
          .update(posts)
          .set({ acceptedCommentId: comment.id })
          .where(eq(posts.id, post.id));
    }
  }
}
