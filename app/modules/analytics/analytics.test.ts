import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "#app/db/client.server";
import { config } from "#app/lib/config.server";
import { CLIENT_IP_HEADER } from "#app/modules/auth/index.server";
import { drainJobs, emitEvent } from "#app/modules/events/index.server";
import { updateSettings } from "#app/modules/settings/index.server";
import { startTestApp } from "../../../tests/helpers/app";
import { signedInRequest } from "../../../tests/helpers/accounts";
import { activityOf, deleteActivity, recordActivity } from "./activity.server";
import { bufferState, discardBuffered, flushAnalytics, setBufferLimits } from "./buffer.server";
import { forgetRecentViews, recordBeacon, visitorHash } from "./ingest.server";
import { deleteExpiredAnalytics, rollUp } from "./rollup.server";
import {
  activityEvents,
  analyticsDaily,
  crawlerVisits,
  pageViews,
  visitorSessions,
} from "./schema";

/*
 * Analytics on the database: document requests through the whole application become page views
 * (people) or crawler visits (bots, never visitors); client navigations are not counted twice;
 * presence writes at most once per 30 s; the bounded buffer; daily rollups equal the raw counts;
 * retention deletes old raw rows and keeps rollups; members' own activity; and the stop sequence
 * writing what the buffer holds.
 */

const DESKTOP =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let app: Awaited<ReturnType<typeof startTestApp>>;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  setBufferLimits(null);
  await app.cleanup();
});
beforeEach(async () => {
  setBufferLimits(null);
  await flushAnalytics();
  discardBuffered();
  forgetRecentViews();
  for (const table of [pageViews, crawlerVisits, activityEvents, visitorSessions, analyticsDaily])
    await db().delete(table);
});

const total = async (table: typeof pageViews | typeof crawlerVisits | typeof activityEvents) =>
  (await db().select({ n: count() }).from(table))[0]!.n;

function beacon(userAgent: string, cookie?: string) {
  return new Request("http://localhost:3000/api/analytics", {
    method: "POST",
    headers: {
      "user-agent": userAgent,
      [CLIENT_IP_HEADER]: "unknown",
      ...(cookie ? { cookie } : {}),
    },
  });
}

const DAY = 86_400_000;

describe("page views recorded by the server", () => {
  it("counts people's document requests as page views and bots' as crawler visits, never visitors", async () => {
    const page = async (path: string, headers: Record<string, string>) => {
      const response = await app.fetch(path, { headers });
      expect(response.status).toBe(200);
      await response.text();
    };
    await page("/auth", {
      "user-agent": DESKTOP,
      referer: "https://news.example.org/story?id=4",
      "accept-language": "ar,en;q=0.5",
    });
    await page("/auth", { "user-agent": DESKTOP });
    await page("/", { "user-agent": PHONE, referer: "http://localhost:3000/auth" });
    await page("/auth", { "user-agent": GOOGLEBOT, referer: "https://www.google.com/" });
    await page("/search", { "user-agent": "" });
    // Not documents: a client navigation's data, an API answer, a static asset.
    await (await app.fetch("/faq.data", { headers: { "user-agent": DESKTOP } })).text();
    await (await app.fetch("/healthz", { headers: { "user-agent": DESKTOP } })).text();
    await flushAnalytics();

    const views = await db().select().from(pageViews).orderBy(pageViews.at);
    expect(views.map((v) => v.path).sort()).toEqual(["/", "/auth", "/auth"]);
    expect(new Set(views.map((v) => v.visitorHash)).size).toBe(2);
    const fromNews = views.find((v) => v.referrerHost === "news.example.org");
    expect(fromNews).toMatchObject({ path: "/auth", language: "ar", device: "desktop" });
    // The site's own pages are no referrer.
    expect(views.find((v) => v.device === "mobile")).toMatchObject({
      path: "/",
      referrerHost: null,
    });
    // No address is stored anywhere in the row.
    expect(JSON.stringify(views)).not.toContain("unknown");

    const crawlers = await db().select().from(crawlerVisits);
    expect(crawlers).toHaveLength(2);
    const google = crawlers.find((c) => c.userAgent === GOOGLEBOT)!;
    expect(google).toMatchObject({
      requestPath: "/auth",
      requestMethod: "GET",
      responseStatus: 200,
      referrer: "https://www.google.com/",
    });
    expect(google.requestHeaders).not.toHaveProperty("cookie");
    expect(google.requestHeaders).not.toHaveProperty(CLIENT_IP_HEADER);
    // A bot's beacons are not recorded either.
    expect(recordBeacon(beacon(GOOGLEBOT), { kind: "view", path: "/x" }, null)).toBe(false);
    expect(recordBeacon(beacon(GOOGLEBOT), { kind: "beat", path: "/x" }, null)).toBe(false);
    await flushAnalytics();
    expect(await total(pageViews)).toBe(3);

    // The day's rollup: two visitors, three views, two crawler visits.
    const tomorrow = new Date(Date.now() + DAY);
    await rollUp(tomorrow);
    const rolled = await db().select().from(analyticsDaily).where(eq(analyticsDaily.dimension, ""));
    const metric = (m: string) => rolled.find((r) => r.metric === m)?.value;
    expect(metric("visitors")).toBe(2);
    expect(metric("page_views")).toBe(3);
    expect(metric("crawler_visits")).toBe(2);
  });

  it("records nothing with ANALYTICS=off: no page view, crawler visit or presence", async () => {
    const settings = config() as { ANALYTICS: boolean };
    const before = { views: await total(pageViews), crawlers: await total(crawlerVisits) };
    settings.ANALYTICS = false;
    try {
      for (const agent of [DESKTOP, GOOGLEBOT]) {
        const response = await app.fetch("/auth", { headers: { "user-agent": agent } });
        expect(response.status).toBe(200);
        await response.text();
      }
      expect(recordBeacon(beacon(DESKTOP), { kind: "view", path: "/off" }, null)).toBe(false);
      expect(recordBeacon(beacon(DESKTOP), { kind: "beat", path: "/off" }, null)).toBe(false);
    } finally {
      settings.ANALYTICS = true;
    }
    await flushAnalytics();
    expect(await total(pageViews)).toBe(before.views);
    expect(await total(crawlerVisits)).toBe(before.crawlers);
    expect(bufferState().waiting).toBe(0);
  });

  it("records a member's page view with their id and an activity record", async () => {
    const member = await signedInRequest();
    const response = await app.fetch("/search", {
      headers: { "user-agent": DESKTOP, cookie: member.cookie },
    });
    expect(response.status).toBe(200);
    await response.text();
    await flushAnalytics();
    const [view] = await db().select().from(pageViews);
    expect(view?.userId).toBe(member.userId);
    const own = await activityOf(member.userId, null);
    expect(own.entries).toEqual([
      expect.objectContaining({ type: "page_view", data: { path: "/search", referrerHost: null } }),
    ]);
  });

  it("does not count a client navigation twice with the document request that served it", async () => {
    await (await app.fetch("/auth", { headers: { "user-agent": DESKTOP } })).text();
    // The page's first navigation event repeats the document request: ignored.
    expect(recordBeacon(beacon(DESKTOP), { kind: "view", path: "/auth" }, null)).toBe(false);
    // A later navigation to another page and back is recorded.
    expect(recordBeacon(beacon(DESKTOP), { kind: "view", path: "/search" }, null)).toBe(true);
    expect(recordBeacon(beacon(DESKTOP), { kind: "view", path: "/auth" }, null)).toBe(true);
    await flushAnalytics();
    const views = await db().select().from(pageViews);
    expect(views.map((v) => `${v.source} ${v.path}`).sort()).toEqual([
      "document /auth",
      "navigation /auth",
      "navigation /search",
    ]);
  });

  it("the beacon endpoint answers 204, and 400 to malformed input", async () => {
    const post = (body: string) =>
      app.fetch("/api/analytics", {
        method: "POST",
        headers: { "user-agent": DESKTOP, "content-type": "application/x-www-form-urlencoded" },
        body,
      });
    expect((await post("kind=view&path=%2Fdiscussions%3Ftoken%3Dsecret")).status).toBe(204);
    for (const bad of [
      "kind=view&path=https%3A%2F%2Fevil.test%2F",
      "kind=view&path=%2F%2Fevil.test",
      "kind=steal&path=%2F",
      "kind=view",
      `kind=view&path=%2F${"a".repeat(3000)}`,
      "%%%",
    ])
      expect((await post(bad)).status, bad).toBe(400);
    expect((await app.fetch("/api/analytics")).status).toBeGreaterThanOrEqual(400);
    // Bodies that are no form at all.
    for (const [type, body] of [
      ["application/json", '{"kind":"view","path":"/"}'],
      ["text/plain", "\0\0"],
      ["multipart/form-data", "a=b"],
      [
        "multipart/form-data; boundary=x",
        '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n\0',
      ],
    ])
      expect(
        (
          await app.fetch("/api/analytics", {
            method: "POST",
            headers: { "user-agent": DESKTOP, "content-type": type! },
            body,
          })
        ).status,
        type,
      ).toBe(400);
    expect(
      (await app.fetch("/api/analytics", { method: "POST", headers: { "user-agent": DESKTOP } }))
        .status,
    ).toBe(400);
    // Answered ahead of the pages, it still refuses writes from another site and huge bodies.
    const foreign = await app.fetch("/api/analytics", {
      method: "POST",
      headers: {
        origin: "https://evil.test",
        "user-agent": DESKTOP,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "kind=view&path=%2Fforeign",
    });
    expect(foreign.status).toBe(403);
    expect((await post(`kind=view&path=%2F&pad=${"a".repeat(9 * 1024 * 1024)}`)).status).toBe(413);
    await flushAnalytics();
    const views = await db().select().from(pageViews);
    // The query string (which may carry a token) is never stored.
    expect(views.map((v) => v.path)).toEqual(["/discussions"]);
  });
});

describe("presence", () => {
  it("writes a visitor's row at most once per 30 s, and online now is the last 2 minutes", async () => {
    const t0 = new Date("2030-01-01T10:00:00Z");
    const at = (s: number) => new Date(t0.getTime() + s * 1000);
    recordBeacon(beacon(DESKTOP), { kind: "beat", path: "/a" }, null, at(0));
    await flushAnalytics();
    recordBeacon(beacon(DESKTOP), { kind: "beat", path: "/b" }, null, at(10));
    expect(bufferState().waiting).toBe(0);
    recordBeacon(beacon(DESKTOP), { kind: "beat", path: "/c" }, null, at(31));
    expect(bufferState().waiting).toBe(1);
    recordBeacon(beacon(PHONE), { kind: "beat", path: "/d" }, null, at(0));
    await flushAnalytics();
    const rows = await db().select().from(visitorSessions);
    expect(rows).toHaveLength(2);
    const desktop = rows.find((r) => r.sessionId === visitorHash("unknown", DESKTOP, t0))!;
    expect(desktop).toMatchObject({ path: "/c", lastSeen: at(31) });
    const online = async (now: Date) =>
      (
        await db()
          .select({ n: count() })
          .from(visitorSessions)
          .where(
            sql`${visitorSessions.lastSeen} > ${new Date(now.getTime() - 120_000).toISOString()}::timestamptz`,
          )
      )[0]!.n;
    expect(await online(at(100))).toBe(2);
    expect(await online(at(140))).toBe(1);
  });

  it("a visitor's hash changes from one day to the next", () => {
    const a = visitorHash("203.0.113.9", DESKTOP, new Date("2030-01-01T23:59:00Z"));
    expect(visitorHash("203.0.113.9", DESKTOP, new Date("2030-01-01T00:01:00Z"))).toBe(a);
    expect(visitorHash("203.0.113.9", DESKTOP, new Date("2030-01-02T00:01:00Z"))).not.toBe(a);
    expect(a).not.toContain("203.0.113.9");
  });
});

describe("the write buffer", () => {
  it("is bounded: past the bound rows are dropped and counted, the rest written", async () => {
    setBufferLimits({ maxBuffered: 5, flushMs: 3_600_000 });
    const before = bufferState().dropped;
    for (let i = 0; i < 8; i += 1)
      recordBeacon(beacon(`${DESKTOP} ${i}`), { kind: "view", path: `/p${i}` }, null);
    // Each view also marks presence: five rows fill the buffer.
    expect(bufferState().waiting).toBe(5);
    expect(bufferState().dropped - before).toBeGreaterThanOrEqual(3);
    await flushAnalytics();
    expect(bufferState().waiting).toBe(0);
    expect(await total(pageViews)).toBeGreaterThan(0);
  });

  it("writes batches larger than one insert", async () => {
    for (let i = 0; i < 1_200; i += 1)
      recordActivity(crypto.randomUUID(), "search", { term: `t${i}` });
    // Activity rows for accounts that do not exist fail the batch: kept, then dropped below.
    await flushAnalytics();
    expect(bufferState().waiting).toBeGreaterThan(0);
    discardBuffered();
    const member = await signedInRequest();
    for (let i = 0; i < 1_200; i += 1) recordActivity(member.userId, "search", { term: `t${i}` });
    await flushAnalytics();
    expect(await total(activityEvents)).toBe(1_200);
  });
});

describe("daily rollups and retention", () => {
  async function seedDays(now: Date) {
    const member = await signedInRequest();
    const views: Array<typeof pageViews.$inferInsert> = [];
    for (let d = 1; d <= 3; d += 1)
      for (let i = 0; i < 10 * d; i += 1)
        views.push({
          at: new Date(now.getTime() - d * DAY + i * 60_000),
          path: `/page${i % 4}`,
          referrerHost: i % 3 === 0 ? "example.org" : null,
          language: i % 2 ? "en" : "ar",
          device: i % 5 ? "desktop" : "mobile",
          visitorHash: `v${i % (3 + d)}`,
          userId: i % 4 === 0 ? member.userId : null,
          source: "document",
        });
    await db().insert(pageViews).values(views);
    await db()
      .insert(crawlerVisits)
      .values(
        [1, 2, 2].map((d) => ({
          at: new Date(now.getTime() - d * DAY),
          userAgent: GOOGLEBOT,
          requestPath: "/",
          requestMethod: "GET",
          responseStatus: 200,
          requestHeaders: {},
        })),
      );
    await db()
      .insert(activityEvents)
      .values(
        [1, 1, 3].map((d) => ({
          userId: member.userId,
          type: "search",
          data: { term: "x" },
          at: new Date(now.getTime() - d * DAY),
        })),
      );
    return member;
  }

  it("rollups equal the raw counts, and rolling again gives the same rows", async () => {
    const now = new Date("2030-03-10T12:00:00Z");
    await seedDays(now);
    const days = await rollUp(now);
    expect(days).toEqual(["2030-03-07", "2030-03-08", "2030-03-09"]);
    const raw = async (query: ReturnType<typeof sql>) =>
      (
        (await db().execute(query)) as unknown as {
          rows: Array<{ day: string; metric: string; dimension: string; value: number }>;
        }
      ).rows.map(
        (r) => `${String(r.day).slice(0, 10)} ${r.metric} ${r.dimension} ${Number(r.value)}`,
      );
    const expected = [
      ...(await raw(
        sql`select to_char((at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, 'page_views' as metric, '' as dimension, count(*) as value from page_views group by 1`,
      )),
      ...(await raw(
        sql`select to_char((at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, 'visitors' as metric, '' as dimension, count(distinct visitor_hash) as value from page_views group by 1`,
      )),
      ...(await raw(
        sql`select to_char((at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, 'page_views' as metric, 'path:' || path as dimension, count(*) as value from page_views group by 1, 3`,
      )),
      ...(await raw(
        sql`select to_char((at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, 'page_views' as metric, 'language:' || language as dimension, count(*) as value from page_views group by 1, 3`,
      )),
      ...(await raw(
        sql`select to_char((at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, 'crawler_visits' as metric, '' as dimension, count(*) as value from crawler_visits group by 1`,
      )),
      ...(await raw(
        sql`select to_char((at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, 'activity:search' as metric, '' as dimension, count(*) as value from activity_events group by 1`,
      )),
    ].sort();
    const stored = async () =>
      (await db().select().from(analyticsDaily))
        .filter(
          (r) =>
            ["page_views", "visitors", "crawler_visits", "activity:search"].includes(r.metric) &&
            (r.dimension === "" ||
              (r.metric === "page_views" && /^(path|language):/.test(r.dimension))),
        )
        .map((r) => `${r.day} ${r.metric} ${r.dimension} ${r.value}`)
        .sort();
    expect(await stored()).toEqual(expected);
    // Each rolled day is marked, including one without views.
    expect(
      (await db().select().from(analyticsDaily).where(eq(analyticsDaily.metric, "rolled")))
        .map((r) => r.day)
        .sort(),
    ).toEqual(days);
    await rollUp(now);
    expect(await stored()).toEqual(expected);
  });

  it("retention deletes raw rows older than the setting and keeps their rollups", async () => {
    const admin = await signedInRequest({ role: "admin" });
    const now = new Date("2030-03-10T12:00:00Z");
    await seedDays(now);
    await rollUp(now);
    // Two days kept: the rows of 2030-03-07 (three days ago) go.
    await updateSettings(admin.userId, { analytics_retention_days: "2" });
    const deleted = await deleteExpiredAnalytics(now);
    expect(deleted).toBe(30 + 1);
    expect(await total(pageViews)).toBe(10 + 20);
    expect(await total(crawlerVisits)).toBe(3);
    expect(await total(activityEvents)).toBe(2);
    const kept = await db()
      .select()
      .from(analyticsDaily)
      .where(
        and(
          eq(analyticsDaily.day, "2030-03-07"),
          eq(analyticsDaily.metric, "page_views"),
          eq(analyticsDaily.dimension, ""),
        ),
      );
    expect(kept[0]?.value).toBe(30);
    // Rolling again after the deletion keeps the old day's figures.
    await rollUp(now);
    const again = await db()
      .select()
      .from(analyticsDaily)
      .where(
        and(
          eq(analyticsDaily.day, "2030-03-07"),
          eq(analyticsDaily.metric, "page_views"),
          eq(analyticsDaily.dimension, ""),
        ),
      );
    expect(again[0]?.value).toBe(30);
    await updateSettings(admin.userId, { analytics_retention_days: "90" });
  });

  it("the retention setting accepts 1 to 3650 days only", async () => {
    const { siteSettingsSchema } = await import("#app/modules/settings/validation");
    const base = {
      site_name: "Sanctuary",
      site_description: "",
      primary_color: "#8B5CF6",
      secondary_color: "#64748b",
    };
    const parse = (days: string) =>
      siteSettingsSchema.safeParse({ ...base, analytics_retention_days: days });
    expect(parse("30").success).toBe(true);
    for (const bad of ["0", "99999", "-1", "ten", "3651"])
      expect(parse(bad).success, bad).toBe(false);
  });
});

describe("members' activity", () => {
  it("records posts, comments and purchases from domain events; a member sees and deletes only their own", async () => {
    const a = await signedInRequest();
    const b = await signedInRequest();
    await db().transaction(async (tx) => {
      await emitEvent(tx, {
        name: "post.published",
        postId: crypto.randomUUID(),
        authorId: a.userId,
        authorName: "A",
        title: "Moon water",
        url: "/discussions/moon-water",
        mentions: [],
        via: "direct",
        coven: null,
      });
    });
    await drainJobs();
    recordActivity(b.userId, "search", { term: "tarot" });
    await flushAnalytics();
    const own = await activityOf(a.userId, null);
    expect(own.entries).toEqual([
      expect.objectContaining({
        type: "post",
        data: expect.objectContaining({ title: "Moon water" }),
      }),
    ]);
    const theirs = (await activityOf(b.userId, null)).entries;
    expect(theirs).toHaveLength(1);
    // A's delete of B's record deletes nothing.
    expect(await deleteActivity(a.userId, theirs[0]!.id)).toBe(0);
    expect(await deleteActivity(a.userId)).toBe(1);
    expect((await activityOf(a.userId, null)).entries).toEqual([]);
    expect((await activityOf(b.userId, null)).entries).toHaveLength(1);
  });
});

describe("stopping the process", () => {
  it("writes the buffered page views before the database closes", async () => {
    setBufferLimits({ flushMs: 3_600_000 });
    for (const path of ["/auth", "/search", "/"])
      await (await app.fetch(path, { headers: { "user-agent": DESKTOP } })).text();
    expect(await total(pageViews)).toBe(0);
    const { releaseAfterDrain } = await import("#server/app");
    const closed: string[] = [];
    await releaseAfterDrain({
      hub: { close: async () => void closed.push("hub") },
      database: { close: async () => void closed.push("database") },
    });
    expect(closed).toEqual(["hub", "database"]);
    expect(await total(pageViews)).toBe(3);
  });
});
