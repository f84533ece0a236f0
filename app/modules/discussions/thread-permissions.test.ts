import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member, seedCategories } from "../../../tests/helpers/community";
import { routeArgs } from "../../../tests/helpers/route-args";
import { db } from "#app/db/client.server";
import { action as threadAction, loader as threadLoader } from "#app/routes/discussions/thread";
import { comments, posts } from "./schema";
import { firstRow } from "#app/db/rows";

// The thread page's buttons follow the discussions policy, and so does its action: a member who
// sends the form of a button they were not offered gets a 403 (or a 404), and nothing changes.

let cleanup: () => Promise<void>;
let author: Awaited<ReturnType<typeof member>>;
let other: Awaited<ReturnType<typeof member>>;
let admin: Awaited<ReturnType<typeof member>>;
let postId: string;
let commentId: string;
const SLUG = "the-lunar-calendar-of-herbs";
const URL_OF_THREAD = `http://localhost:3000/discussions/${SLUG}`;

beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  await seedCategories();
  author = await member({ name: "Ada Author" });
  other = await member({ name: "Otto Other" });
  admin = await member({ role: "admin", name: "Ida Admin" });
  ({ id: postId } = firstRow(
    await db()
      .insert(posts)
      .values({
        title: "The lunar calendar of herbs",
        slug: SLUG,
        content: "When to cut what.",
        category: "general-discussion",
        userId: author.userId,
        status: "published",
      })
      .returning({ id: posts.id }),
    "the thread",
  ));
  ({ id: commentId } = firstRow(
    await db()
      .insert(comments)
      .values({
        postId,
        userId: other.userId,
        content: "Sage at the waning moon.",
        status: "published",
      })
      .returning({ id: comments.id }),
    "the comment",
  ));
});
afterAll(() => cleanup());

function send(cookie: string, fields: Record<string, string>) {
  const request = new Request(URL_OF_THREAD, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return threadAction(routeArgs(request, { slug: SLUG })).catch((e: unknown) => e) as Promise<{
    data?: { ok: boolean; error?: string };
    init?: { status: number };
  }>;
}

async function flags(cookie: string | null) {
  const request = new Request(URL_OF_THREAD, { headers: cookie ? { cookie } : {} });
  const data = (await threadLoader(routeArgs(request, { slug: SLUG }))) as Awaited<
    ReturnType<typeof threadLoader>
  >;
  const comment = data.thread.comments.find((c) => c.id === commentId)!;
  return {
    feature: data.canFeature,
    modifyPost: data.canModifyPost,
    reportPost: data.canReportPost,
    accept: data.canAcceptAnswer,
    modifyComment: comment.canModify,
    reportComment: comment.canReport,
  };
}

describe("thread permissions", () => {
  it("offers each viewer the buttons the policy allows", async () => {
    expect(await flags(null)).toEqual({
      feature: false,
      modifyPost: false,
      reportPost: false,
      accept: false,
      modifyComment: false,
      reportComment: false,
    });
    expect(await flags(author.cookie)).toEqual({
      feature: false,
      modifyPost: true,
      reportPost: false,
      accept: true,
      modifyComment: false,
      reportComment: true,
    });
    expect(await flags(other.cookie)).toEqual({
      feature: false,
      modifyPost: false,
      reportPost: true,
      accept: false,
      modifyComment: true,
      reportComment: false,
    });
    expect(await flags(admin.cookie)).toEqual({
      feature: true,
      modifyPost: true,
      reportPost: true,
      accept: false,
      modifyComment: true,
      reportComment: true,
    });
  });

  it("answers 403 to a member featuring a discussion, and lets an admin", async () => {
    for (const someone of [author, other]) {
      const refused = await send(someone.cookie, { intent: "feature" });
      expect(refused.init?.status).toBe(403);
      expect(refused.data).toMatchObject({ ok: false, formError: "errors.unauthorized" });
    }
    const [untouched] = await db()
      .select({ isFeatured: posts.isFeatured })
      .from(posts)
      .where(eq(posts.id, postId));
    expect(untouched!.isFeatured).toBe(false);

    expect((await send(admin.cookie, { intent: "feature" })).data).toMatchObject({ ok: true });
    const [featured] = await db()
      .select({ isFeatured: posts.isFeatured })
      .from(posts)
      .where(eq(posts.id, postId));
    expect(featured!.isFeatured).toBe(true);
  });

  it("refuses to accept an answer for anyone but the author, admins included", async () => {
    for (const someone of [other, admin])
      expect((await send(someone.cookie, { intent: "accept", commentId })).init?.status).toBe(404);
    const [before] = await db()
      .select({ accepted: posts.acceptedCommentId })
      .from(posts)
      .where(eq(posts.id, postId));
    expect(before!.accepted).toBeNull();

    expect((await send(author.cookie, { intent: "accept", commentId })).data).toEqual({ ok: true });
    const [after] = await db()
      .select({ accepted: posts.acceptedCommentId })
      .from(posts)
      .where(eq(posts.id, postId));
    expect(after!.accepted).toBe(commentId);
  });

  it("refuses to delete someone else's comment and keeps it", async () => {
    expect((await send(author.cookie, { intent: "delete-comment", commentId })).init?.status).toBe(
      404,
    );
    expect(
      await db().select({ id: comments.id }).from(comments).where(eq(comments.id, commentId)),
    ).toHaveLength(1);
  });
});
