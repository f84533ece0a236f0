import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/client.server";
import { auditLog } from "#app/modules/audit/schema";
import { drainJobs } from "#app/modules/events/index.server";
import { notifications } from "#app/modules/notifications/schema";
import { findQuick, searchByKind } from "#app/modules/search/index.server";
import { communityCounts, forgetCommunityCounts } from "#app/modules/shell/index.server";
import { recordView } from "#app/modules/videos/index.server";
import { mayReceiveMedia } from "#app/modules/media/index.server";
import { mediaFiles } from "#app/modules/media/schema";
import { videoRatings, videos } from "#app/modules/videos/schema";
import { member } from "../../../tests/helpers/community";
import { routeArgs } from "../../../tests/helpers/route-args";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import * as moderationRoute from "../admin/moderation";
import * as addRoute from "./add";
import * as listRoute from "./list";
import * as videoRoute from "./video";

/*
 * Videos as the framework calls their loaders and actions: who may share one (every tier), the
 * embed address check, moderation states and who sees what in each, views once per viewer per
 * day, ratings, follows and the new_video notifications they bring, the side navigation's badge
 * and site search.
 */

let cleanup: () => Promise<void>;
type Account = Awaited<ReturnType<typeof member>>;
let free: Account;
let premium: Account;
let lifetime: Account;
let admin: Account;
let uploaderFan: Account;
let tagFan: Account;
let stranger: Account;

beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  free = await member({ name: "Free Viewer" });
  premium = await member({ name: "Premium Sharer", tier: "full" });
  lifetime = await member({ name: "Lifetime Sharer", tier: "lifetime" });
  admin = await member({ role: "admin", name: "Video Admin" });
  uploaderFan = await member({ name: "Uploader Fan" });
  tagFan = await member({ name: "Tag Fan", tier: "full" });
  stranger = await member({ name: "Stranger" });
});
afterAll(() => cleanup());

interface Answer {
  status: number;
  location?: string | null;
  body?: { ok: boolean; fieldErrors?: Record<string, string>; formError?: string };
  data?: Record<string, unknown>;
}

function request(
  path: string,
  who: Account | null,
  fields?: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const all: Record<string, string> = { ...headers };
  if (who) all.cookie = who.cookie;
  if (fields) all["content-type"] = "application/x-www-form-urlencoded";
  return new Request(`http://localhost:3000${path}`, {
    method: fields ? "POST" : "GET",
    headers: all,
    body: fields ? new URLSearchParams(fields) : undefined,
  });
}

async function call(
  run: (args: never) => unknown,
  req: Request,
  params: Record<string, string> = {},
): Promise<Answer> {
  try {
    const result = (await run(routeArgs(req, params))) as Record<string, unknown>;
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

const watch = (slug: string, who: Account | null, headers: Record<string, string> = {}) =>
  call(videoRoute.loader, request(`/video/${slug}`, who, undefined, headers), { slug });
const act = (slug: string, who: Account | null, fields: Record<string, string>) =>
  call(videoRoute.action, request(`/video/${slug}`, who, fields), { slug });
const moderate = (who: Account, fields: Record<string, string>) =>
  call(moderationRoute.action, request("/admin/moderation", who, fields));

let sequence = 0;
/** Shares a video through /add-video; its slug, read from where the action sends its uploader. */
async function share(who: Account, fields: Partial<Record<string, string>> = {}) {
  sequence += 1;
  const answer = await call(
    addRoute.action,
    request("/add-video", who, {
      source: "embed",
      embedUrl: `https://www.youtube.com/watch?v=abcdefghi${String(sequence).padStart(2, "0")}`,
      title: `Candle working ${sequence}`,
      description: "How to **dress** a candle.",
      tags: "candles, Moon Work",
      ...fields,
    } as Record<string, string>),
  );
  expect(answer.status).toBe(302);
  expect(answer.location?.startsWith("/video/")).toBe(true);
  return decodeURIComponent(answer.location!.slice("/video/".length));
}

async function row(slug: string) {
  const [found] = await db().select().from(videos).where(eq(videos.slug, slug));
  return found;
}

async function newVideoNotices(who: Account) {
  return db()
    .select({ params: notifications.params, url: notifications.actionUrl })
    .from(notifications)
    .where(and(eq(notifications.userId, who.userId), eq(notifications.type, "new_video")));
}

describe("/add-video", () => {
  it("is open to premium members and admins only, on every tier", async () => {
    const open = (who: Account | null) => call(addRoute.loader, request("/add-video", who));
    expect((await open(null)).status).toBe(403);
    expect((await open(free)).status).toBe(403);
    expect((await open(premium)).status).toBe(200);
    expect((await open(lifetime)).status).toBe(200);
    expect((await open(admin)).status).toBe(200);
    for (const tier of ["premium", "pro", "yearly"] as const) {
      const paying = await member({ name: `Tier ${tier}`, tier });
      expect((await open(paying)).status).toBe(200);
    }
    // A forged post from a free member or a guest changes nothing.
    const before = await db().select({ id: videos.id }).from(videos);
    const fields = {
      source: "embed",
      embedUrl: "https://youtu.be/dQw4w9WgXcQ",
      title: "Not allowed",
    };
    expect((await call(addRoute.action, request("/add-video", free, fields))).status).toBe(403);
    expect((await call(addRoute.action, request("/add-video", null, fields))).status).toBe(403);
    expect(await db().select({ id: videos.id }).from(videos)).toHaveLength(before.length);
  });

  it.each([
    ["a script address", "javascript:alert(1)"],
    ["another host", "https://evil.example/watch?v=dQw4w9WgXcQ"],
    ["a look-alike host", "https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ"],
    ["a huge address", "https://www.youtube.com/watch?v=" + "x".repeat(5000)],
    ["a playlist", "https://www.youtube.com/playlist?list=PL0123456789"],
  ])("refuses %s with a translated message", async (_what, embedUrl) => {
    const answer = await call(
      addRoute.action,
      request("/add-video", premium, { source: "embed", embedUrl, title: "A title" }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body?.fieldErrors?.embedUrl).toBe("videos.errors.embedInvalid");
  });

  it("refuses a missing source, a short title and too many tags", async () => {
    const post = (fields: Record<string, string>) =>
      call(addRoute.action, request("/add-video", premium, fields));
    expect((await post({ title: "Hello" })).body?.fieldErrors).toMatchObject({
      source: "videos.errors.sourceRequired",
    });
    const answer = await post({
      source: "embed",
      embedUrl: "https://vimeo.com/76979871",
      title: "x",
      tags: "a,b,c,d,e,f,g,h,i",
    });
    expect(answer.status).toBe(400);
    expect(answer.body?.fieldErrors).toMatchObject({
      title: "videos.errors.titleTooShort",
      tags: "videos.errors.tagsTooMany",
    });
  });
});

describe("moderation", () => {
  it("keeps a member's video pending, seen by its uploader and admins only, until an admin publishes it", async () => {
    expect(
      (await act("no-such-video", uploaderFan, { intent: "follow-tag", tag: "x", follow: "on" }))
        .status,
    ).toBe(404);
    const slug = await share(premium, { title: "Pending ritual" });
    const video = await row(slug);
    expect(video).toMatchObject({
      status: "pending",
      embedProvider: "youtube",
      tags: ["candles", "moon-work"],
    });
    expect(video?.descriptionHtml).toContain("<strong>dress</strong>");
    expect((await watch(slug, null)).status).toBe(404);
    expect((await watch(slug, free)).status).toBe(404);
    const own = await watch(slug, premium);
    expect(own.status).toBe(200);
    expect(own.data).toMatchObject({ video: { status: "pending", public: false } });
    expect((await watch(slug, admin)).data).toMatchObject({ permissions: { canModerate: true } });
    // Not in the list, not in search, and the queue has it.
    const list = await call(listRoute.loader, request("/videos", null));
    expect(JSON.stringify(list.data)).not.toContain("Pending ritual");
    expect(await findQuick("pending ritual")).toMatchObject({ results: [] });
    const queue = await call(moderationRoute.loader, request("/admin/moderation", admin));
    expect((queue.data?.videos as { slug: string }[]).map((v) => v.slug)).toContain(slug);
    // Members cannot decide.
    expect((await act(slug, premium, { intent: "video-publish", videoId: video!.id })).status).toBe(
      403,
    );
    // An admin publishes: audited, public, listed.
    const published = await moderate(admin, { intent: "video-publish", videoId: video!.id });
    expect(published.body).toMatchObject({ ok: true });
    expect(await row(slug)).toMatchObject({ status: "published", isActive: true });
    expect((await row(slug))?.publishedAt).not.toBeNull();
    expect((await watch(slug, null)).status).toBe(200);
    const audits = await db().select().from(auditLog).where(eq(auditLog.targetId, video!.id));
    expect(audits.map((a) => a.action)).toEqual(["video.publish"]);
  });

  it("rejects, hides, shows and deletes, each audited; a malformed id is a 400", async () => {
    const rejected = await share(premium, { title: "Rejected rite" });
    const rejectedRow = (await row(rejected))!;
    await moderate(admin, { intent: "video-reject", videoId: rejectedRow.id });
    expect(await row(rejected)).toMatchObject({ status: "rejected" });
    expect((await watch(rejected, null)).status).toBe(404);
    expect((await watch(rejected, premium)).data).toMatchObject({ video: { status: "rejected" } });

    const slug = await share(admin, { title: "Admin lecture" });
    const video = (await row(slug))!;
    expect(video.status).toBe("published");
    await moderate(admin, { intent: "video-hide", videoId: video.id });
    expect((await watch(slug, null)).status).toBe(404);
    expect((await watch(slug, admin)).data).toMatchObject({ video: { isActive: false } });
    await moderate(admin, { intent: "video-show", videoId: video.id });
    expect((await watch(slug, null)).status).toBe(200);
    const gone = await act(slug, admin, { intent: "video-delete", videoId: video.id });
    expect(gone).toMatchObject({ status: 302, location: "/videos" });
    expect(await row(slug)).toBeUndefined();
    const actions = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, video.id));
    expect(actions.map((a) => a.action).sort()).toEqual([
      "video.delete",
      "video.hide",
      "video.show",
    ]);

    expect((await moderate(admin, { intent: "video-publish", videoId: "nope" })).status).toBe(400);
    expect((await moderate(admin, { intent: "video-publish", videoId: video.id })).status).toBe(
      409,
    );
  });

  it("gives a non-Latin title a slug of its own", async () => {
    const slug = await share(admin, { title: "Лунный ритуал" });
    expect(slug.length).toBeGreaterThan(0);
    expect((await watch(slug, null)).data).toMatchObject({ video: { title: "Лунный ритуал" } });
  });
});

describe("views", () => {
  it("counts once per viewer per day: members by id, guests by address and browser", async () => {
    const slug = await share(admin, { title: "Counted views" });
    await watch(slug, free);
    await watch(slug, free);
    expect((await row(slug))?.views).toBe(1);
    const guest = { "user-agent": "Browser A", "x-forwarded-for": "203.0.113.9" };
    await watch(slug, null, guest);
    await watch(slug, null, guest);
    expect((await row(slug))?.views).toBe(2);
    await watch(slug, null, { ...guest, "user-agent": "Browser B" });
    expect((await row(slug))?.views).toBe(3);
    // The next day the same member counts again.
    const video = (await row(slug))!;
    expect(await recordView(video.id, `m:${free.userId}`, new Date(Date.now() + 86_400_000))).toBe(
      true,
    );
    expect(await recordView(video.id, `m:${free.userId}`, new Date(Date.now() + 86_400_000))).toBe(
      false,
    );
    expect((await row(slug))?.views).toBe(4);
  });

  it("counts no view of a video that is not public", async () => {
    const slug = await share(premium, { title: "Unseen pending" });
    await watch(slug, premium);
    await watch(slug, admin);
    expect((await row(slug))?.views).toBe(0);
  });
});

describe("ratings", () => {
  it("keeps one 1–5 rating per member, changed in place, and refuses the uploader and bad values", async () => {
    const slug = await share(admin, { title: "Rated talk" });
    const before = (await row(slug))!.powerScore;
    expect((await act(slug, free, { intent: "rate", rating: "5" })).body).toMatchObject({
      ok: true,
    });
    expect((await act(slug, free, { intent: "rate", rating: "2" })).status).toBe(200);
    expect((await act(slug, stranger, { intent: "rate", rating: "5" })).status).toBe(200);
    expect(await row(slug)).toMatchObject({ ratingSum: 7, ratingCount: 2 });
    // (7 + 6) / (2 + 2) = 3.25 above the neutral 3: the score rises.
    expect((await row(slug))!.powerScore).toBeGreaterThan(before);
    const own = await watch(slug, free);
    expect(own.data).toMatchObject({ viewerState: { myRating: 2 }, video: { rating: 3.5 } });
    for (const rating of ["0", "6", "2.5", "abc", "", "1e9"]) {
      expect((await act(slug, free, { intent: "rate", rating })).status).toBe(400);
    }
    expect((await act(slug, admin, { intent: "rate", rating: "5" })).status).toBe(403);
    expect((await act(slug, null, { intent: "rate", rating: "5" })).status).toBe(302);
    const rows = await db()
      .select()
      .from(videoRatings)
      .where(eq(videoRatings.videoId, (await row(slug))!.id));
    expect(rows).toHaveLength(2);
  });
});

describe("follows and new_video notifications", () => {
  it("tells followers of the uploader or a tag when a video is published, not everyone", async () => {
    const first = await share(premium, { title: "First of many", tags: "herbs" });
    await moderate(admin, { intent: "video-publish", videoId: (await row(first))!.id });
    await drainJobs();
    // Follow the uploader and a tag from the video page.
    expect(
      (await act(first, uploaderFan, { intent: "follow-uploader", follow: "on" })).body,
    ).toMatchObject({ ok: true });
    expect(
      (await act(first, tagFan, { intent: "follow-tag", tag: "Herbs", follow: "on" })).status,
    ).toBe(200);
    expect((await act(first, premium, { intent: "follow-uploader", follow: "on" })).status).toBe(
      403,
    );
    const state = await watch(first, tagFan);
    expect(state.data).toMatchObject({ viewerState: { followedTags: ["herbs"] } });

    const next = await share(premium, { title: "Herbal baths", tags: "herbs, water" });
    await drainJobs();
    expect(await newVideoNotices(uploaderFan)).toHaveLength(0); // pending: nobody is told yet
    await moderate(admin, { intent: "video-publish", videoId: (await row(next))!.id });
    await drainJobs();
    for (const fan of [uploaderFan, tagFan]) {
      expect(await newVideoNotices(fan)).toEqual([
        {
          params: { kind: "newVideo", name: "Premium Sharer", video: "Herbal baths" },
          url: `/video/${next}`,
        },
      ]);
    }
    expect(await newVideoNotices(stranger)).toHaveLength(0);
    expect(await newVideoNotices(premium)).toHaveLength(0);

    // Unfollowing stops them.
    await act(first, uploaderFan, { intent: "follow-uploader", follow: "off" });
    await share(premium, { title: "Unheard", tags: "other" }).then(async (slug) => {
      await moderate(admin, { intent: "video-publish", videoId: (await row(slug))!.id });
    });
    await drainJobs();
    expect(await newVideoNotices(uploaderFan)).toHaveLength(1);
  });
});

describe("the list, the side navigation and search", () => {
  it("lists by tag and sort, shows 'New' for a video of the last 7 days, and finds by title", async () => {
    const slug = await share(admin, { title: "Obsidian scrying", tags: "scrying" });
    const byTag = await call(listRoute.loader, request("/videos?tag=scrying&sort=power", null));
    expect((byTag.data?.rows as { slug: string }[]).map((r) => r.slug)).toEqual([slug]);
    const odd = await call(
      listRoute.loader,
      request("/videos?sort=%00&page=-4&tag=" + "x".repeat(99), null),
    );
    expect(odd.status).toBe(200);
    for (const sort of ["newest", "views", "rating", "power"]) {
      const answer = await call(listRoute.loader, request(`/videos?sort=${sort}`, null));
      expect((answer.data?.rows as unknown[]).length).toBeGreaterThan(0);
    }

    forgetCommunityCounts();
    expect((await communityCounts()).newVideos).toBe(true);
    await db()
      .update(videos)
      .set({ publishedAt: new Date(Date.now() - 8 * 86_400_000) });
    forgetCommunityCounts();
    expect((await communityCounts()).newVideos).toBe(false);

    const groups = await searchByKind("obsidian");
    const found = groups.find((g) => g.kind === "video");
    expect(found?.results[0]).toMatchObject({ url: `/video/${slug}`, score: 90 });
    // Every shared video says "candle" in its description; only some in the title.
    const candles = (await searchByKind("candle")).find((g) => g.kind === "video")!.results;
    expect(candles.length).toBeGreaterThan(1);
    for (const result of candles) {
      expect(result.score).toBe(/candle/i.test(result.title) ? 90 : 75);
    }
    expect(candles.some((r) => r.score === 75)).toBe(true);
    const quick = await findQuick("candle");
    expect(quick.results.filter((r) => r.kind === "video").length).toBeLessThanOrEqual(3);
  });
});

describe("uploaded videos", () => {
  /** A finished upload of `owner`, as the media engine leaves it (purpose "video"). */
  async function upload(owner: Account, values: Partial<typeof mediaFiles.$inferInsert> = {}) {
    const id = crypto.randomUUID();
    const [file] = await db()
      .insert(mediaFiles)
      .values({
        id,
        ownerId: owner.userId,
        purpose: "video",
        storageKey: `videos/${id}`,
        contentType: "video/webm",
        size: 1234,
        originalName: "ritual.webm",
        durationSeconds: 95,
        posterKey: `videos/${id}.jpg`,
        status: "ready",
        ...values,
      })
      .returning();
    return file!;
  }

  it("adopts the member's own finished upload, and serves it to everyone once published", async () => {
    const file = await upload(premium);
    const slug = await share(premium, {
      source: "upload",
      mediaFileId: file.id,
      embedUrl: "",
      title: "Uploaded ritual",
    });
    const video = (await row(slug))!;
    expect(video).toMatchObject({
      mediaFileId: file.id,
      embedProvider: null,
      durationSeconds: 95,
      posterUrl: `/media/files/${file.id}/poster`,
      status: "pending",
    });
    const [attached] = await db().select().from(mediaFiles).where(eq(mediaFiles.id, file.id));
    expect(attached?.attachedAt).not.toBeNull();
    expect((await watch(slug, premium)).data).toMatchObject({
      video: { file: { src: `/media/files/${file.id}` } },
    });
    // Pending: only the owner and admins receive the bytes (the media engine's own rule).
    expect(await mayReceiveMedia(null, attached!)).toBe(false);
    await moderate(admin, { intent: "video-publish", videoId: video.id });
    expect(await mayReceiveMedia(null, attached!)).toBe(true);
    await moderate(admin, { intent: "video-hide", videoId: video.id });
    expect(await mayReceiveMedia(null, attached!)).toBe(false);
    // Deleting the video deletes its file.
    await moderate(admin, { intent: "video-delete", videoId: video.id });
    expect(await db().select().from(mediaFiles).where(eq(mediaFiles.id, file.id))).toEqual([]);
  });

  it("refuses someone else's file, an unfinished one, one already used, and a missing one", async () => {
    const post = (fields: Record<string, string>) =>
      call(
        addRoute.action,
        request("/add-video", premium, { source: "upload", title: "Not mine", ...fields }),
      );
    const theirs = await upload(lifetime);
    const answer = await post({ mediaFileId: theirs.id });
    expect(answer.status).toBe(400);
    expect(answer.body?.fieldErrors?.mediaFileId).toBe("media.errors.fileUnavailable");
    const unfinished = await upload(premium, { status: "uploading" });
    expect((await post({ mediaFileId: unfinished.id })).body?.fieldErrors?.mediaFileId).toBe(
      "media.errors.notReady",
    );
    const used = await upload(premium);
    await share(premium, { source: "upload", mediaFileId: used.id, title: "First use" });
    expect((await post({ mediaFileId: used.id })).status).toBe(400);
    expect((await post({ mediaFileId: "" })).body?.fieldErrors?.mediaFileId).toBe(
      "videos.errors.uploadMissing",
    );
    expect((await post({ mediaFileId: "../etc" })).status).toBe(400);
    expect(await db().select().from(videos).where(eq(videos.title, "Not mine"))).toEqual([]);
  });
});

describe("comments under a video (the discussions engine in the video's scope)", () => {
  type Loaded = {
    thread: {
      post: { id: string };
      comments: Array<{ id: string; content: string }>;
      commentRefusal: string | null;
    } | null;
  };
  const threadOf = async (slug: string, who: Account | null, query = "") =>
    (
      (await call(videoRoute.loader, request(`/video/${slug}${query}`, who), { slug }))
        .data as Loaded
    ).thread;
  const comment = async (slug: string, who: Account, content: string) => {
    const answer = await act(slug, who, { intent: "comment", content });
    return answer;
  };

  it("guests read them, members write them, and the uploader hears of them on the video's page", async () => {
    const slug = await share(admin, { title: "Smoke cleansing at dusk" });
    const empty = await threadOf(slug, null);
    expect(empty?.comments).toEqual([]);
    expect(empty?.commentRefusal).toBe("signIn");
    expect((await threadOf(slug, free))?.commentRefusal).toBeNull();

    const answer = await comment(slug, premium, "The sage bundle tip was **perfect**.");
    expect(answer.status).toBe(302);
    const id = /\?comment=([0-9a-f-]{36})#comment-/.exec(answer.location ?? "")?.[1];
    expect(answer.location).toBe(`/video/${encodeURIComponent(slug)}?comment=${id}#comment-${id}`);
    const shown = await threadOf(slug, null, `?comment=${id}`);
    expect(shown?.comments.map((c) => c.id)).toEqual([id]);

    await drainJobs();
    const notices = await db()
      .select({ url: notifications.actionUrl })
      .from(notifications)
      .where(eq(notifications.userId, admin.userId));
    expect(notices.map((n) => n.url)).toContain(
      `/video/${encodeURIComponent(slug)}?comment=${id}#comment-${id}`,
    );
    // A new free member's comment waits for a moderator, as in the discussions.
    await comment(slug, free, "My first comment here.");
    expect((await threadOf(slug, null))?.comments.map((c) => c.id)).toEqual([id]);
    // A guest's comment goes nowhere: to sign in.
    const guest = await act(slug, null, { intent: "comment", content: "Hello" });
    expect(guest.status).toBe(302);
    expect(guest.location).toMatch(/^\/auth/);
  });

  it("stay out of every public list, count and search", async () => {
    forgetCommunityCounts();
    const before = (await communityCounts()).discussions;
    const slug = await share(admin, { title: "Moonwater blessing" });
    await comment(slug, premium, "Moonwater under the full moon, every month.");
    forgetCommunityCounts();
    expect((await communityCounts()).discussions).toBe(before);
    const posts = (await searchByKind("moonwater")).find((g) => g.kind === "post");
    expect(posts?.results ?? []).toEqual([]);
    const quick = await findQuick("moonwater blessing");
    expect(quick.results.filter((r) => r.kind === "post")).toEqual([]);
  });

  it("a pending or hidden video takes none, and a comment of another video is not found here", async () => {
    const pending = await share(premium, { title: "Waiting for review" });
    expect(await threadOf(pending, premium)).toBeNull();
    expect((await comment(pending, premium, "First!")).status).toBe(404);

    const first = await share(admin, { title: "Tea leaf reading" });
    const second = await share(admin, { title: "Coffee ground reading" });
    const answer = await comment(first, premium, "Tea leaves first.");
    const id = /\?comment=([0-9a-f-]{36})/.exec(answer.location ?? "")![1]!;
    // Another video's comment id, edited or deleted through this video's page: not found.
    const edit = await act(second, premium, {
      intent: "edit-comment",
      commentId: id,
      content: "X",
    });
    expect(edit.status).toBe(404);
    const remove = await act(second, premium, { intent: "delete-comment", commentId: id });
    expect(remove.status).toBe(404);
    // The thread's post itself is no target: no deleting or featuring it from the page.
    const uploaderDelete = await act(first, admin, { intent: "delete-post" });
    expect(uploaderDelete.status).toBeGreaterThanOrEqual(400);
    expect((await threadOf(first, null))?.comments.map((c) => c.id)).toEqual([id]);

    const video = await row(first);
    await moderate(admin, { intent: "video-hide", videoId: video!.id });
    expect((await comment(first, free, "Still here?")).status).toBe(404);
    expect(
      (await call(videoRoute.loader, request(`/video/${first}`, free), { slug: first })).status,
    ).toBe(404);
  });
});
