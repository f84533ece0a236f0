import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member, seedCategories } from "../../../tests/helpers/community";
import { countQueries } from "../../../tests/helpers/query-count";
import { routeArgs } from "../../../tests/helpers/route-args";
import { db, type Database } from "#app/db/client.server";
import { createPost, createComment } from "#app/modules/discussions/index.server";
import { comments, posts, reactions, reports } from "#app/modules/discussions/schema";
import { action } from "./thread";

/*
 * The thread's action as the framework calls it (app/routes/discussions/thread.tsx): each of its
 * eight intents done, refused, and given malformed input — always one `ActionResult` (decision
 * 032), a malformed id a 400 with a translated message.
 */

let database: Database;
let cleanup: () => Promise<void>;
type Account = Awaited<ReturnType<typeof member>>;
let author: Account;
let other: Account;
let admin: Account;

beforeAll(async () => {
  ({ database, cleanup } = await setupTestDatabase());
  await seedCategories();
  // Paying members are trusted: their posts and comments are published at once.
  author = await member({ name: "Thread Author", tier: "full" });
  other = await member({ name: "Other Member", tier: "full" });
  admin = await member({ role: "admin", name: "Thread Admin" });
});
afterAll(() => cleanup());

interface Answer {
  status: number;
  location?: string | null;
  body?: {
    ok: boolean;
    toast?: { key: string };
    fieldErrors?: Record<string, string>;
    formError?: string;
    values?: Record<string, string>;
  };
}

/** Posts `fields` to the thread's action as `who` (a guest without one), and what it answered. */
async function act(
  slug: string,
  who: Account | null,
  fields: Record<string, string>,
): Promise<Answer> {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (who) headers.cookie = who.cookie;
  const request = new Request(`http://localhost:3000/discussions/${slug}`, {
    method: "POST",
    headers,
    body: new URLSearchParams(fields),
  });
  try {
    const result = (await action(routeArgs(request, { slug }))) as {
      data: Answer["body"];
      init?: { status?: number };
    };
    return { status: result.init?.status ?? 200, body: result.data };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get("location") };
    const answer = thrown as { data: unknown; init?: { status?: number } };
    if (answer && typeof answer === "object" && "init" in answer)
      return { status: answer.init?.status ?? 500 };
    throw thrown;
  }
}

async function thread(
  title = "An action thread",
  category = "general-discussion",
  by: Account = author,
) {
  const { slug } = await createPost(by.rules, {
    category,
    title,
    content: "The body of the thread",
  });
  const [post] = await db().select({ id: posts.id }).from(posts).where(eq(posts.slug, slug));
  assert(post);
  const comment = await createComment(by === admin ? admin.rules : other.rules, post.id, {
    content: "A reply to it",
    parentId: null,
  });
  return { slug, postId: post.id, commentId: comment.id };
}

const MALFORMED_IDS = [
  "not-a-uuid",
  "00000000-0000-0000-0000-00000000000Z",
  "'; drop table posts; --",
  "",
];

describe("thread action", () => {
  it("resolves the post in one query, never loading the thread", async () => {
    const t = await thread("Counted thread");
    const { queries } = await countQueries(database, () =>
      act(t.slug, other, { intent: "feature" }),
    );
    // Session lookup and the one post read; no comments, reactions or authors.
    expect(queries).toBeLessThanOrEqual(4);
  });

  describe("comment", () => {
    it("adds the comment and redirects to its permalink", async () => {
      const t = await thread();
      const answer = await act(t.slug, other, { intent: "comment", content: "Well said" });
      expect(answer.status).toBe(302);
      const [created] = await db()
        .select()
        .from(comments)
        .where(and(eq(comments.postId, t.postId), eq(comments.content, "Well said")));
      expect(answer.location).toContain(created!.id);
    });
    it("refuses a member in a read-only category, keeping the text", async () => {
      const t = await thread("Announcement", "announcements", admin);
      const answer = await act(t.slug, other, { intent: "comment", content: "Can I reply?" });
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({
        ok: false,
        formError: "discussions.refusals.readOnly",
        values: { content: "Can I reply?" },
      });
    });
    it("answers an empty comment and a malformed parent id with 400, keeping the text", async () => {
      const t = await thread();
      const empty = await act(t.slug, other, { intent: "comment", content: "  " });
      expect(empty).toMatchObject({
        status: 400,
        body: {
          ok: false,
          formError: "discussions.errors.commentRequired",
          fieldErrors: { content: "discussions.errors.commentRequired" },
        },
      });
      for (const parentId of MALFORMED_IDS.slice(0, 3)) {
        const answer = await act(t.slug, other, {
          intent: "comment",
          content: "A reply",
          parentId,
        });
        expect(answer).toMatchObject({
          status: 400,
          body: {
            ok: false,
            fieldErrors: { parentId: "errors.badId" },
            values: { content: "A reply" },
          },
        });
      }
    });
  });

  describe("react", () => {
    it("toggles a reaction", async () => {
      const t = await thread();
      const answer = await act(t.slug, other, {
        intent: "react",
        kind: "like",
        targetType: "comment",
        targetId: t.commentId,
      });
      expect(answer).toMatchObject({ status: 200, body: { ok: true } });
      expect(
        await db().select().from(reactions).where(eq(reactions.targetId, t.commentId)),
      ).toHaveLength(1);
    });
    it("sends a guest to sign in, and refuses a target that is not there", async () => {
      const t = await thread();
      const guest = await act(t.slug, null, {
        intent: "react",
        kind: "like",
        targetType: "post",
        targetId: t.postId,
      });
      expect(guest.status).toBe(302);
      expect(guest.location).toMatch(/sign-in|auth/);
      const gone = await act(t.slug, other, {
        intent: "react",
        kind: "like",
        targetType: "comment",
        targetId: crypto.randomUUID(),
      });
      expect(gone).toMatchObject({
        status: 404,
        body: { ok: false, formError: "discussions.refusals.notFound" },
      });
    });
    it("answers a malformed id or kind with 400", async () => {
      const t = await thread();
      for (const targetId of MALFORMED_IDS) {
        expect(
          await act(t.slug, other, { intent: "react", kind: "like", targetType: "post", targetId }),
        ).toMatchObject({ status: 400, body: { fieldErrors: { targetId: "errors.badId" } } });
      }
      expect(
        await act(t.slug, other, {
          intent: "react",
          kind: "shrug",
          targetType: "post",
          targetId: t.postId,
        }),
      ).toMatchObject({ status: 400, body: { formError: "errors.badRequest" } });
    });
  });

  describe("accept", () => {
    it("marks the answer for the post's author", async () => {
      const t = await thread();
      expect(await act(t.slug, author, { intent: "accept", commentId: t.commentId })).toMatchObject(
        { status: 200, body: { ok: true } },
      );
      const [post] = await db()
        .select({ accepted: posts.acceptedCommentId })
        .from(posts)
        .where(eq(posts.id, t.postId));
      expect(post!.accepted).toBe(t.commentId);
    });
    it("refuses anyone else", async () => {
      const t = await thread();
      expect(await act(t.slug, other, { intent: "accept", commentId: t.commentId })).toMatchObject({
        status: 404,
        body: { formError: "discussions.refusals.notFound" },
      });
      const [post] = await db()
        .select({ accepted: posts.acceptedCommentId })
        .from(posts)
        .where(eq(posts.id, t.postId));
      expect(post!.accepted).toBeNull();
    });
    it("answers a malformed comment id with 400", async () => {
      const t = await thread();
      for (const commentId of MALFORMED_IDS) {
        expect(await act(t.slug, author, { intent: "accept", commentId })).toMatchObject({
          status: 400,
          body: { ok: false, formError: "errors.badId" },
        });
      }
    });
  });

  describe("edit-comment", () => {
    it("edits the member's own comment", async () => {
      const t = await thread();
      expect(
        await act(t.slug, other, {
          intent: "edit-comment",
          commentId: t.commentId,
          content: "Edited reply",
        }),
      ).toMatchObject({ status: 200, body: { ok: true } });
      const [row] = await db()
        .select({ content: comments.content })
        .from(comments)
        .where(eq(comments.id, t.commentId));
      expect(row!.content).toBe("Edited reply");
    });
    it("refuses another member's comment", async () => {
      const t = await thread();
      expect(
        await act(t.slug, author, {
          intent: "edit-comment",
          commentId: t.commentId,
          content: "Not mine",
        }),
      ).toMatchObject({
        status: 404,
        body: {
          ok: false,
          formError: "discussions.refusals.notFound",
          values: { content: "Not mine" },
        },
      });
    });
    it("answers a malformed id or an empty text with 400", async () => {
      const t = await thread();
      expect(
        await act(t.slug, other, {
          intent: "edit-comment",
          commentId: "not-a-uuid",
          content: "Edited",
        }),
      ).toMatchObject({
        status: 400,
        body: { fieldErrors: { commentId: "errors.badId" }, values: { content: "Edited" } },
      });
      expect(
        await act(t.slug, other, { intent: "edit-comment", commentId: t.commentId, content: "" }),
      ).toMatchObject({ status: 400, body: { formError: "discussions.errors.commentRequired" } });
    });
  });

  describe("delete-comment", () => {
    it("deletes the member's own comment, with a toast", async () => {
      const t = await thread();
      expect(
        await act(t.slug, other, { intent: "delete-comment", commentId: t.commentId }),
      ).toMatchObject({
        status: 200,
        body: { ok: true, toast: { key: "discussions.commentDeleted" } },
      });
      expect(await db().select().from(comments).where(eq(comments.id, t.commentId))).toHaveLength(
        0,
      );
    });
    it("refuses another member's comment", async () => {
      const t = await thread();
      expect(
        await act(t.slug, author, { intent: "delete-comment", commentId: t.commentId }),
      ).toMatchObject({ status: 404, body: { formError: "discussions.refusals.notFound" } });
      expect(await db().select().from(comments).where(eq(comments.id, t.commentId))).toHaveLength(
        1,
      );
    });
    it("answers a malformed id with 400", async () => {
      const t = await thread();
      for (const commentId of MALFORMED_IDS)
        expect((await act(t.slug, other, { intent: "delete-comment", commentId })).status).toBe(
          400,
        );
    });
  });

  describe("delete-post", () => {
    it("deletes the author's post and goes to the list", async () => {
      const t = await thread();
      expect(await act(t.slug, author, { intent: "delete-post" })).toMatchObject({
        status: 302,
        location: "/discussions",
      });
      expect(await db().select().from(posts).where(eq(posts.id, t.postId))).toHaveLength(0);
    });
    it("refuses another member", async () => {
      const t = await thread();
      expect(await act(t.slug, other, { intent: "delete-post" })).toMatchObject({
        status: 404,
        body: { formError: "discussions.refusals.notFound" },
      });
      expect(await db().select().from(posts).where(eq(posts.id, t.postId))).toHaveLength(1);
    });
    it("answers an address that names no thread with 404", async () => {
      for (const slug of ["no-such-thread", "%00", "a".repeat(500)])
        expect((await act(slug, author, { intent: "delete-post" })).status).toBe(404);
    });
  });

  describe("report", () => {
    it("files a report", async () => {
      const t = await thread();
      expect(
        await act(t.slug, author, {
          intent: "report",
          targetType: "comment",
          targetId: t.commentId,
          reason: "Off topic",
        }),
      ).toMatchObject({ status: 200, body: { ok: true } });
      expect(
        await db().select().from(reports).where(eq(reports.targetId, t.commentId)),
      ).toHaveLength(1);
    });
    it("sends a guest to sign in", async () => {
      const t = await thread();
      expect(
        (
          await act(t.slug, null, {
            intent: "report",
            targetType: "post",
            targetId: t.postId,
            reason: "Spam",
          })
        ).status,
      ).toBe(302);
    });
    it("answers a malformed id or a missing reason with 400, keeping the reason", async () => {
      const t = await thread();
      expect(
        await act(t.slug, author, {
          intent: "report",
          targetType: "comment",
          targetId: "not-a-uuid",
          reason: "Off topic",
        }),
      ).toMatchObject({
        status: 400,
        body: { fieldErrors: { targetId: "errors.badId" }, values: { reason: "Off topic" } },
      });
      expect(
        await act(t.slug, author, {
          intent: "report",
          targetType: "comment",
          targetId: t.commentId,
          reason: "x",
        }),
      ).toMatchObject({
        status: 400,
        body: { fieldErrors: { reason: "discussions.errors.reasonRequired" } },
      });
    });
  });

  describe("feature", () => {
    it("pins the thread for an admin", async () => {
      const t = await thread();
      expect(await act(t.slug, admin, { intent: "feature" })).toMatchObject({
        status: 200,
        body: { ok: true },
      });
      const [post] = await db()
        .select({ featured: posts.isFeatured })
        .from(posts)
        .where(eq(posts.id, t.postId));
      expect(post!.featured).toBe(true);
    });
    it("refuses a member", async () => {
      const t = await thread();
      expect(await act(t.slug, author, { intent: "feature" })).toMatchObject({
        status: 403,
        body: { formError: "errors.unauthorized" },
      });
    });
  });

  it("answers an unknown or missing intent with 400", async () => {
    const t = await thread();
    for (const fields of [{ intent: "explode" }, {}, { intent: "" }] as Record<string, string>[])
      expect(await act(t.slug, author, fields)).toMatchObject({
        status: 400,
        body: { ok: false, formError: "errors.badRequest" },
      });
  });
});
