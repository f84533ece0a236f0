import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/client.server";
import { analyticsReport, observatory, rollUp } from "#app/modules/analytics/index.server";
import { pageViews, visitorSessions } from "#app/modules/analytics/schema";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member } from "../../../tests/helpers/community";
import { callRoute } from "../../../tests/helpers/route-call";
import * as analytics from "./analytics";
import * as csv from "./analytics-csv";
import * as observatoryRoute from "./observatory";

/*
 * The admin analytics screens as the framework calls them: admins only (guests to sign-in,
 * members 403, the CSV too); the report's figures from rollups and raw rows with the previous
 * period beside them; the observatory's online count; the CSV safe for spreadsheets.
 */

let cleanup: () => Promise<void>;
type Account = Awaited<ReturnType<typeof member>>;
let admin: Account;
let premium: Account;

beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  admin = await member({ role: "admin", name: "Stats Admin" });
  premium = await member({ name: "Keen Reader", tier: "full" });
});
afterAll(() => cleanup());

const DAY = 86_400_000;

describe("admin analytics screens", () => {
  it("are for admins only", async () => {
    for (const [run, path] of [
      [analytics.loader, "/admin/analytics"],
      [observatoryRoute.loader, "/admin/observatory"],
      [csv.loader, "/admin/analytics.csv?days=7"],
    ] as const) {
      expect((await callRoute(run as never, path, null)).status, path).toBe(302);
      expect((await callRoute(run as never, path, premium.cookie)).status, path).toBe(403);
      expect((await callRoute(run as never, path, admin.cookie)).status, path).toBe(200);
    }
  });

  it("report this period against the previous one, from rollups and today's raw rows", async () => {
    const now = new Date();
    const view = (daysAgo: number, path: string, visitor: string, extra = {}) => ({
      at: new Date(now.getTime() - daysAgo * DAY),
      path,
      language: "en",
      device: "desktop" as const,
      visitorHash: visitor,
      source: "document" as const,
      ...extra,
    });
    await db()
      .insert(pageViews)
      .values([
        view(0, "/", "a"),
        view(0, "/", "a"),
        view(0, "/faq", "b", { referrerHost: "example.org", device: "mobile", language: "ar" }),
        view(2, '=HYPERLINK("x")', "c"),
        view(9, "/", "d"),
      ]);
    // Days before today are rolled (as the nightly task does); today stays raw.
    await rollUp(now);
    const report = await analyticsReport(7, now);
    expect(report.totals.views).toEqual({ current: 4, previous: 1 });
    // Visitors are counted per day: a and b today, c two days ago.
    expect(report.totals.visitors).toEqual({ current: 3, previous: 1 });
    expect(report.series).toHaveLength(7);
    expect(report.series.at(-1)).toMatchObject({ views: 3, visitors: 2 });
    expect(report.pages[0]).toEqual({ key: "/", value: 2, previous: 1 });
    expect(report.referrers).toEqual([{ key: "example.org", value: 1, previous: 0 }]);
    expect(report.devices.map((d) => d.key)).toEqual(["desktop", "mobile"]);
    expect(report.funnel.signUps).toBeGreaterThanOrEqual(2);

    const answer = await callRoute(
      csv.loader as never,
      "/admin/analytics.csv?days=7",
      admin.cookie,
    );
    const body = await (answer.data as Response).text();
    expect(body.split("\n")[0]).toBe('"section","key","value","previous"');
    expect(body).toContain('"total","page_views","4","1"');
    // A path that looks like a formula is not one in a spreadsheet.
    expect(body).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it("list the terms searched without a result, marked", async () => {
    const { searchLog } = await import("#app/modules/search/schema");
    const search = (term: string, resultCount: number | null) => ({
      term,
      kind: "search" as const,
      resultCount,
    });
    await db()
      .insert(searchLog)
      .values([
        search("Moonstone", 4),
        search("moonstone", 0),
        search("zyxwv", 0),
        search("zyxwv", 0),
        search("tarot", 2),
        search("before counts", null),
      ]);
    const report = await analyticsReport(7);
    expect(report.zeroSearches).toEqual([
      { term: "zyxwv", count: 2 },
      { term: "moonstone", count: 1 },
    ]);
    expect(report.searches.find((s) => s.term === "moonstone")).toEqual({
      term: "moonstone",
      count: 2,
      zero: 1,
    });
    expect(report.searches.find((s) => s.term === "tarot")?.zero).toBe(0);
    expect(report.searches.find((s) => s.term === "before counts")?.zero).toBe(0);
  });

  it("takes only the offered ranges; anything else is the 30-day default", async () => {
    for (const days of ["0", "-7", "abc", "99999", "7.5", "'; drop table page_views"]) {
      const answer = await callRoute(
        analytics.loader as never,
        `/admin/analytics?days=${encodeURIComponent(days)}`,
        admin.cookie,
      );
      expect(answer.status).toBe(200);
      expect((answer.data as { report: { days: number } }).report.days).toBe(30);
    }
  });

  it("the observatory counts who was seen in the last 2 minutes", async () => {
    const now = new Date();
    await db()
      .insert(visitorSessions)
      .values([
        { sessionId: "here", lastSeen: new Date(now.getTime() - 30_000) },
        { sessionId: "gone", lastSeen: new Date(now.getTime() - 5 * 60_000) },
      ]);
    const state = await observatory(now);
    expect(state.onlineNow).toBe(1);
    expect(state.views[0]?.path).toBeTruthy();
    expect(state.signUps.map((s) => s.member)).toContain("Keen Reader");
  });
});

describe("a member's activity screen", () => {
  it("lists and deletes only the member's own records; guests are sent to sign in", async () => {
    const activity = await import("../account/activity");
    const { activityEvents } = await import("#app/modules/analytics/schema");
    const [mine] = await db()
      .insert(activityEvents)
      .values({ userId: premium.userId, type: "search", data: { term: "moon" } })
      .returning();
    const [theirs] = await db()
      .insert(activityEvents)
      .values({ userId: admin.userId, type: "search", data: { term: "sun" } })
      .returning();
    expect((await callRoute(activity.loader as never, "/settings/activity", null)).status).toBe(
      302,
    );
    const listed = await callRoute(activity.loader as never, "/settings/activity", premium.cookie);
    expect((listed.data as { entries: Array<{ id: string }> }).entries.map((e) => e.id)).toEqual([
      mine!.id,
    ]);
    const act = (fields: Record<string, string>) =>
      callRoute(activity.action as never, "/settings/activity", premium.cookie, {}, fields);
    // Someone else's record is not theirs to delete; malformed input is a 400.
    await act({ intent: "delete", id: theirs!.id });
    expect((await act({ intent: "delete", id: "not-an-id" })).status).toBe(400);
    expect((await act({ intent: "wipe" })).status).toBe(400);
    expect((await act({ intent: "delete-all" })).status).toBe(200);
    const left = await db().select().from(activityEvents);
    expect(left.map((r) => r.id)).toEqual([theirs!.id]);
  });
});
