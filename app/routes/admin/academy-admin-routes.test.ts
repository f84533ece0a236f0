import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/client.server";
import { auditLog } from "#app/modules/audit/schema";
import { academyLanding, coursePage } from "#app/modules/academy/index.server";
import { academyCategories, courses } from "#app/modules/academy/schema";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member } from "../../../tests/helpers/community";
import { routeArgs } from "../../../tests/helpers/route-args";
import * as newRoute from "./academy-course-new";
import * as editRoute from "./academy-course";

/*
 * Academy authoring as the framework calls its loaders and actions: guests are sent to sign in,
 * members refused, an admin's new course is a draft no member sees, every change is audited,
 * and hostile input is a 400 with translated messages that writes nothing.
 */

let cleanup: () => Promise<void>;
type Account = Awaited<ReturnType<typeof member>>;
let admin: Account;
let premium: Account;
let categoryId: string;
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  admin = await member({ role: "admin", name: "Academy Admin" });
  premium = await member({ name: "Keen Student", tier: "full" });
  const [category] = await db()
    .insert(academyCategories)
    .values({ title: "Herbalism", slug: "herbalism" })
    .returning({ id: academyCategories.id });
  categoryId = category!.id;
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
  };
  data?: unknown;
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
  params: Record<string, string> = {},
  fields?: Record<string, string>,
): Promise<Answer> {
  try {
    const result = (await run(routeArgs(request(path, who, fields), params))) as
      { data: Answer["body"]; init?: { status?: number } } | Record<string, unknown>;
    if (result && typeof result === "object" && "init" in result && "data" in result)
      return {
        status: (result.init as { status?: number } | undefined)?.status ?? 200,
        body: result.data as Answer["body"],
      };
    return { status: 200, data: result };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get("location") };
    const answer = thrown as { init?: { status?: number } | null };
    if (answer && typeof answer === "object" && "init" in answer)
      return { status: answer.init?.status ?? 500 };
    throw thrown;
  }
}

const fields = (overrides: Record<string, string> = {}) => ({
  title: "Moon Gardening",
  summary: "Planting by the phases of the moon.",
  description: "## Why\n\nBecause **timing** matters.",
  level: "beginner",
  categoryId,
  estimatedMinutes: "45",
  ...overrides,
});

const create = (who: Account | null, form: Record<string, string>) =>
  call(newRoute.action, "/admin/academy/courses/new", who, {}, form);
const edit = (id: string, who: Account | null, form: Record<string, string>) =>
  call(editRoute.action, `/admin/academy/courses/${id}`, who, { id }, form);

async function createdId(answer: Answer): Promise<string> {
  expect(answer.status).toBe(302);
  const match = /^\/admin\/academy\/courses\/([0-9a-f-]{36})\?created=1$/.exec(
    answer.location ?? "",
  );
  expect(match).not.toBeNull();
  return match![1]!;
}

async function courseRow(id: string) {
  const [row] = await db().select().from(courses).where(eq(courses.id, id));
  return row;
}

async function audits(action: string, targetId: string) {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
}

describe("who may author courses", () => {
  it("sends guests to sign in and refuses members, on every page and action", async () => {
    const id = await createdId(await create(admin, fields({ title: "Guarded" })));
    for (const who of [null, premium]) {
      const expected = who ? 403 : 302;
      expect((await call(newRoute.loader, "/admin/academy/courses/new", who)).status).toBe(
        expected,
      );
      expect((await create(who, fields({ title: "Intruder" }))).status).toBe(expected);
      expect(
        (await call(editRoute.loader, `/admin/academy/courses/${id}`, who, { id })).status,
      ).toBe(expected);
      expect((await edit(id, who, fields({ title: "Defaced" }))).status).toBe(expected);
    }
    expect(await db().select().from(courses).where(eq(courses.title, "Intruder"))).toEqual([]);
    expect((await courseRow(id))?.title).toBe("Guarded");
  });
});

describe("creating a course", () => {
  it("writes a draft with a derived slug, audited, that no member sees", async () => {
    const id = await createdId(await create(admin, fields()));
    const row = (await courseRow(id))!;
    expect(row).toMatchObject({
      slug: "moon-gardening",
      title: "Moon Gardening",
      status: "draft",
      level: "beginner",
      categoryId,
      isPremium: false,
      estimatedMinutes: 45,
      instructorId: admin.userId,
      publishedAt: null,
    });
    expect(row.descriptionHtml).toContain("<strong>timing</strong>");
    const [audit] = await audits("course.create", id);
    expect(audit).toMatchObject({ actorId: admin.userId, targetType: "course" });

    expect(await coursePage("moon-gardening", premium.rules)).toBeNull();
    expect(await coursePage("moon-gardening", null)).toBeNull();
    expect((await academyLanding(premium.rules)).latest.map((c) => c.slug)).not.toContain(
      "moon-gardening",
    );
    expect((await coursePage("moon-gardening", admin.rules))?.course.status).toBe("draft");

    const loaded = await call(editRoute.loader, `/admin/academy/courses/${id}?created=1`, admin, {
      id,
    });
    expect(loaded.data).toMatchObject({ course: { id, title: "Moon Gardening" }, created: true });
  });

  it("gives a taken title, a reserved word and a title without letters slugs of their own", async () => {
    const again = await courseRow(await createdId(await create(admin, fields())));
    expect(again?.slug).toMatch(/^moon-gardening-[0-9a-f]{6}$/);
    const reserved = await courseRow(
      await createdId(await create(admin, fields({ title: "Category" }))),
    );
    expect(reserved?.slug).toMatch(/^category-[0-9a-f]{6}$/);
    const symbols = await courseRow(await createdId(await create(admin, fields({ title: "☾☾☾" }))));
    expect(symbols?.slug).toMatch(/^course(-[0-9a-f]{6})?$/);
    const premiumCourse = await courseRow(
      await createdId(await create(admin, fields({ title: "Deep Work", isPremium: "on" }))),
    );
    expect(premiumCourse?.isPremium).toBe(true);
  });

  it("answers hostile and oversized input with translated messages and writes nothing", async () => {
    const before = (await db().select({ id: courses.id }).from(courses)).length;
    const cases: [Record<string, string>, string, string][] = [
      [{ title: "   " }, "title", "academy.admin.errors.titleRequired"],
      [{ title: "x".repeat(121) }, "title", "academy.admin.errors.titleTooLong"],
      [{ summary: "s".repeat(301) }, "summary", "academy.admin.errors.summaryTooLong"],
      [
        { description: "d".repeat(20_001) },
        "description",
        "academy.admin.errors.descriptionTooLong",
      ],
      [{ level: "wizard" }, "level", "academy.admin.errors.level"],
      [{ categoryId: "'; drop table courses; --" }, "categoryId", "academy.admin.errors.category"],
      [{ estimatedMinutes: "-1" }, "estimatedMinutes", "academy.admin.errors.minutes"],
      [{ estimatedMinutes: "1e12" }, "estimatedMinutes", "academy.admin.errors.minutes"],
      [{ estimatedMinutes: "2.5" }, "estimatedMinutes", "academy.admin.errors.minutes"],
      [{ estimatedMinutes: "many" }, "estimatedMinutes", "academy.admin.errors.minutes"],
    ];
    for (const [override, field, key] of cases) {
      const answer = await create(admin, fields(override));
      expect(answer.status, JSON.stringify(override).slice(0, 80)).toBe(400);
      expect(answer.body?.fieldErrors?.[field]).toBe(key);
    }
    const { title: _title, ...withoutTitle } = fields();
    expect((await create(admin, withoutTitle)).body?.fieldErrors?.title).toBe(
      "academy.admin.errors.titleRequired",
    );
    const unknownCategory = await create(admin, fields({ categoryId: UNKNOWN }));
    expect(unknownCategory.status).toBe(400);
    expect(unknownCategory.body?.formError).toBe("academy.refusals.category");
    expect((await db().select({ id: courses.id }).from(courses)).length).toBe(before);
  });
});

describe("editing a course", () => {
  it("saves the fields, keeps slug and status, and audits the change", async () => {
    const id = await createdId(await create(admin, fields({ title: "Candle Craft" })));
    const answer = await edit(
      id,
      admin,
      fields({
        title: "Candle Craft, Revised",
        level: "advanced",
        categoryId: "",
        isPremium: "on",
        estimatedMinutes: "90",
        description: "<script>alert(1)</script>\n\nPlain *text*",
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: true, toast: { key: "academy.admin.saved" } });
    const row = (await courseRow(id))!;
    expect(row).toMatchObject({
      slug: "candle-craft",
      title: "Candle Craft, Revised",
      status: "draft",
      level: "advanced",
      categoryId: null,
      isPremium: true,
      estimatedMinutes: 90,
    });
    expect(row.descriptionHtml).not.toContain("<script");
    expect(row.descriptionHtml).toContain("<em>text</em>");
    expect(await audits("course.update", id)).toHaveLength(1);
  });

  it("refuses bad input, malformed ids and unknown courses without changing anything", async () => {
    const id = await createdId(await create(admin, fields({ title: "Stone Lore" })));
    const bad = await edit(id, admin, fields({ title: "" }));
    expect(bad.status).toBe(400);
    expect(bad.body?.fieldErrors?.title).toBe("academy.admin.errors.titleRequired");
    expect((await edit("not-an-id", admin, fields())).status).toBe(400);
    expect(
      (await call(editRoute.loader, "/admin/academy/courses/x", admin, { id: "../x" })).status,
    ).toBe(400);
    expect((await edit(UNKNOWN, admin, fields())).status).toBe(404);
    expect(
      (await call(editRoute.loader, `/admin/academy/courses/${UNKNOWN}`, admin, { id: UNKNOWN }))
        .status,
    ).toBe(404);
    expect((await edit(id, admin, fields({ categoryId: UNKNOWN }))).status).toBe(400);
    expect((await courseRow(id))?.title).toBe("Stone Lore");
    expect(await audits("course.update", id)).toEqual([]);
  });
});
