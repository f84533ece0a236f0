import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member, profileOf, seedCategories } from "../../../tests/helpers/community";
import { db } from "#app/db/client.server";
import { drainJobs } from "#app/modules/events/index.server";
import { notifications } from "#app/modules/notifications/schema";
import { profiles } from "#app/modules/profiles/schema";
import { comments, posts } from "./schema";
import { forgetCategoryPostCounts, listCategories } from "./categories.server";
import { createPost, listPosts, PostRefusedError, recordView } from "./posts.server";
import { acceptAnswer, createComment, getThread } from "./thread.server";
import { toggleReaction } from "./engagement.server";
import { decide, moderationQueue } from "./moderation.server";
import { linkMentions, mentionedSlugs } from "./text";
import { firstRow } from "#app/db/rows";

let cleanup: () => Promise<void>;
let admin: Awaited<ReturnType<typeof member>>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  await seedCategories();
  admin = await member({ role: "admin", name: "Moderator Maya" });
});
afterAll(() => cleanup());

const body = "A question about moon water and **intention** setting.";

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PostRefusedError) return error.reason;
    throw error;
  }
  return null;
}

/** A member past the moderation threshold: three contributions approved by the admin. */
async function trustedMember(options: Parameters<typeof member>[0] = {}) {
  const m = await member(options);
  for (let i = 0; i < 3; i++) {
    const { slug } = await createPost(m.rules, {
      title: `Warm-up post number ${i}`,
      category: "general-discussion",
      content: body,
    });
    const [post] = await db().select({ id: posts.id }).from(posts).where(eq(posts.slug, slug));
    await decide(admin.rules.id, { type: "post", id: post!.id }, "approve");
  }
  await drainJobs();
  return m;
}

describe("category rules per role and tier (SPEC §6)", () => {
  it("lets a free member post in a free category but not in a premium or read-only one", async () => {
    const free = await member({ tier: "free" });
    expect(
      (
        await createPost(free.rules, {
          title: "Hello circle friends",
          category: "general-discussion",
          content: body,
        })
      ).status,
    ).toBe("pending");
    expect(
      await refusal(
        createPost(free.rules, {
          title: "Into the sanctum",
          category: "inner-sanctum",
          content: body,
        }),
      ),
    ).toBe("premiumRequired");
    expect(
      await refusal(
        createPost(free.rules, {
          title: "My announcement",
          category: "announcements",
          content: body,
        }),
      ),
    ).toBe("readOnly");
    expect(
      await refusal(
        createPost(free.rules, { title: "Old archive post", category: "archive", content: body }),
      ),
    ).toBe("inactive");
    expect(
      await refusal(
        createPost(free.rules, { title: "Nowhere category", category: "no-such", content: body }),
      ),
    ).toBe("notFound");
  });

  it("lets premium members post in premium categories and only admins in read-only ones", async () => {
    const premium = await member({ tier: "full" });
    expect(
      await refusal(
        createPost(premium.rules, {
          title: "Into the sanctum",
          category: "inner-sanctum",
          content: body,
        }),
      ),
    ).toBeNull();
    expect(
      await refusal(
        createPost(premium.rules, {
          title: "Announcing things",
          category: "announcements",
          content: body,
        }),
      ),
    ).toBe("readOnly");
    expect(
      (
        await createPost(admin.rules, {
          title: "Welcome announcement",
          category: "announcements",
          content: body,
        })
      ).status,
    ).toBe("published");
  });

  it("lets free members read premium threads but not comment in them", async () => {
    const premium = await trustedMember({ tier: "lifetime" });
    const { slug } = await createPost(premium.rules, {
      title: "Sanctum thread to read",
      category: "inner-sanctum",
      content: body,
    });
    const free = await member({ tier: "free" });
    const thread = await getThread(slug, free.rules);
    expect(thread?.post.title).toBe("Sanctum thread to read");
    expect(thread?.commentRefusal).toBe("premiumRequired");
    expect(
      await refusal(
        createComment(free.rules, thread!.post.id, { content: "Me too", parentId: null }),
      ),
    ).toBe("premiumRequired");
    expect((await getThread(slug, null))?.commentRefusal).toBe("signIn");
  });
});

describe("moderation state machine", () => {
  it("keeps a new member's post pending, visible only to them and admins, until approved", async () => {
    const newbie = await member({ name: "Newbie Nova" });
    const { slug, status } = await createPost(newbie.rules, {
      title: "My first steps on the path",
      category: "general-discussion",
      content: body,
    });
    expect(status).toBe("pending");
    const stranger = await member();
    expect(await getThread(slug, stranger.rules)).toBeUndefined();
    expect(await getThread(slug, null)).toBeUndefined();
    expect((await getThread(slug, newbie.rules))?.post.status).toBe("pending");
    expect((await getThread(slug, admin.rules))?.post.status).toBe("pending");
    expect(
      (await listPosts({ tab: "latest", viewer: null })).items.map((p) => p.slug),
    ).not.toContain(slug);
    // No comments yet; the author learns that it waits for a moderator, an admin that it waits for review.
    expect((await getThread(slug, newbie.rules))?.commentRefusal).toBe("awaitingReview");
    expect((await getThread(slug, admin.rules))?.commentRefusal).toBe("inReview");

    const queue = await moderationQueue();
    const queued = queue.posts.find((p) => p.slug === slug)!;
    expect(queued).toBeTruthy();
    expect(await decide(admin.rules.id, { type: "post", id: queued.id }, "approve")).toBe(true);
    expect(await decide(admin.rules.id, { type: "post", id: queued.id }, "reject")).toBe(false);
    expect((await getThread(slug, stranger.rules))?.post.status).toBe("published");
    await drainJobs();
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, newbie.userId), eq(notifications.type, "moderation")));
    expect(told.map((n) => n.params)).toEqual([
      { kind: "approved", target: "post", post: queued.title },
    ]);
    expect((await getThread(slug, newbie.rules))?.commentRefusal).toBeNull();
  });

  it("tells a new member when their comment is approved, pointing at it", async () => {
    const author = await trustedMember();
    const { slug } = await createPost(author.rules, {
      title: "A thread for a first comment",
      category: "general-discussion",
      content: body,
    });
    const thread = await getThread(slug, author.rules);
    const newbie = await member();
    const { id, status } = await createComment(newbie.rules, thread!.post.id, {
      content: "My first comment here",
      parentId: null,
    });
    expect(status).toBe("pending");
    const before = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, newbie.userId), eq(notifications.type, "moderation")));
    expect(before).toHaveLength(0);
    expect(await decide(admin.rules.id, { type: "comment", id }, "approve")).toBe(true);
    await drainJobs();
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, newbie.userId), eq(notifications.type, "moderation")));
    expect(told.map((n) => n.actionUrl)).toEqual([
      `/discussions/${slug}?comment=${id}#comment-${id}`,
    ]);
  });

  it("closes a rejected discussion to comments, for its author too", async () => {
    const newbie = await member();
    const { slug } = await createPost(newbie.rules, {
      title: "A post to be turned down",
      category: "general-discussion",
      content: body,
    });
    const [post] = await db().select({ id: posts.id }).from(posts).where(eq(posts.slug, slug));
    await decide(admin.rules.id, { type: "post", id: post!.id }, "reject");
    expect((await getThread(slug, newbie.rules))?.commentRefusal).toBe("notApproved");
  });

  it("shows a rejected comment as rejected to its author only", async () => {
    const author = await trustedMember();
    const { slug } = await createPost(author.rules, {
      title: "A thread for comments",
      category: "general-discussion",
      content: body,
    });
    const thread = await getThread(slug, author.rules);
    const newbie = await member();
    const { id, status } = await createComment(newbie.rules, thread!.post.id, {
      content: "spam spam",
      parentId: null,
    });
    expect(status).toBe("pending");
    await decide(admin.rules.id, { type: "comment", id }, "reject");
    expect((await getThread(slug, newbie.rules))?.comments.map((c) => c.status)).toEqual([
      "rejected",
    ]);
    expect((await getThread(slug, author.rules))?.comments).toEqual([]);
    const [post] = await db()
      .select({ replyCount: posts.replyCount })
      .from(posts)
      .where(eq(posts.slug, slug));
    expect(post!.replyCount).toBe(0);
  });

  it("trusts paying members from their first post", async () => {
    const paying = await member({ tier: "yearly" });
    expect(
      (
        await createPost(paying.rules, {
          title: "First post of a paying member",
          category: "general-discussion",
          content: body,
        })
      ).status,
    ).toBe("published");
  });

  it("trusts members after three approved contributions and admins at once", async () => {
    const m = await trustedMember();
    expect(
      (
        await createPost(m.rules, {
          title: "Now I am trusted",
          category: "general-discussion",
          content: body,
        })
      ).status,
    ).toBe("published");
  });
});

describe("XP, ranks, badges and notifications", () => {
  it("awards posting, replying, reactions and accepted answers, once each", async () => {
    const asker = await trustedMember({ name: "Asker Ash" });
    const helper = await trustedMember({ name: "Helper Hazel" });
    const before = await profileOf(helper.userId);
    expect(before.mysticalBadges).toContain("first-post");

    const { slug } = await createPost(asker.rules, {
      title: "How do I cleanse a deck?",
      category: "general-discussion",
      content: `Asking @${before.slug} for advice.`,
    });
    const thread = (await getThread(slug, asker.rules))!;
    await drainJobs();
    const mention = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, helper.userId), eq(notifications.type, "mention")));
    expect(mention.map((n) => n.params)).toEqual([
      { kind: "mention", name: "Asker Ash", post: "How do I cleanse a deck?" },
    ]);

    const { id: commentId } = await createComment(helper.rules, thread.post.id, {
      content: "Moonlight and smoke.",
      parentId: null,
    });
    await drainJobs();
    const replied = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, asker.userId), eq(notifications.type, "new_reply")));
    expect(replied.map((n) => n.params)).toEqual([
      {
        kind: "reply",
        name: "Helper Hazel",
        post: "How do I cleanse a deck?",
        preview: "Moonlight and smoke.",
      },
    ]);

    await toggleReaction(asker.rules, { type: "comment", id: commentId }, "like");
    await toggleReaction(asker.rules, { type: "comment", id: commentId }, "like");
    await toggleReaction(asker.rules, { type: "comment", id: commentId }, "like");
    await acceptAnswer(asker.rules, thread.post.id, commentId);
    await drainJobs();

    const after = await profileOf(helper.userId);
    // comment 5 XP/1 rep, one reaction 2/1 (toggling earns once), accepted answer 25/15
    expect(after.xpPoints - before.xpPoints).toBe(5 + 2 + 25);
    expect(after.reputation - before.reputation).toBe(1 + 1 + 15);
    expect(after.mysticalBadges).toContain("first-reply");
    const accepted = await db()
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, helper.userId), eq(notifications.type, "accepted_answer")),
      );
    expect(accepted.map((n) => n.params)).toEqual([
      { kind: "acceptedAnswer", post: "How do I cleanse a deck?" },
    ]);
    expect((await listPosts({ tab: "answered", viewer: null })).items.map((p) => p.slug)).toContain(
      slug,
    );
  });

  it("raises the rank at the XP threshold and announces it", async () => {
    const m = await trustedMember({ name: "Rising Rowan" });
    await db().update(profiles).set({ xpPoints: 495 }).where(eq(profiles.userId, m.userId));
    await createPost(m.rules, {
      title: "The post that makes me an adept",
      category: "general-discussion",
      content: body,
    });
    await drainJobs();
    expect((await profileOf(m.userId)).mysticalRank).toBe("adept");
    const achievements = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, m.userId), eq(notifications.type, "achievement")));
    expect(achievements.map((a) => a.params)).toContainEqual({ kind: "rank", rank: "adept" });
  });

  it("lets only the post's author accept an answer", async () => {
    const a = await trustedMember();
    const b = await trustedMember();
    const { slug } = await createPost(a.rules, {
      title: "Whose answer is it?",
      category: "general-discussion",
      content: body,
    });
    const thread = (await getThread(slug, a.rules))!;
    const { id } = await createComment(b.rules, thread.post.id, {
      content: "Mine!",
      parentId: null,
    });
    expect(await refusal(acceptAnswer(b.rules, thread.post.id, id))).toBe("notFound");
  });

  it("nests replies one level deep", async () => {
    const a = await trustedMember();
    const { slug } = await createPost(a.rules, {
      title: "Nesting replies test",
      category: "general-discussion",
      content: body,
    });
    const thread = (await getThread(slug, a.rules))!;
    const top = await createComment(a.rules, thread.post.id, { content: "top", parentId: null });
    const reply = await createComment(a.rules, thread.post.id, {
      content: "reply",
      parentId: top.id,
    });
    await createComment(a.rules, thread.post.id, { content: "reply to reply", parentId: reply.id });
    const [row] = await db()
      .select({ parentId: comments.parentId })
      .from(comments)
      .where(eq(comments.content, "reply to reply"));
    expect(row!.parentId).toBe(top.id);
    const shaped = (await getThread(slug, a.rules))!.comments;
    expect(shaped).toHaveLength(1);
    expect(shaped[0]!.replies.map((r) => r.content)).toEqual(["reply", "reply to reply"]);
  });
});

describe("tabs and ordering", () => {
  it("orders trending by engagement over age, and paginates without repeats", async () => {
    const a = await trustedMember();
    const { slug: old } = await createPost(a.rules, {
      title: "Old but busy thread",
      category: "general-discussion",
      content: body,
    });
    const { slug: fresh } = await createPost(a.rules, {
      title: "Fresh lively thread",
      category: "general-discussion",
      content: body,
    });
    await db()
      .update(posts)
      .set({ createdAt: sql`now() - interval '30 days'`, replyCount: 20 })
      .where(eq(posts.slug, old));
    await db().update(posts).set({ replyCount: 5 }).where(eq(posts.slug, fresh));
    const [freshPost] = await db()
      .select({ id: posts.id })
      .from(posts)
      .where(eq(posts.slug, fresh));
    assert(freshPost);
    await recordView(freshPost.id, "viewer-1");
    await recordView(freshPost.id, "viewer-1");
    const { viewCount } = firstRow(
      await db().select({ viewCount: posts.viewCount }).from(posts).where(eq(posts.slug, fresh)),
      "the fresh post",
    );
    expect(viewCount).toBe(1);
    const trending = (await listPosts({ tab: "trending", viewer: null, limit: 100 })).items.map(
      (p) => p.slug,
    );
    expect(trending.indexOf(fresh)).toBeLessThan(trending.indexOf(old));

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await listPosts({ tab: "latest", viewer: null, cursor, limit: 3 });
      seen.push(...page.items.map((p) => p.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    const { n } = firstRow(
      await db()
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(posts)
        .where(eq(posts.status, "published")),
      "count of published posts",
    );
    expect(seen.length).toBe(n);
  });

  it("filters by category", async () => {
    const items = (await listPosts({ tab: "latest", category: "announcements", viewer: null }))
      .items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((p) => p.category.slug === "announcements")).toBe(true);
  });
});

describe("mentions", () => {
  it("finds @slugs in any script and ignores e-mail addresses", () => {
    expect(mentionedSlugs("Hi @selene-ashgrove and @ليلى-حداد, mail me at a@b.co")).toEqual([
      "selene-ashgrove",
      "ليلى-حداد",
    ]);
  });

  it("links the mentions of known members in rendered HTML, outside links and code", () => {
    const known = new Set(["selene-ashgrove", "ليلى-حداد"]);
    expect(linkMentions("<p>Thanks @Selene-Ashgrove, and @nobody-here.</p>", known)).toBe(
      '<p>Thanks <a href="/profile/selene-ashgrove" class="mention">@Selene-Ashgrove</a>, and @nobody-here.</p>',
    );
    expect(linkMentions("<p>شكرًا @ليلى-حداد</p>", known)).toBe(
      `<p>شكرًا <a href="/profile/${encodeURIComponent("ليلى-حداد")}" class="mention">@ليلى-حداد</a></p>`,
    );
    const untouched =
      '<p><code>@selene-ashgrove</code> <a href="https://x.test/@selene-ashgrove">@selene-ashgrove</a> mail selene@selene-ashgrove.test</p><pre><code>@selene-ashgrove\n</code></pre>';
    expect(linkMentions(untouched, known)).toBe(untouched);
  });

  it("notifies mentioned members and shows their mentions as links to their profiles", async () => {
    const writer = await trustedMember({ name: "Mentioning Mira" });
    const friend = await member({ name: "Friendly Fern" });
    const { slug } = await createPost(writer.rules, {
      title: "Thanks to a friend",
      category: "general-discussion",
      content:
        "Thank you @friendly-fern for the advice, and @nobody-at-all too. `@friendly-fern` in code stays.",
    });
    const thread = await getThread(slug, null);
    expect(thread?.post.contentHtml).toContain(
      '<a href="/profile/friendly-fern" class="mention">@friendly-fern</a> for the advice',
    );
    expect(thread?.post.contentHtml).toContain("@nobody-at-all too");
    expect(thread?.post.contentHtml).toContain("<code>@friendly-fern</code>");
    await drainJobs();
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, friend.userId), eq(notifications.type, "mention")));
    expect(told.map((n) => n.actionUrl)).toEqual([`/discussions/${slug}`]);

    const { id } = await createComment(writer.rules, thread!.post.id, {
      content: "And again, @Friendly-Fern!",
      parentId: null,
    });
    const comment = (await getThread(slug, null))?.comments.find((c) => c.id === id);
    expect(comment?.contentHtml).toContain(
      '<a href="/profile/friendly-fern" class="mention">@Friendly-Fern</a>!',
    );
  });
});

describe("categories", () => {
  it("count only their published posts (SPEC §3 post_count)", async () => {
    const { n } = firstRow(
      await db()
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(posts)
        .where(and(eq(posts.category, "general-discussion"), eq(posts.status, "published"))),
      "count of general posts",
    );
    forgetCategoryPostCounts(); // counts are cached for a few seconds; this test is about what they count
    const general = (await listCategories()).find((c) => c.slug === "general-discussion")!;
    expect(n).toBeGreaterThan(0);
    expect(general.postCount).toBe(n);
    expect((await listCategories()).map((c) => c.slug)).not.toContain("archive");
    expect((await listCategories({ includeInactive: true })).map((c) => c.slug)).toContain(
      "archive",
    );
  });
});
