import { serverT } from "#app/i18n/resources.server";
import { notificationText } from "#app/modules/notifications";
import { readContent } from "#app/modules/notifications/index.server";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member, seedCategories } from "../../../tests/helpers/community";
import { db } from "#app/db/client.server";
import { auditLog } from "#app/modules/audit/schema";
import { drainJobs } from "#app/modules/events/index.server";
import { notifications } from "#app/modules/notifications/schema";
import { comments, posts } from "./schema";
import { createPost, findPostForEditing, updatePost } from "./posts.server";
import { createComment, getThread, updateComment } from "./thread.server";
import { decide, decideEdit, moderationQueue } from "./moderation.server";

let cleanup: () => Promise<void>;
let admin: Awaited<ReturnType<typeof member>>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  await seedCategories();
  admin = await member({ role: "admin", name: "Moderator Maya" });
});
afterAll(() => cleanup());

const original = "The approved words about moon water.";
const edited = "Replaced with a link to https://spam.example and nothing else.";

/** A member still under pre-moderation whose first post an admin approved. */
async function moderatedAuthor() {
  const m = await member({ tier: "free" });
  const { slug, status } = await createPost(m.rules, {
    title: "Moon water questions",
    category: "general-discussion",
    content: original,
  });
  expect(status).toBe("pending");
  const [post] = await db().select({ id: posts.id }).from(posts).where(eq(posts.slug, slug));
  assert(post);
  expect(await decide(admin.rules.id, { type: "post", id: post.id }, "approve")).toBe(true);
  return { m, slug, postId: post.id };
}

/** A member past the threshold (three approved contributions). */
async function trustedAuthor() {
  const m = await member({ tier: "free" });
  let last = { slug: "", postId: "" };
  for (let i = 0; i < 3; i++) {
    const { slug } = await createPost(m.rules, {
      title: `Warm-up post ${i}`,
      category: "general-discussion",
      content: original,
    });
    const [post] = await db().select({ id: posts.id }).from(posts).where(eq(posts.slug, slug));
    assert(post);
    await decide(admin.rules.id, { type: "post", id: post.id }, "approve");
    last = { slug, postId: post.id };
  }
  return { m, ...last };
}

describe("edits by members under pre-moderation are held for review", () => {
  it("holds a moderated member's edit of an approved post: others keep seeing the approved version until it is approved", async () => {
    const { m, slug, postId } = await moderatedAuthor();
    const result = await updatePost(m.rules, postId, {
      title: "Cheap pills here",
      category: "general-discussion",
      content: edited,
    });
    expect(result).toEqual({ slug, held: true });

    // Everyone else, and the list and search, still get the approved version.
    const guestView = await getThread(slug, null);
    expect(guestView?.post).toMatchObject({
      title: "Moon water questions",
      content: original,
      status: "published",
      editedAt: null,
    });
    expect(guestView?.post.contentHtml).not.toContain("spam.example");
    expect(guestView?.post.heldEditAt).toBeNull();
    // The author is told the edit waits, and continues editing the held version.
    const ownView = await getThread(slug, m.rules);
    expect(ownView?.post.heldEditAt).toBeInstanceOf(Date);
    expect(await findPostForEditing(slug, m.rules)).toMatchObject({
      title: "Cheap pills here",
      content: edited,
    });

    const queue = await moderationQueue();
    const item = queue.edits.find((e) => e.id === postId);
    expect(item).toMatchObject({
      type: "post",
      title: "Moon water questions",
      heldTitle: "Cheap pills here",
      path: `/discussions/${slug}`,
    });
    expect(item?.before).toContain("approved words");
    expect(item?.after).toContain("spam.example");
    await drainJobs();
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.userId), eq(notifications.type, "moderation")));
    expect(told.map((n) => readContent(n))).toContainEqual({
      kind: "pendingEdit",
      target: "post",
      name: expect.any(String),
      post: "Moon water questions",
    });

    expect(await decideEdit(admin.rules.id, { type: "post", id: postId }, "approve")).toBe(true);
    const approved = await getThread(slug, null);
    expect(approved?.post).toMatchObject({
      title: "Cheap pills here",
      content: edited,
      heldEditAt: null,
    });
    expect(approved?.post.editedAt).toBeInstanceOf(Date);
    expect((await moderationQueue()).edits.find((e) => e.id === postId)).toBeUndefined();
    // Decided once: a second decision finds nothing to decide.
    expect(await decideEdit(admin.rules.id, { type: "post", id: postId }, "reject")).toBe(false);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, postId), eq(auditLog.action, "moderation.edit.approve")));
    expect(audit).toHaveLength(1);
  });

  it("a rejected edit is dropped and the approved version stays", async () => {
    const { m, slug, postId } = await moderatedAuthor();
    await updatePost(m.rules, postId, {
      title: "Moon water questions",
      category: "general-discussion",
      content: edited,
    });
    expect(await decideEdit(admin.rules.id, { type: "post", id: postId }, "reject")).toBe(true);
    expect((await getThread(slug, m.rules))?.post).toMatchObject({
      content: original,
      heldEditAt: null,
    });
    await drainJobs();
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, m.userId), eq(notifications.type, "moderation")));
    const texts = told.map((n) => notificationText(readContent(n), serverT("en")));
    expect(texts).toContainEqual(expect.objectContaining({ title: "Your edit was not approved" }));
  });

  it("holds a moderated member's edit of an approved comment", async () => {
    const { slug, postId } = await trustedAuthor();
    const commenter = await member({ tier: "free" });
    const { id, status } = await createComment(commenter.rules, postId, {
      content: original,
      parentId: null,
    });
    expect(status).toBe("pending");
    await decide(admin.rules.id, { type: "comment", id }, "approve");

    expect(await updateComment(commenter.rules, id, edited)).toEqual({ held: true });
    const [stored] = await db().select().from(comments).where(eq(comments.id, id));
    expect(stored).toMatchObject({ content: original, editedAt: null });
    const guest = (await getThread(slug, null))!.comments.find((c) => c.id === id)!;
    expect(guest.contentHtml).toContain("approved words");
    expect(guest.heldEditAt).toBeNull();
    const own = (await getThread(slug, commenter.rules))!.comments.find((c) => c.id === id)!;
    expect(own.heldEditAt).toBeInstanceOf(Date);
    expect(own.content).toBe(edited);

    expect((await moderationQueue()).edits.find((e) => e.id === id)).toMatchObject({
      type: "comment",
      after: expect.stringContaining("spam.example"),
    });
    expect(await decideEdit(admin.rules.id, { type: "comment", id }, "approve")).toBe(true);
    expect((await getThread(slug, null))!.comments.find((c) => c.id === id)!.contentHtml).toContain(
      "spam.example",
    );
  });

  it("applies a trusted member's and an admin's edits at once", async () => {
    const { m, slug, postId } = await trustedAuthor();
    expect(
      await updatePost(m.rules, postId, {
        title: "Warm-up, revised",
        category: "general-discussion",
        content: edited,
      }),
    ).toEqual({ slug, held: false });
    expect((await getThread(slug, null))?.post).toMatchObject({
      title: "Warm-up, revised",
      content: edited,
      heldEditAt: null,
    });

    const { slug: otherSlug, postId: otherId } = await moderatedAuthor();
    expect(
      await updatePost(admin.rules, otherId, {
        title: "Tidied by the team",
        category: "general-discussion",
        content: original,
      }),
    ).toEqual({ slug: otherSlug, held: false });
    expect((await getThread(otherSlug, null))?.post.title).toBe("Tidied by the team");

    const commenter = await trustedAuthor();
    const { id } = await createComment(commenter.m.rules, postId, {
      content: original,
      parentId: null,
    });
    expect(await updateComment(commenter.m.rules, id, edited)).toEqual({ held: false });
    const [stored] = await db().select().from(comments).where(eq(comments.id, id));
    expect(stored!.content).toBe(edited);
  });

  it("a moderated member's edit of content still waiting for its first review just updates it", async () => {
    const m = await member({ tier: "free" });
    const { slug } = await createPost(m.rules, {
      title: "Still pending here",
      category: "general-discussion",
      content: original,
    });
    const [post] = await db().select({ id: posts.id }).from(posts).where(eq(posts.slug, slug));
    expect(
      await updatePost(m.rules, post!.id, {
        title: "Still pending here",
        category: "general-discussion",
        content: edited,
      }),
    ).toEqual({ slug, held: false });
    expect((await getThread(slug, m.rules))?.post).toMatchObject({
      status: "pending",
      content: edited,
    });
  });
});
