import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/client.server";
import { user } from "#app/modules/auth/schema";
import { rollUp, statisticsReport } from "#app/modules/analytics/index.server";
import { activityEvents, pageViews } from "#app/modules/analytics/schema";
import { comments, posts } from "#app/modules/discussions/schema";
import { payments } from "#app/modules/payments/schema";
import { updateSettings } from "#app/modules/settings/index.server";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member } from "../../../tests/helpers/community";
import { callRoute } from "../../../tests/helpers/route-call";
import * as statistics from "./statistics";
import * as csv from "./statistics-csv";

/*
 * /admin/statistics against seeded members, page views, activity records, posts, comments and
 * payments at known dates: members and new members, daily/weekly/monthly active members (page
 * views and activity records alike, raw or rolled up), posts and comments per day, the retention
 * of two sign-up weeks, revenue of the range, and the CSV; admins only.
 */

let cleanup: () => Promise<void>;
type Account = Awaited<ReturnType<typeof member>>;
let admin: Account;
let reader: Account;
const cohortA: Account[] = [];
const cohortB: Account[] = [];

// Wednesday 16 January 2030, noon UTC: week 0 of cohort A is Monday 31 December 2029.
const NOW = new Date("2030-01-16T12:00:00Z");
const at = (day: string, time = "10:00") => new Date(`${day}T${time}:00Z`);

beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  admin = await member({ role: "admin", name: "Figures Admin" });
  reader = await member({ name: "Plain Reader" });
  for (let i = 0; i < 4; i += 1) cohortA.push(await member({ name: `Early ${i}` }));
  for (let i = 0; i < 2; i += 1) cohortB.push(await member({ name: `Later ${i}` }));
  const joined = async (list: Account[], when: Date) =>
    db()
      .update(user)
      .set({ createdAt: when })
      .where(
        inArray(
          user.id,
          list.map((a) => a.userId),
        ),
      );
  await joined(cohortA, at("2030-01-01"));
  await joined(cohortB, at("2030-01-08"));
  await db()
    .update(user)
    .set({ createdAt: at("2020-01-01") })
    .where(inArray(user.id, [admin.userId, reader.userId]));

  const [a0, a1, a2, a3] = cohortA.map((a) => a.userId) as [string, string, string, string];
  const [b0, b1] = cohortB.map((a) => a.userId) as [string, string];
  const view = (userId: string, when: Date) => ({
    at: when,
    path: "/",
    language: "en",
    device: "desktop" as const,
    visitorHash: `v-${userId}`,
    userId,
    source: "document" as const,
  });
  await db()
    .insert(pageViews)
    .values([
      // Cohort A, week 0: all four.
      ...[a0, a1, a2, a3].map((id) => view(id, at("2030-01-01", "11:00"))),
      // Week 1: a0 and a1 by page views (a3's comment below is its activity).
      view(a0, at("2030-01-08")),
      view(a1, at("2030-01-09")),
      // Week 2: a0; cohort B's week 0: b0; week 1: b0 and b1.
      view(b0, at("2030-01-08", "12:00")),
      view(a0, at("2030-01-15")),
      view(b0, at("2030-01-15")),
      view(b1, at("2030-01-16", "09:00")),
      view(b1, at("2030-01-16", "10:00")),
      view(a0, at("2030-01-16", "11:00")),
    ]);
  await db()
    .insert(activityEvents)
    .values({ userId: a3, type: "comment", data: {}, at: at("2030-01-08", "15:00") });

  const post = (slug: string, when: Date, status: "published" | "pending" = "published") => ({
    title: slug,
    slug,
    content: "text",
    category: "general",
    userId: a0,
    status,
    createdAt: when,
  });
  const [first] = await db()
    .insert(posts)
    .values([
      post("one", at("2030-01-08")),
      post("two", at("2030-01-08", "13:00")),
      post("held", at("2030-01-08"), "pending"),
      post("before", at("2029-12-10")),
    ])
    .returning();
  await db()
    .insert(comments)
    .values({
      postId: first!.id,
      userId: a3,
      content: "yes",
      createdAt: at("2030-01-08", "15:00"),
    });

  const payment = (id: string, amount: number, currency: string, paid: Date, refunded?: Date) => ({
    userId: a0,
    provider: "builtin" as const,
    providerPaymentId: id,
    amount,
    currency,
    paidAt: paid,
    ...(refunded ? { status: "refunded" as const, refundedAt: refunded } : {}),
  });
  await db()
    .insert(payments)
    .values([
      payment("p1", 1000, "USD", at("2030-01-05")),
      payment("p2", 2000, "USD", at("2030-01-06"), at("2030-01-10")),
      payment("p3", 5000, "EUR", at("2030-01-06")),
      payment("p4", 700, "USD", at("2029-11-01")),
    ]);
});
afterAll(() => cleanup());

describe("admin statistics", () => {
  it("are for admins only, the CSV too", async () => {
    for (const [run, path] of [
      [statistics.loader, "/admin/statistics"],
      [csv.loader, "/admin/statistics.csv?days=7"],
    ] as const) {
      expect((await callRoute(run as never, path, null)).status, path).toBe(302);
      expect((await callRoute(run as never, path, reader.cookie)).status, path).toBe(403);
      expect((await callRoute(run as never, path, admin.cookie)).status, path).toBe(200);
    }
  });

  it("count members, active members, posts, comments and revenue of the range", async () => {
    const report = await statisticsReport(30, "USD", NOW);
    expect(report.from).toBe("2029-12-18");
    expect(report.to).toBe("2030-01-16");
    expect(report.members.total).toBe(8);
    expect(report.members.joined).toEqual({ current: 6, previous: 0 });
    // Today b1 and a0; the last 7 days a0, b0, b1; the last 30 days all six new members.
    expect(report.active).toMatchObject({ daily: 2, weekly: 3, monthly: 6 });
    expect(report.posts).toEqual({ current: 2, previous: 1 });
    expect(report.comments).toEqual({ current: 1, previous: 0 });
    const day = (d: string) => report.series.find((s) => s.day === d);
    expect(report.series).toHaveLength(30);
    expect(day("2030-01-01")).toEqual({
      day: "2030-01-01",
      joined: 4,
      active: 4,
      posts: 0,
      comments: 0,
    });
    // a0 and b0 by page views, a3 by its comment's activity record.
    expect(day("2030-01-08")).toEqual({
      day: "2030-01-08",
      joined: 2,
      active: 3,
      posts: 2,
      comments: 1,
    });
    expect(report.active.averageDaily).toBeCloseTo((4 + 3 + 1 + 2 + 2) / 30);
    expect(report.revenue).toEqual({
      currency: "USD",
      payments: 2,
      gross: 3000,
      refunds: 2000,
      net: 1000,
    });
  });

  it("give each sign-up week the share of it active in each week since", async () => {
    const { cohorts } = await statisticsReport(30, "USD", NOW);
    expect(cohorts).toEqual([
      { week: "2030-01-07", size: 2, retention: [0.5, 1] },
      { week: "2029-12-31", size: 4, retention: [1, 0.75, 0.25] },
    ]);
  });

  it("keep the daily active members once the days are rolled up", async () => {
    await rollUp(NOW);
    const report = await statisticsReport(30, "USD", NOW);
    expect(report.series.find((s) => s.day === "2030-01-08")?.active).toBe(3);
    expect(report.series.find((s) => s.day === "2030-01-01")?.active).toBe(4);
  });

  it("mark weeks whose records are past the retention period as unknown, not zero", async () => {
    await updateSettings(admin.userId, { analytics_retention_days: "7" });
    try {
      const { cohorts } = await statisticsReport(30, "USD", NOW);
      // Records from before 9 January 2030 are deleted after 7 days: only week 2 is known.
      expect(cohorts.find((c) => c.week === "2029-12-31")?.retention).toEqual([null, null, 0.25]);
    } finally {
      await updateSettings(admin.userId, { analytics_retention_days: "90" });
    }
  });

  it("export the same figures as CSV", async () => {
    const answer = await callRoute(
      csv.loader as never,
      "/admin/statistics.csv?days=30",
      admin.cookie,
    );
    const response = answer.data as Response;
    expect(response.headers.get("content-type")).toContain("text/csv");
    const body = await response.text();
    expect(body.split("\n")[0]).toBe('"section","key","value","previous"');
    expect(body).toContain('"total","members","8",""');
    expect(body).toContain('"active","monthly"');
  });
});
