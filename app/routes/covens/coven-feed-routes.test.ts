import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/client.server";
import { createEvent } from "#app/modules/coven-events/index.server";
import {
  createCoven,
  createInvitation,
  joinCoven,
  joinWithInvitation,
  leaveCoven,
  type NewCoven,
} from "#app/modules/covens/index.server";
import { auditLog } from "#app/modules/audit/schema";
import { comments, posts } from "#app/modules/discussions/schema";
import { drainJobs } from "#app/modules/events/index.server";
import { notifications } from "#app/modules/notifications/schema";
import { profiles } from "#app/modules/profiles/schema";
import { member } from "../../../tests/helpers/community";
import { eventInput } from "../../../tests/helpers/event-fixtures";
import { routeArgs } from "../../../tests/helpers/route-args";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import * as threadRoute from "../discussions/thread";
import * as covenRoute from "./coven";
import * as postRoute from "./post";

/*
 * A coven's feed as the framework calls its loaders and actions (decision 037): the feed tab,
 * the composer, leaders' pins, the coven-scoped thread with its comments, and who is told of a
 * new post or comment — the coven's members, never anyone outside it.
 */

let cleanup: () => Promise<void>;
type Account = Awaited<ReturnType<typeof member>>;
let owner: Account;
let insider: Account;
let outsider: Account;
let admin: Account;
let hidden: { id: string; slug: string };
let open: { id: string; slug: string };

const base: NewCoven = {
  name: "Feed Circle",
  description: "",
  tags: [],
  language: "en",
  visibility: "open",
  memberLimit: 50,
};

beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  owner = await member({ name: "Feed Owner", tier: "full" });
  insider = await member({ name: "Feed Insider", tier: "full" });
  outsider = await member({ name: "Feed Outsider", tier: "full" });
  admin = await member({ role: "admin", name: "Feed Admin" });
  hidden = await createCoven(owner.rules, { ...base, name: "Hidden Feed", visibility: "invite" });
  const { token } = await createInvitation(owner.rules, hidden.slug);
  await joinWithInvitation(insider.rules, token);
  open = await createCoven(owner.rules, { ...base, name: "Open Feed" });
  await joinCoven(insider.rules, open.slug);
  await drainJobs();
});
afterAll(() => cleanup());

interface Answer {
  status: number;
  location?: string | null;
  body?: { ok: boolean; fieldErrors?: Record<string, string>; formError?: string };
  data?: Record<string, unknown>;
}

function request(path: string, who: Account | null, fields?: Record<string, string>) {
  const headers: Record<string, string> = {};
  if (who) headers.cookie = who.cookie;
  if (fields) headers["content-type"] = "application/x-www-form-urlencoded";
  return new Request(`http://localhost:3000${path}`, {
    method: fields ? "POST" : "GET",
    headers,
    body: fields ? new URLSearchParams(fields) : undefined,
  });
}

/** What a loader or action answered: its data, or the status it threw. */
async function call(
  run: (args: never) => unknown,
  path: string,
  who: Account | null,
  params: Record<string, string>,
  fields?: Record<string, string>,
): Promise<Answer> {
  try {
    const result = (await run(routeArgs(request(path, who, fields), params))) as Record<
      string,
      unknown
    >;
    if (result && typeof result === "object" && "init" in result && "data" in result)
      return {
        status: (result.init as { status?: number } | undefined)?.status ?? 200,
        body: result.data as Answer["body"],
      };
    return { status: 200, data: result };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get("location") };
    const answer = thrown as { init?: { status?: number } };
    if (answer && typeof answer === "object" && "init" in answer)
      return { status: answer.init?.status ?? 500 };
    throw thrown;
  }
}

const page = (slug: string, who: Account, query = "") =>
  call(covenRoute.loader, `/covens/${slug}${query}`, who, { slug });
const act = (slug: string, who: Account, fields: Record<string, string>) =>
  call(covenRoute.action, `/covens/${slug}`, who, { slug }, fields);
const thread = (slug: string, post: string, who: Account) =>
  call(postRoute.loader, `/covens/${slug}/posts/${post}`, who, { slug, post });
const threadAct = (slug: string, post: string, who: Account, fields: Record<string, string>) =>
  call(postRoute.action, `/covens/${slug}/posts/${post}`, who, { slug, post }, fields);

/** A post through the composer; its slug, read from where the action sends its author. */
async function publish(slug: string, who: Account, title: string, content = "Bring candles.") {
  const answer = await act(slug, who, { intent: "post", title, content });
  expect(answer.status).toBe(302);
  const prefix = `/covens/${slug}/posts/`;
  expect(answer.location?.startsWith(prefix)).toBe(true);
  return answer.location!.slice(prefix.length);
}

async function told(who: Account) {
  return db()
    .select({
      type: notifications.type,
      params: notifications.params,
      url: notifications.actionUrl,
    })
    .from(notifications)
    .where(eq(notifications.userId, who.userId));
}

describe("the feed tab", () => {
  it("opens by default for members, about for outsiders, and is 403 to them by address", async () => {
    const mine = await page(open.slug, insider);
    expect(mine.data).toMatchObject({ tab: "feed", can: { post: true, pin: false } });
    const theirs = await page(open.slug, outsider);
    expect(theirs.data).toMatchObject({ tab: "about", feed: null });
    expect((await page(open.slug, outsider, "?tab=feed")).status).toBe(403);
    expect((await page(open.slug, admin)).data).toMatchObject({ tab: "feed", can: { pin: true } });
  });

  it("posts through the composer, refuses bad input with translated errors, and outsiders", async () => {
    const slug = await publish(open.slug, insider, "Dawn gathering at the old oak");
    const bad = await act(open.slug, insider, { intent: "post", title: "abc", content: "" });
    expect(bad.status).toBe(400);
    expect(bad.body?.fieldErrors).toMatchObject({
      title: "discussions.errors.titleTooShort",
      content: "discussions.errors.bodyRequired",
    });
    const refused = await act(open.slug, outsider, {
      intent: "post",
      title: "Let me in please",
      content: "x",
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(
      (await act(hidden.slug, outsider, { intent: "post", title: "Hello there", content: "x" }))
        .status,
    ).toBe(404);
    const feed = (await page(open.slug, owner)).data as {
      feed: { items: Array<{ slug: string; href: string; summary: string }> };
    };
    expect(feed.feed.items[0]).toMatchObject({
      slug,
      href: `/covens/${open.slug}/posts/${slug}`,
      summary: "Bring candles.",
    });
    const stored = await db().select().from(posts).where(eq(posts.title, "Let me in please"));
    expect(stored).toEqual([]);
  });

  it("pins for leaders only; a malformed or foreign post id changes nothing", async () => {
    const first = await publish(open.slug, owner, "First of the month");
    await publish(open.slug, insider, "Second of the month");
    const [row] = await db().select({ id: posts.id }).from(posts).where(eq(posts.slug, first));
    const postId = row!.id;
    const denied = await act(open.slug, insider, { intent: "pin", postId, pinned: "true" });
    expect(denied.status).toBe(403);
    expect(
      (await act(open.slug, insider, { intent: "pin", postId: "nope", pinned: "true" })).status,
    ).toBe(400);
    expect((await act(hidden.slug, owner, { intent: "pin", postId, pinned: "true" })).status).toBe(
      404,
    );
    const pinned = await act(open.slug, owner, { intent: "pin", postId, pinned: "true" });
    expect(pinned.body).toMatchObject({ ok: true, toast: { key: "covens.toasts.pinned" } });
    const feed = (await page(open.slug, insider)).data as {
      feed: { items: Array<{ slug: string; pinned: boolean }> };
    };
    expect(feed.feed.items[0]).toMatchObject({ slug: first, pinned: true });
    expect(feed.feed.items.filter((i) => i.pinned)).toHaveLength(1);
  });
});

describe("a coven post's thread", () => {
  it("is read by members and admins; a stranger of an invite-only coven gets 404, of an open one the join screen", async () => {
    const slug = await publish(hidden.slug, owner, "Secret rite of the grove");
    const read = await thread(hidden.slug, slug, insider);
    expect(read.status).toBe(200);
    expect(read.data).toMatchObject({ coven: { slug: hidden.slug }, writable: true });
    expect((await thread(hidden.slug, slug, admin)).status).toBe(200);
    expect((await thread(hidden.slug, slug, outsider)).status).toBe(404);
    // The public thread page never shows it, whoever asks.
    for (const who of [owner, admin])
      expect((await call(threadRoute.loader, `/discussions/${slug}`, who, { slug })).status).toBe(
        404,
      );
    // Another coven's address does not reach it either.
    expect((await thread(open.slug, slug, owner)).status).toBe(404);

    const openPost = await publish(open.slug, owner, "Open circle notes");
    const outside = await thread(open.slug, openPost, outsider);
    expect(outside).toMatchObject({ status: 302, location: `/covens/${open.slug}` });
  });

  it("takes members' comments at its own address; outsiders and the public thread's action are refused", async () => {
    const slug = await publish(hidden.slug, owner, "Candles for the equinox");
    const commented = await threadAct(hidden.slug, slug, insider, {
      intent: "comment",
      content: "I will bring beeswax.",
    });
    expect(commented.status).toBe(302);
    expect(commented.location).toMatch(
      new RegExp(`^/covens/${hidden.slug}/posts/${slug}\\?comment=[0-9a-f-]{36}#comment-`),
    );
    expect(
      (await threadAct(hidden.slug, slug, outsider, { intent: "comment", content: "Hi" })).status,
    ).toBe(404);
    expect(
      (
        await call(
          threadRoute.action,
          `/discussions/${slug}`,
          insider,
          { slug },
          {
            intent: "comment",
            content: "Through the front door",
          },
        )
      ).status,
    ).toBe(404);
    const [post] = await db().select({ id: posts.id }).from(posts).where(eq(posts.slug, slug));
    const written = await db().select().from(comments).where(eq(comments.postId, post!.id));
    expect(written.map((c) => c.content)).toEqual(["I will bring beeswax."]);
    const reacted = await threadAct(hidden.slug, slug, owner, {
      intent: "react",
      kind: "like",
      targetType: "comment",
      targetId: written[0]!.id,
    });
    expect(reacted.body).toMatchObject({ ok: true });
  });
});

describe("leaders moderating the feed", () => {
  it("remove members' comments and posts, audited; a plain member cannot, and the buttons follow", async () => {
    const slug = await publish(open.slug, insider, "A member's question");
    await threadAct(open.slug, slug, owner, { intent: "comment", content: "The owner answers." });
    await threadAct(open.slug, slug, insider, { intent: "comment", content: "Off topic here." });
    const [post] = await db().select({ id: posts.id }).from(posts).where(eq(posts.slug, slug));
    const written = await db().select().from(comments).where(eq(comments.postId, post!.id));
    const byOwner = written.find((c) => c.userId === owner.userId)!;
    const byInsider = written.find((c) => c.userId === insider.userId)!;

    // What each sees: the leader may remove everything, the member only their own.
    const seenByOwner = (await thread(open.slug, slug, owner)).data as {
      canRemovePost: boolean;
      canModifyPost: boolean;
      thread: { comments: Array<{ id: string; canRemove: boolean; canModify: boolean }> };
    };
    expect(seenByOwner).toMatchObject({ canRemovePost: true, canModifyPost: false });
    const ownerView = new Map(seenByOwner.thread.comments.map((c) => [c.id, c]));
    expect(ownerView.get(byInsider.id)).toMatchObject({ canRemove: true, canModify: false });
    const seenByInsider = (await thread(open.slug, slug, insider)).data as typeof seenByOwner;
    const insiderView = new Map(seenByInsider.thread.comments.map((c) => [c.id, c]));
    expect(insiderView.get(byOwner.id)).toMatchObject({ canRemove: false, canModify: false });

    // A plain member cannot remove a leader's comment.
    const refused = await threadAct(open.slug, slug, insider, {
      intent: "delete-comment",
      commentId: byOwner.id,
    });
    expect(refused.status).toBe(404);
    // The owner removes the member's comment, then the member's post.
    const removed = await threadAct(open.slug, slug, owner, {
      intent: "delete-comment",
      commentId: byInsider.id,
    });
    expect(removed.body).toMatchObject({ ok: true });
    const left = await db().select().from(comments).where(eq(comments.postId, post!.id));
    expect(left.map((c) => c.id)).toEqual([byOwner.id]);
    const gone = await threadAct(open.slug, slug, owner, { intent: "delete-post" });
    expect(gone).toMatchObject({ status: 302, location: `/covens/${open.slug}` });
    expect(await db().select().from(posts).where(eq(posts.id, post!.id))).toEqual([]);

    const audited = await db()
      .select({ action: auditLog.action, targetId: auditLog.targetId, actorId: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.actorId, owner.userId));
    expect(audited).toEqual(
      expect.arrayContaining([
        { action: "coven.comment_removed", targetId: byInsider.id, actorId: owner.userId },
        { action: "coven.post_removed", targetId: post!.id, actorId: owner.userId },
      ]),
    );
  });

  it("a leader of one coven removes nothing in another's feed", async () => {
    const other = await createCoven(insider.rules, { ...base, name: "Other Feed" });
    await joinCoven(owner.rules, other.slug);
    const slug = await publish(other.slug, insider, "Only mine to remove");
    // The owner of `open` is a plain member here.
    const refused = await threadAct(other.slug, slug, owner, { intent: "delete-post" });
    expect(refused.status).toBe(404);
    expect(await db().select().from(posts).where(eq(posts.slug, slug))).toHaveLength(1);
  });
});

describe("notifications of the feed", () => {
  it("tell the coven's other members of a new post, and nobody outside; a comment reaches only members", async () => {
    await drainJobs();
    await db().delete(notifications);
    // The outsider's profile slug, mentioned in the post and in a comment.
    const [profile] = await db()
      .select({ slug: profiles.slug })
      .from(profiles)
      .where(eq(profiles.userId, outsider.userId));
    const slug = await publish(
      hidden.slug,
      owner,
      "Moon water tonight",
      `Who joins? @${profile!.slug}`,
    );
    await drainJobs();
    const url = `/covens/${hidden.slug}/posts/${slug}`;
    expect(await told(insider)).toEqual([
      {
        type: "new_post",
        params: {
          kind: "covenPost",
          name: "Feed Owner",
          post: "Moon water tonight",
          coven: "Hidden Feed",
        },
        url,
      },
    ]);
    expect(await told(owner)).toEqual([]);
    expect(await told(outsider)).toEqual([]);
    expect(await told(admin)).toEqual([]);

    await threadAct(hidden.slug, slug, insider, {
      intent: "comment",
      content: `Count me in, and @${profile!.slug} too`,
    });
    await drainJobs();
    const toOwner = await told(owner);
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]).toMatchObject({ type: "new_reply", params: { kind: "reply" } });
    expect(toOwner[0]!.url).toMatch(new RegExp(`^${url}\\?comment=`));
    expect(await told(outsider)).toEqual([]);
  });

  it("a post's author who left the coven hears no more of its comments", async () => {
    const leaver = await member({ name: "Feed Leaver", tier: "full" });
    await joinCoven(leaver.rules, open.slug);
    const slug = await publish(open.slug, leaver, "Leaving soon, farewell");
    await leaveCoven(leaver.rules, open.slug);
    await drainJobs();
    await threadAct(open.slug, slug, insider, { intent: "comment", content: "Farewell!" });
    await drainJobs();
    const replies = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, leaver.userId), eq(notifications.type, "new_reply")));
    expect(replies).toEqual([]);
  });
});

describe("the events tab", () => {
  it("lists the coven's upcoming events for everyone who sees the coven; hosts get the new-event link", async () => {
    const start = new Date(Date.now() + 3 * 86_400_000);
    const { id } = await createEvent(
      owner.rules,
      open.id,
      eventInput({
        title: "Full moon rite",
        visibility: "coven",
        start,
        end: new Date(start.getTime() + 3_600_000),
      }),
    );
    const mine = (await page(open.slug, insider, "?tab=events")).data as {
      events: Array<{ id: string; title: string }>;
      can: { createEvent: boolean };
    };
    expect(mine.events.map((e) => e.id)).toEqual([id]);
    expect(mine.can.createEvent).toBe(false);
    const hosts = (await page(open.slug, owner, "?tab=events")).data as {
      can: { createEvent: boolean };
    };
    expect(hosts.can.createEvent).toBe(true);
    // A coven-only event is not for those outside the coven.
    const theirs = (await page(open.slug, outsider, "?tab=events")).data as { events: unknown[] };
    expect(theirs.events).toEqual([]);
  });
});
