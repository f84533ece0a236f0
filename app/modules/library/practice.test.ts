import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/client.server";
import type { Member } from "#app/modules/auth";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { libraryPerson, refusalOf } from "./test-people";
import { createArticle, createCategory, deleteCategory, setArticleStatus } from "./admin.server";
import { previousDay, stepsFromForm, streakOf } from "./practice";
import { dayIn, markSessionDone, practiceSummary, practicesOf } from "./practice.server";
import { articleView } from "./queries.server";
import { articleCategories, practiceSessions } from "./schema";
import { seedLibrary } from "./seed.server";
import { SEED_ARTICLES } from "./seed-content";
import { articleFieldsSchema, type ArticleFields } from "./validation";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
});
afterAll(() => cleanup());

const person = (kind?: "premium" | "free" | "admin") => libraryPerson(kind, "practice");
const refusal = refusalOf;

const STEPS = [
  { title: "Ground", text: "Breathe.", minutes: 2 },
  { title: "Listen", text: "Stay still.", minutes: 3 },
];

function fields(overrides: Partial<ArticleFields> = {}): ArticleFields {
  return {
    type: "attunement",
    title: "A practice",
    summary: "Five minutes.",
    body: "Why daily.\n\n## More\n\nThe rest.",
    categoryId: null,
    isPremium: true,
    publishAt: "",
    timeZoneOffset: 0,
    materials: "A candle\nA notebook",
    timing: "Mornings",
    steps: STEPS,
    ...overrides,
  };
}

let admin: Member;
let free: Member;
let premium: Member;
beforeAll(async () => {
  admin = await person("admin");
  free = await person("free");
  premium = await person("premium");
});

async function published(overrides: Partial<ArticleFields> = {}) {
  const { id } = await createArticle(admin, fields(overrides));
  await setArticleStatus(admin, id, "published");
  return id;
}

describe("the editor's practice fields", () => {
  it("gathers steps.<n>.* in order, drops empty rows and keeps the limits", () => {
    const values = {
      type: "ritual",
      title: "Salt",
      "steps.2.title": "Third",
      "steps.2.minutes": "1",
      "steps.0.title": "First",
      "steps.0.text": "Do it",
      "steps.0.minutes": "5",
      "steps.1.title": "",
      "steps.1.text": "",
      "steps.1.minutes": "",
      "steps.x.title": "ignored",
      materials: " - Salt\n\n* Candle \n",
    };
    const parsed = articleFieldsSchema.safeParse(values);
    expect(parsed.success).toBe(true);
    expect(parsed.data!.steps).toEqual([
      { title: "First", text: "Do it", minutes: 5 },
      { title: "Third", text: "", minutes: 1 },
    ]);
    expect(parsed.data!.materials).toBe("Salt\nCandle");
    expect(stepsFromForm({ "steps.0.text": "untitled" })).toHaveLength(1);

    const untitled = articleFieldsSchema.safeParse({ ...values, "steps.3.text": "no title" });
    expect(untitled.success).toBe(false);
    expect(untitled.error!.issues[0]!.message).toBe("library.errors.stepTitleRequired");
    const negative = articleFieldsSchema.safeParse({ ...values, "steps.0.minutes": "-1" });
    expect(negative.error!.issues[0]!.message).toBe("library.errors.stepMinutes");
    const huge = articleFieldsSchema.safeParse({ ...values, "steps.0.minutes": "1e9" });
    expect(huge.success).toBe(false);
    const many: Record<string, string> = { type: "ritual", title: "Many" };
    for (let i = 0; i < 31; i++) many[`steps.${i}.title`] = `Step ${i}`;
    expect(articleFieldsSchema.safeParse(many).error!.issues[0]!.message).toBe(
      "library.errors.stepsTooMany",
    );
    const lines = { type: "ritual", title: "Lines", materials: "x\n".repeat(41) };
    expect(articleFieldsSchema.safeParse(lines).success).toBe(false);
  });
});

describe("a practice's parts on its page", () => {
  it("shows materials and timing to everyone and the steps only to who may read it whole", async () => {
    const id = await published({ type: "ritual" });
    const guest = await articleView("ritual", id, null, null);
    expect(guest!.practice).toMatchObject({
      materials: ["A candle", "A notebook"],
      timing: "Mornings",
      steps: null,
      stepCount: 2,
      minutes: 5,
    });
    expect(JSON.stringify(guest)).not.toContain("Stay still.");
    const freeView = await articleView("ritual", id, null, free);
    expect(freeView!.practice.steps).toBeNull();
    const premiumView = await articleView("ritual", id, null, premium);
    expect(premiumView!.practice.steps).toEqual(STEPS);
    const open = await published({ type: "ritual", isPremium: false });
    expect((await articleView("ritual", open, null, null))!.practice.steps).toEqual(STEPS);
  });
});

describe("attunement sessions and the streak", () => {
  it("counts consecutive days ending today or yesterday", () => {
    expect(streakOf([], "2026-03-10")).toBe(0);
    expect(streakOf(["2026-03-10", "2026-03-09", "2026-03-07"], "2026-03-10")).toBe(2);
    expect(streakOf(["2026-03-09", "2026-03-08"], "2026-03-10")).toBe(2);
    expect(streakOf(["2026-03-08"], "2026-03-10")).toBe(0);
    expect(previousDay("2026-03-01")).toBe("2026-02-28");
    expect(previousDay("2028-03-01")).toBe("2028-02-29");
    expect(previousDay("2027-01-01")).toBe("2026-12-31");
  });

  it("reads the day in the member's time zone", () => {
    const instant = new Date("2026-06-01T23:30:00Z");
    expect(dayIn(instant, "UTC")).toBe("2026-06-01");
    expect(dayIn(instant, "Asia/Tokyo")).toBe("2026-06-02");
    expect(dayIn(instant, "America/Los_Angeles")).toBe("2026-06-01");
  });

  it("records one session per practice per day, for members who may follow it", async () => {
    const id = await published();
    const member = await person("premium");
    const day1 = new Date("2026-05-10T08:00:00Z");
    expect(await markSessionDone(member, id, "UTC", day1)).toEqual({
      created: true,
      day: "2026-05-10",
    });
    expect((await markSessionDone(member, id, "UTC", day1)).created).toBe(false);
    const day2 = new Date("2026-05-11T08:00:00Z");
    await markSessionDone(member, id, "UTC", day2);
    const summary = await practiceSummary(member.id, "UTC", day2);
    expect(summary.streak).toBe(2);
    expect(summary.doneToday).toEqual([id]);
    expect(summary.totalSessions).toBe(2);
    expect(summary.sessions[0]).toMatchObject({ articleId: id, minutes: 5, day: "2026-05-11" });
    // A day missed ends the streak; the history keeps the days.
    const later = await practiceSummary(member.id, "UTC", new Date("2026-05-13T08:00:00Z"));
    expect(later.streak).toBe(0);
    expect(later.recentDays).toEqual(["2026-05-11", "2026-05-10"]);

    expect(await refusal(markSessionDone(free, id, "UTC"))).toBe("premium");
    expect(await refusal(markSessionDone(null, id, "UTC"))).toBe("signIn");
    const ritual = await published({ type: "ritual" });
    expect(await refusal(markSessionDone(member, ritual, "UTC"))).toBe("notPractice");
    const { id: draft } = await createArticle(admin, fields());
    expect(await refusal(markSessionDone(member, draft, "UTC"))).toBe("notFound");
    // Another member's summary does not see these sessions.
    expect((await practiceSummary(premium.id, "UTC", day2)).totalSessions).toBe(0);
  });
});

describe("attunement paths", () => {
  it("lists a keyed category's live practices in order with their length", async () => {
    const [category] = await db()
      .insert(articleCategories)
      .values({ type: "attunement", title: "Test path", key: "test-path" })
      .returning({ id: articleCategories.id });
    const first = await published({ title: "First", categoryId: category!.id });
    await createArticle(admin, fields({ title: "Draft", categoryId: category!.id }));
    const second = await published({ title: "Second", categoryId: category!.id, steps: [] });
    const path = await practicesOf("attunement", "test-path");
    expect(path!.practices.map((p) => [p.id, p.minutes, p.stepCount])).toEqual([
      [first, 5, 2],
      [second, 0, 0],
    ]);
    expect(await practicesOf("attunement", "missing")).toBeNull();
    expect(await practicesOf("ritual", "test-path")).toBeNull();
    // A category with a page of its own is not deleted (its page would be empty).
    expect(await refusal(deleteCategory(admin, category!.id))).toBe("categoryHasPage");
    const plain = await createCategory(admin, {
      type: "attunement",
      title: "Plain",
      description: "",
    });
    await deleteCategory(admin, plain.id);
  });
});

describe("the starter practices", () => {
  it("seeds each type that has no category yet, once", async () => {
    const before = await db()
      .select({ type: articleCategories.type })
      .from(articleCategories)
      .where(eq(articleCategories.type, "grimoire"));
    expect(before).toHaveLength(0);
    await seedLibrary();
    await seedLibrary();
    const path = await practicesOf("attunement", "demon");
    // The test path above created an attunement category first: attunements were not seeded.
    expect(path).toBeNull();
    const grimoires = SEED_ARTICLES.filter((a) => a.type === "grimoire").length;
    const rituals = SEED_ARTICLES.filter((a) => a.type === "ritual").length;
    const seeded = await db().select({ type: articleCategories.type }).from(articleCategories);
    expect(seeded.filter((c) => c.type === "grimoire")).toHaveLength(2);
    expect(seeded.filter((c) => c.type === "ritual").length).toBeGreaterThan(0);
    expect(grimoires).toBe(2);
    expect(rituals).toBeGreaterThanOrEqual(3);
    await db().delete(practiceSessions);
  });
});
