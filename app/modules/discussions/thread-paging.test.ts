import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { startTestApp } from "../../../tests/helpers/app";
import { member, seedCategories } from "../../../tests/helpers/community";
import { countQueries } from "../../../tests/helpers/query-count";
import { db } from "#app/db/client.server";
import { drainJobs } from "#app/modules/events/index.server";
import { notifications } from "#app/modules/notifications/schema";
import { comments, posts } from "./schema";
import { encodeCommentCursor } from "./comment-cursor.server";
import type { CommentPageRequest } from "./comment-pages.server";
import { toggleReaction } from "./engagement.server";
import { COMMENTS_PER_PAGE } from "./limits";
import { createPost } from "./posts.server";
import { createComment, getThread, type Thread } from "./thread.server";

// A 200-comment thread: 160 top-level comments one microsecond apart (finer than a JavaScript
// Date: a cursor that rounded to milliseconds would skip or repeat them), ten of them written at
// the same instant (their ids decide the order), and 40 replies, two on either side of the
// first page boundary.

let app: Awaited<ReturnType<typeof startTestApp>>;
let author: Awaited<ReturnType<typeof member>>;
let admin: Awaited<ReturnType<typeof member>>;
let newcomer: Awaited<ReturnType<typeof member>>;
let slug: string;
let postId: string;
let other: { slug: string; postId: string; commentId: string };
/** The thread's top-level comments in reading order, and which have replies. */
let roots: string[];
const repliesOf = new Map<string, string[]>();
const ROOTS = 160;
const REPLIED = [...Array.from({ length: 38 }, (_, i) => i * 4), 49, 50];

async function postIdOf(postSlug: string) {
  const [row] = await db().select({ id: posts.id }).from(posts).where(eq(posts.slug, postSlug));
  return row!.id;
}

beforeAll(async () => {
  app = await startTestApp();
  await seedCategories();
  admin = await member({ role: "admin", name: "Paging Admin" });
  // A paying member is trusted: published at once.
  author = await member({ tier: "full", name: "Long Thread Author" });
  newcomer = await member({ name: "Paging Newcomer" });
  ({ slug } = await createPost(author.rules, {
    title: "A very long thread about moon phases",
    category: "general-discussion",
    content: "Let us talk.",
  }));
  postId = await postIdOf(slug);
  await db().execute(sql`
    insert into comments (post_id, user_id, content, created_at)
    select ${postId}, ${author.rules.id}, 'Top-level comment ' || g,
      timestamptz '2024-03-01 12:00:00+00' + (case when g between 100 and 109 then 100 else g end) * interval '1 microsecond'
    from generate_series(1, ${ROOTS}) g`);
  const rows = await db()
    .select({ id: comments.id })
    .from(comments)
    .where(and(eq(comments.postId, postId), isNull(comments.parentId)))
    .orderBy(asc(comments.createdAt), asc(comments.id));
  roots = rows.map((r) => r.id);
  for (const [n, index] of REPLIED.entries()) {
    const [reply] = await db()
      .insert(comments)
      .values({
        postId,
        parentId: roots[index],
        userId: admin.rules.id,
        content: `Reply number ${n}`,
        createdAt: new Date(Date.UTC(2024, 2, 2, 0, 0, n)),
      })
      .returning({ id: comments.id });
    repliesOf.set(roots[index]!, [reply!.id]);
  }
  await db()
    .update(posts)
    .set({ replyCount: ROOTS + REPLIED.length })
    .where(eq(posts.id, postId));

  const second = await createPost(author.rules, {
    title: "A short thread beside it",
    category: "general-discussion",
    content: "Short.",
  });
  const { id } = await createComment(author.rules, await postIdOf(second.slug), {
    content: "Only comment here",
    parentId: null,
  });
  other = { slug: second.slug, postId: await postIdOf(second.slug), commentId: id };
}, 120_000);
afterAll(() => app.cleanup());

type Viewer = Awaited<ReturnType<typeof member>>["rules"] | null;

async function page(
  request: CommentPageRequest,
  viewer: Viewer = null,
  threadSlug = slug,
): Promise<Thread> {
  const thread = await getThread(threadSlug, viewer, request);
  expect(thread).toBeDefined();
  return thread!;
}

const rootIds = (thread: Thread) => thread.comments.map((c) => c.id);

/** Follows the links from `start` in one direction until the thread ends: every page on the way. */
async function walk(
  start: Thread,
  direction: "later" | "earlier",
  viewer: Viewer = null,
): Promise<Thread[]> {
  const pages = [start];
  for (let current = start; current.page[direction];) {
    const cursor = current.page[direction]!;
    current = await page(direction === "later" ? { after: cursor } : { before: cursor }, viewer);
    pages.push(current);
    expect(pages.length).toBeLessThan(20);
  }
  return pages;
}

describe("a long thread is read a page at a time", () => {
  it(`shows ${COMMENTS_PER_PAGE} top-level comments with their replies, each comment exactly once going forward`, async () => {
    const pages = await walk(await page({}), "later");
    expect(pages.map((p) => p.comments.length)).toEqual([50, 50, 50, 10]);
    expect(pages.flatMap(rootIds)).toEqual(roots);
    const seen = pages.flatMap((p) =>
      p.comments.flatMap((c) => [c.id, ...c.replies.map((r) => r.id)]),
    );
    expect(seen).toHaveLength(200);
    expect(new Set(seen).size).toBe(200);
    // Replies travel with their top-level comment, also across the first page boundary.
    for (const p of pages)
      for (const c of p.comments)
        expect(c.replies.map((r) => r.id)).toEqual(repliesOf.get(c.id) ?? []);
    expect(pages[0]!.comments.at(-1)!.id).toBe(roots[49]);
    expect(pages[1]!.comments[0]!.replies).toHaveLength(1);
    // Only the first page lacks an earlier link, only the last a later one.
    expect(pages.map((p) => [p.page.earlier !== null, p.page.later !== null])).toEqual([
      [false, true],
      [true, true],
      [true, true],
      [true, false],
    ]);
  });

  it("goes back from the last page to the first, each comment exactly once", async () => {
    const forward = await walk(await page({}), "later");
    const backward = await walk(forward.at(-1)!, "earlier");
    expect(backward.map((p) => p.comments.length)).toEqual([10, 50, 50, 50]);
    expect(backward.reverse().flatMap(rootIds)).toEqual(roots);
    // Back at the start is the first page itself: one address, no earlier link.
    expect(backward[0]!.page).toMatchObject({ earlier: null, canonicalAfter: null });
  });

  it("names each page's own address: the bare thread for the first, `after` the previous comment for the others", async () => {
    const [first, second] = await walk(await page({}), "later");
    assert(second);
    assert(first);
    expect(first.page.canonicalAfter).toBeNull();
    expect(second.page.canonicalAfter).toBe(first.page.later);
    const again = await page({ after: second.page.canonicalAfter });
    expect(rootIds(again)).toEqual(rootIds(second));
  });

  it("sends the same number of queries for any page of any thread", async () => {
    const { database } = app;
    const count = async (threadSlug: string, request: CommentPageRequest) =>
      (await countQueries(database, () => getThread(threadSlug, null, request))).queries;
    const first = await count(slug, {});
    const pages = await walk(await page({}), "later");
    expect(await count(slug, { after: pages[1]!.page.later })).toBe(first);
    expect(await count(slug, { after: pages[2]!.page.later })).toBe(first);
    expect(await count(other.slug, {})).toBe(first);
    // The post, the page's top-level comments, their replies, the reactions.
    expect(first).toBe(4);
    // An earlier page: one more when it reaches the start (the first page is read instead).
    expect(await count(slug, { before: pages[3]!.page.earlier })).toBe(first);
    expect(await count(slug, { before: pages[1]!.page.earlier })).toBe(first + 1);
    // A permalink: finding the comment, then the comments before and from it.
    expect(await count(slug, { comment: roots[120] })).toBe(first + 2);
  });

  it("shows reactions, and the viewer's own, on a later page", async () => {
    await toggleReaction(admin.rules, { type: "comment", id: roots[75]! }, "insightful");
    const second = await page({ after: (await page({}, admin.rules)).page.later }, admin.rules);
    const reacted = second.comments.find((c) => c.id === roots[75])!;
    expect(reacted.reactions).toEqual({ insightful: 1 });
    expect(reacted.mine).toEqual(["insightful"]);
    expect(
      (await page({ after: (await page({})).page.later })).comments.find((c) => c.id === roots[75])!
        .mine,
    ).toEqual([]);
  });

  it("lets the author of a waiting comment and admins page to it, no one else", async () => {
    const { id, status } = await createComment(newcomer.rules, postId, {
      content: "My first comment, waiting",
      parentId: null,
    });
    expect(status).toBe("pending");
    const lastRoots = async (viewer: Viewer) =>
      (await walk(await page({}, viewer), "later", viewer)).flatMap(rootIds);
    expect(await lastRoots(null)).toEqual(roots);
    expect(await lastRoots(newcomer.rules)).toEqual([...roots, id]);
    expect(await lastRoots(admin.rules)).toEqual([...roots, id]);
    expect((await page({ comment: id })).page.highlightId).toBeNull();
    const own = await page({ comment: id }, newcomer.rules);
    expect(own.page.highlightId).toBe(id);
    expect(rootIds(own).at(-1)).toBe(id);
    await db().delete(comments).where(eq(comments.id, id));
  });
});

describe("a permalink opens the page that holds the comment", () => {
  it("opens the first page for a comment on it", async () => {
    const thread = await page({ comment: roots[10] });
    expect(rootIds(thread)).toEqual(roots.slice(0, 50));
    expect(thread.page).toMatchObject({
      highlightId: roots[10],
      earlier: null,
      canonicalAfter: null,
    });
  });

  it("opens a page starting at a later comment, with links both ways", async () => {
    const thread = await page({ comment: roots[75] });
    expect(rootIds(thread)).toEqual(roots.slice(75, 125));
    expect(thread.page.highlightId).toBe(roots[75]);
    expect(thread.page.earlier).not.toBeNull();
    expect(thread.page.later).not.toBeNull();
    expect(rootIds(await page({ after: thread.page.canonicalAfter }))).toEqual(
      roots.slice(75, 125),
    );
    expect(rootIds(await page({ after: thread.page.later }))).toEqual(roots.slice(125));
    expect(rootIds(await page({ before: thread.page.earlier }))).toEqual(roots.slice(25, 75));
  });

  it("opens a reply on its top-level comment's page", async () => {
    const parent = roots[REPLIED[20]!]!;
    const reply = repliesOf.get(parent)![0];
    const thread = await page({ comment: reply });
    expect(thread.comments[0]!.id).toBe(parent);
    expect(thread.comments[0]!.replies.map((r) => r.id)).toEqual([reply]);
    expect(thread.page.highlightId).toBe(reply);
  });

  it("fills the last page up with earlier comments near the end", async () => {
    const thread = await page({ comment: roots[155] });
    expect(rootIds(thread)).toEqual(roots.slice(110));
    expect(thread.page.later).toBeNull();
    expect(rootIds(await page({ after: thread.page.canonicalAfter }))).toEqual(roots.slice(110));
  });

  it.each([
    ["not an id", "'; drop table comments; --"],
    ["an unknown id", "00000000-0000-4000-8000-000000000000"],
    ["empty", ""],
  ])("falls back to the first page for %s", async (_name, comment) => {
    const thread = await page({ comment });
    expect(rootIds(thread)).toEqual(roots.slice(0, 50));
    expect(thread.page.highlightId).toBeNull();
  });

  it("falls back to the first page for another thread's comment, and for a deleted one", async () => {
    expect((await page({ comment: other.commentId })).page.highlightId).toBeNull();
    const { id } = await createComment(author.rules, postId, {
      content: "Soon deleted",
      parentId: null,
    });
    expect((await page({ comment: id })).page.highlightId).toBe(id);
    await db().delete(comments).where(eq(comments.id, id));
    const thread = await page({ comment: id });
    expect(thread.page.highlightId).toBeNull();
    expect(rootIds(thread)).toEqual(roots.slice(0, 50));
  });
});

describe("a tampered cursor gives the first page, never an error", () => {
  const forged = (micros: bigint, id: string, forPost = postId) => {
    // encodeCommentCursor takes the time as a decimal string; a negative one is written as is.
    const bytes = Buffer.from(encodeCommentCursor(forPost, { micros: "0", id }), "base64url");
    bytes.writeBigInt64BE(micros, 0);
    return bytes.toString("base64url");
  };
  const cases = (): Array<[string, string]> => [
    ["garbage", "not-a-cursor"],
    ["huge", "A".repeat(20_000)],
    ["the right length of nonsense", "A".repeat(38)],
    ["a negative time", forged(-5n, roots[60]!)],
    ["a time past the year 9999", forged(253_402_300_800_000_000n, roots[60]!)],
    ["the largest time there is", forged(2n ** 63n - 1n, roots[60]!)],
    ["another thread's cursor", forged(1_709_294_400_000_061n, roots[60]!, other.postId)],
  ];

  it("in the thread's own functions", async () => {
    for (const [name, cursor] of cases()) {
      for (const request of [{ after: cursor }, { before: cursor }]) {
        const thread = await page(request);
        expect(rootIds(thread), `${name} ${Object.keys(request)[0]}`).toEqual(roots.slice(0, 50));
        expect(thread.page.canonicalAfter).toBeNull();
      }
    }
  });

  it("over HTTP, for the page and for a loaded page (.data)", async () => {
    for (const [name, cursor] of cases()) {
      for (const path of [
        `/discussions/${slug}?after=${cursor}`,
        `/discussions/${slug}?before=${cursor}`,
        `/discussions/${slug}.data?after=${cursor}`,
        `/discussions/${slug}?comment=${cursor}`,
      ]) {
        const response = await app.fetch(path, {
          headers: { accept: "text/html", "accept-language": "de" },
        });
        expect(response.status, `${name}: ${path.slice(0, 120)}`).toBe(200);
        expect(await response.text()).toContain("Top-level comment 1");
      }
    }
  });

  it("over HTTP, a real later page and a permalink render with their own canonical address", async () => {
    const first = await page({});
    const later = await app.fetch(`/discussions/${slug}?after=${first.page.later}`, {
      headers: { accept: "text/html" },
    });
    const html = await later.text();
    expect(later.status).toBe(200);
    expect(html).toContain("Top-level comment 51<");
    expect(html).not.toContain("Top-level comment 50<");
    expect(html).toContain(
      `<link rel="canonical" href="http://localhost:3000/discussions/${slug}?after=${first.page.later}"/>`,
    );
    const permalink = await app.fetch(`/discussions/${slug}?comment=${roots[3]}`, {
      headers: { accept: "text/html" },
    });
    expect(await permalink.text()).toContain(
      `<link rel="canonical" href="http://localhost:3000/discussions/${slug}"/>`,
    );
  });
});

describe("notifications about a comment link to its permalink", () => {
  it("opens the page holding a reply to a comment far down the thread", async () => {
    const { id } = await createComment(admin.rules, postId, {
      content: "Answering the hundred-and-twenty-first",
      parentId: roots[120]!,
    });
    await drainJobs();
    const told = await db()
      .select({ actionUrl: notifications.actionUrl })
      .from(notifications)
      .where(eq(notifications.userId, author.rules.id));
    expect(told.map((n) => n.actionUrl)).toContain(
      `/discussions/${slug}?comment=${id}#comment-${id}`,
    );
    const url = new URL(
      `http://localhost${told.find((n) => n.actionUrl?.includes(id))!.actionUrl}`,
    );
    const thread = await page({ comment: url.searchParams.get("comment") });
    // The last 50 top-level comments: 120 is among them, the reply under it.
    expect(rootIds(thread)).toEqual(roots.slice(110));
    expect(thread.comments.find((c) => c.id === roots[120])!.replies.map((r) => r.id)).toContain(
      id,
    );
    expect(thread.page.highlightId).toBe(id);
  });
});
