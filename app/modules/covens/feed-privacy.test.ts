import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/client.server";
import { createAccount } from "#app/modules/auth/index.server";
import type { Member } from "#app/modules/auth";
import {
  categoryPostCounts,
  discussionCount,
  forgetCategoryPostCounts,
} from "#app/modules/discussions/index.server";
import { toggleReaction } from "#app/modules/discussions/index.server";
import { findPostForEditing, listPosts, TABS } from "#app/modules/discussions/index.server";
import { categories, comments, posts, reports } from "#app/modules/discussions/schema";
import { decide, moderationQueue } from "#app/modules/discussions/index.server";
import { drainJobs } from "#app/modules/events/index.server";
import { notifications } from "#app/modules/notifications/schema";
import { createComment, getThread } from "#app/modules/discussions/index.server";
import { threadTarget } from "#app/modules/discussions/index.server";
import { publicThreadTitle } from "#app/modules/discussions/index.server";
import { todaysRecommendations } from "#app/modules/recommendations/index.server";
import { findQuick, searchByKind } from "#app/modules/search/index.server";
import { memberActor } from "../../../tests/helpers/actors";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { auditLog } from "#app/modules/audit/schema";
import {
  CovenRefusedError,
  createCoven,
  createInvitation,
  joinCoven,
  joinWithInvitation,
  removeCovenMember,
  setCovenArchived,
  type NewCoven,
} from "./covens.server";
import { covenFeed, createCovenPost, setCovenPostPinned } from "./feed.server";
import { covens } from "./schema";

/*
 * Coven posts (posts.coven_id set) belong to their coven's feed only: no path of the public
 * discussions — list and tabs, counts, thread page and its actions, titles, site search and its
 * spelling words, recommendations — shows or touches one, whoever asks (docs/decisions/037).
 */

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
});
afterAll(() => cleanup());

let counter = 0;
async function person(kind: "premium" | "admin" = "premium"): Promise<Member> {
  counter += 1;
  const id = await createAccount({
    email: `feed-${counter}-${Date.now()}@example.test`,
    password: "correct-horse-battery",
    name: `Feed Witch ${counter}`,
  });
  return kind === "admin"
    ? memberActor(id, { role: "admin" })
    : memberActor(id, { tier: "full", subscribed: true });
}

const coven: NewCoven = {
  name: "Hidden Grove",
  description: "Our circle.",
  tags: ["herbs"],
  language: "en",
  visibility: "invite",
  memberLimit: 50,
};

const rules = (actor: Member) => ({ ...actor, displayName: "Witch" });

let owner: Member;
let stranger: Member;
let admin: Member;
let covenPostId: string;
let publicPostId: string;
let grove: string;
const COVEN_SLUG = "moonwort-secret-rite";
const PUBLIC_SLUG = "moonwort-open-question";

beforeAll(async () => {
  owner = await person();
  stranger = await person();
  admin = await person("admin");
  ({ slug: grove } = await createCoven(owner, coven));
  const [row] = await db().select({ id: covens.id }).from(covens).where(eq(covens.slug, grove));
  if (!row) throw new Error("no coven");
  await db().insert(categories).values({ title: "Herbs", slug: "herbs" });
  const [open] = await db()
    .insert(posts)
    .values({
      title: "Moonwort open question",
      slug: PUBLIC_SLUG,
      content: "Where does moonwort grow?",
      category: "herbs",
      userId: owner.id,
      isFeatured: true,
    })
    .returning({ id: posts.id });
  if (!open) throw new Error("no public post");
  publicPostId = open.id;
  const [inserted] = await db()
    .insert(posts)
    .values({
      title: "Moonwort secret rite zanzigrove",
      slug: COVEN_SLUG,
      content: "Only for the grove: moonwort zanzigrove at dawn.",
      category: "",
      covenId: row.id,
      userId: owner.id,
      isFeatured: true,
      replyCount: 9,
      reactionCount: 9,
    })
    .returning({ id: posts.id });
  if (!inserted) throw new Error("no coven post");
  covenPostId = inserted.id;
  await db()
    .insert(comments)
    .values({ postId: covenPostId, userId: owner.id, content: "zanzigrove reply" });
  forgetCategoryPostCounts();
});

describe("coven posts stay out of the public discussions", () => {
  it("the list, every tab and the category filter show the public post only", async () => {
    for (const viewer of [null, stranger, owner, admin]) {
      for (const tab of TABS) {
        const { items } = await listPosts({ tab, viewer });
        const slugs = items.map((i) => i.slug);
        expect(slugs).not.toContain(COVEN_SLUG);
        if (tab !== "answered") expect(slugs).toContain(PUBLIC_SLUG);
      }
      const inCategory = await listPosts({ tab: "latest", category: "", viewer });
      expect(inCategory.items.map((i) => i.slug)).not.toContain(COVEN_SLUG);
    }
  });

  it("counts and badges leave coven posts out", async () => {
    const counts = await categoryPostCounts();
    expect(counts.get("")).toBeUndefined();
    expect(counts.get("herbs")).toBe(1);
    expect(await discussionCount()).toBe(1);
  });

  it("the thread page, its actions, titles and editing never reach a coven post", async () => {
    for (const viewer of [null, stranger, owner, admin]) {
      expect(await getThread(COVEN_SLUG, viewer)).toBeUndefined();
      if (viewer) expect(await threadTarget(COVEN_SLUG, viewer)).toBeUndefined();
    }
    expect(await getThread(PUBLIC_SLUG, stranger)).toBeDefined();
    expect(await publicThreadTitle(COVEN_SLUG)).toBeUndefined();
    expect(await publicThreadTitle(PUBLIC_SLUG)).toBe("Moonwort open question");
    expect(await findPostForEditing(COVEN_SLUG, owner)).toBeUndefined();
  });

  it("comments and reactions through the public thread are refused", async () => {
    await expect(
      createComment(rules(stranger), covenPostId, { content: "let me in", parentId: null }),
    ).rejects.toThrow();
    await expect(
      toggleReaction(stranger, { type: "post", id: covenPostId }, "like"),
    ).rejects.toThrow();
  });

  it("site search finds neither the post nor its words", async () => {
    for (const access of ["full", "titles"] as const) {
      const groups = await searchByKind("moonwort", access);
      const urls = groups.flatMap((g) => g.results.map((r) => r.url));
      expect(urls.some((u) => u.includes(COVEN_SLUG))).toBe(false);
      if (access === "full") expect(urls.some((u) => u.includes(PUBLIC_SLUG))).toBe(true);
      const quick = await findQuick("zanzigrove", access, { spelling: true });
      expect(quick.results).toEqual([]);
      expect(quick.corrected).toBeNull();
    }
  });

  it("recommendations never pick a coven post", async () => {
    for (const viewer of [stranger, admin]) {
      const result = await todaysRecommendations(viewer);
      const picked = result.items.map((i) => i.id);
      expect(picked).not.toContain(covenPostId);
    }
  });

  it("a post is either in a coven or in a category, never both or neither", async () => {
    const [row] = await db().select({ id: covens.id }).from(covens).limit(1);
    await expect(
      db().insert(posts).values({
        title: "Both",
        slug: "both-coven-and-category",
        content: "x",
        category: "herbs",
        covenId: row?.id,
        userId: owner.id,
      }),
    ).rejects.toThrow();
    await expect(
      db().insert(posts).values({
        title: "Neither",
        slug: "neither",
        content: "x",
        category: "",
        userId: owner.id,
      }),
    ).rejects.toThrow();
  });
});

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CovenRefusedError) return error.reason;
    throw error;
  }
  return "allowed";
}

describe("the coven's feed", () => {
  it("members read it, pinned posts first; strangers of an invite-only coven meet notFound", async () => {
    const member = await person();
    const { token } = await createInvitation(owner, grove);
    await joinWithInvitation(member, token);
    const { slug } = await createCovenPost(member, grove, {
      title: "Dawn gathering",
      content: "Bring *rue*.",
    });
    const first = await covenFeed(member, grove);
    expect(first.items.map((i) => i.slug)).toEqual([slug, COVEN_SLUG]);

    expect(await refusal(setCovenPostPinned(member, grove, covenPostId, true))).toBe("notAllowed");
    await setCovenPostPinned(owner, grove, covenPostId, true);
    expect((await covenFeed(admin, grove)).items.map((i) => i.slug)).toEqual([COVEN_SLUG, slug]);
    const audited = await db().select().from(auditLog).where(eq(auditLog.action, "coven.post.pin"));
    expect(audited).toHaveLength(1);
    await setCovenPostPinned(owner, grove, covenPostId, false);
    expect(await refusal(setCovenPostPinned(owner, grove, publicPostId, true))).toBe("notFound");

    expect(await refusal(covenFeed(stranger, grove))).toBe("notFound");
    expect(await refusal(covenFeed(null, grove))).toBe("notFound");
    expect(
      await refusal(createCovenPost(stranger, grove, { title: "Let me in", content: "x" })),
    ).toBe("notFound");
    // The new post is as private as the first one.
    expect(
      (await listPosts({ tab: "latest", viewer: stranger })).items.map((i) => i.slug),
    ).not.toContain(slug);
    expect(await getThread(slug, stranger)).toBeUndefined();
  });

  it("an open coven's stranger sees the coven but not its feed; losing premium or a ban closes it", async () => {
    const leader = await person();
    const { slug: open } = await createCoven(leader, {
      ...coven,
      name: "Open Circle",
      visibility: "open",
    });
    await createCovenPost(leader, open, { title: "Welcome", content: "Hello" });
    const outsider = await person();
    expect(await refusal(covenFeed(outsider, open))).toBe("notAMember");
    expect(
      await refusal(createCovenPost(outsider, open, { title: "Hi there", content: "x" })),
    ).toBe("notAMember");

    const member = await person();
    await joinCoven(member, open);
    expect((await covenFeed(member, open)).items).toHaveLength(1);
    const lapsed = memberActor(member.id);
    expect(await refusal(covenFeed(lapsed, open))).toBe("notFound");

    await removeCovenMember(leader, open, member.id, { ban: true });
    expect(await refusal(covenFeed(member, open))).toBe("notAMember");
  });

  it("an archived coven's feed is read-only", async () => {
    const leader = await person();
    const { slug } = await createCoven(leader, {
      ...coven,
      name: "Old Circle",
      visibility: "open",
    });
    await setCovenArchived(admin, slug, true);
    expect((await covenFeed(leader, slug)).items).toEqual([]);
    expect(
      await refusal(createCovenPost(leader, slug, { title: "Still here", content: "x" })),
    ).toBe("archived");
    expect(await refusal(createCovenPost(admin, slug, { title: "Admin note", content: "x" }))).toBe(
      "archived",
    );
  });
});

describe("the coven-scoped thread engine", () => {
  it("reaches a coven post only with its own coven's scope", async () => {
    const [row] = await db().select({ id: covens.id }).from(covens).where(eq(covens.slug, grove));
    const scope = { covenId: row!.id };
    const { id: otherId } = await createCoven(owner, { ...coven, name: "Other Grove" });
    const elsewhere = { covenId: otherId };
    expect((await getThread(COVEN_SLUG, owner, {}, scope))?.post.id).toBe(covenPostId);
    expect(await threadTarget(COVEN_SLUG, owner, scope)).toMatchObject({ id: covenPostId });
    expect(await getThread(COVEN_SLUG, owner, {}, elsewhere)).toBeUndefined();
    expect(await threadTarget(COVEN_SLUG, owner, elsewhere)).toBeUndefined();
    // The public post is no coven's.
    expect(await getThread(PUBLIC_SLUG, owner, {}, scope)).toBeUndefined();
    await expect(
      createComment(
        rules(owner),
        covenPostId,
        { content: "wrong door", parentId: null },
        elsewhere,
      ),
    ).rejects.toThrow();
    await expect(
      toggleReaction(owner, { type: "post", id: covenPostId }, "like", elsewhere),
    ).rejects.toThrow();
    await expect(
      toggleReaction(owner, { type: "post", id: publicPostId }, "like", scope),
    ).rejects.toThrow();
    const { id } = await createComment(
      rules(owner),
      covenPostId,
      { content: "right door", parentId: null },
      scope,
    );
    const thread = await getThread(COVEN_SLUG, owner, {}, scope);
    expect(thread?.comments.map((c) => c.id)).toContain(id);
    // Still nothing of it through the public thread.
    expect(await getThread(COVEN_SLUG, owner)).toBeUndefined();
  });
});

describe("moderation of coven posts", () => {
  it("links the queue and the author's notice to the coven's thread, never to /discussions", async () => {
    const [row] = await db().select({ id: covens.id }).from(covens).where(eq(covens.slug, grove));
    if (!row) throw new Error("no coven");
    const [pending] = await db()
      .insert(posts)
      .values({
        title: "Pending grove rite",
        slug: "pending-grove-rite",
        content: "Waiting for a moderator.",
        category: "",
        covenId: row.id,
        userId: owner.id,
        status: "pending",
      })
      .returning({ id: posts.id });
    const [comment] = await db()
      .insert(comments)
      .values({
        postId: covenPostId,
        userId: owner.id,
        content: "held grove reply",
        status: "pending",
      })
      .returning({ id: comments.id });
    if (!pending || !comment) throw new Error("no pending contributions");
    await db()
      .insert(reports)
      .values([
        { reporterId: stranger.id, targetType: "post", targetId: covenPostId, reason: "spam" },
        { reporterId: stranger.id, targetType: "post", targetId: publicPostId, reason: "spam" },
      ]);

    const queue = await moderationQueue();
    expect(queue.posts.find((p) => p.id === pending.id)?.path).toBe(
      `/covens/${grove}/posts/pending-grove-rite`,
    );
    const paths = queue.reports.map((r) => r.targetPath);
    expect(paths).toContain(`/covens/${grove}/posts/${COVEN_SLUG}`);
    expect(paths).toContain(`/discussions/${PUBLIC_SLUG}`);

    expect(await decide(admin.id, { type: "comment", id: comment.id }, "approve")).toBe(true);
    await drainJobs();
    const notices = await db()
      .select({ url: notifications.actionUrl })
      .from(notifications)
      .where(eq(notifications.userId, owner.id));
    const urls = notices.map((n) => n.url ?? "");
    expect(urls).toContain(
      `/covens/${grove}/posts/${COVEN_SLUG}?comment=${comment.id}#comment-${comment.id}`,
    );
    expect(urls.some((url) => url.startsWith(`/discussions/${COVEN_SLUG}`))).toBe(false);
  });
});
