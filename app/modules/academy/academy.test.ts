import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/client.server";
import { createAccount } from "#app/modules/auth/index.server";
import type { Member } from "#app/modules/auth";
import { profiles } from "#app/modules/profiles/schema";
import { reputationEvents } from "#app/modules/reputation/schema";
import { memberActor } from "../../../tests/helpers/actors";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import {
  AcademyRefusedError,
  certificateById,
  completeLesson,
  enroll,
  reviewCourse,
  submitQuiz,
} from "./academy.server";
import { academyLanding, coursePage, lessonPage } from "./queries.server";
import { adminCourses, setCourseStatus } from "./admin.server";
import { auditLog } from "#app/modules/audit/schema";
import { NotAllowedError } from "#app/modules/auth";
import { courses, enrollments, lessons, quizOptions, quizQuestions, quizzes } from "./schema";
import { seedAcademy } from "./seed.server";
import { SEED_COURSES } from "./seed-content";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  await seedAcademy();
});
afterAll(() => cleanup());

let counter = 0;
async function person(kind: "premium" | "free" | "admin" = "free"): Promise<Member> {
  counter += 1;
  const id = await createAccount({
    email: `academy-${counter}-${Date.now()}@example.test`,
    password: "correct-horse-battery",
    name: `Student ${counter}`,
  });
  if (kind === "admin") return memberActor(id, { role: "admin" });
  return kind === "premium" ? memberActor(id, { tier: "full", subscribed: true }) : memberActor(id);
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AcademyRefusedError) return error.reason;
    throw error;
  }
  return "allowed";
}

async function course(slug: string) {
  const [row] = await db().select().from(courses).where(eq(courses.slug, slug));
  return row!;
}

async function lesson(courseSlug: string, lessonSlug: string) {
  const c = await course(courseSlug);
  const [row] = await db()
    .select()
    .from(lessons)
    .where(and(eq(lessons.courseId, c.id), eq(lessons.slug, lessonSlug)));
  return row!;
}

/** The right and a wrong answer set for a quiz lesson, read from the database. */
async function answerSheet(lessonId: string) {
  const [quiz] = await db().select().from(quizzes).where(eq(quizzes.lessonId, lessonId));
  const questions = await db()
    .select()
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quiz!.id));
  const right: Record<string, string[]> = {};
  const wrong: Record<string, string[]> = {};
  for (const q of questions) {
    const options = await db().select().from(quizOptions).where(eq(quizOptions.questionId, q.id));
    right[q.id] = options.filter((o) => o.isCorrect).map((o) => o.id);
    wrong[q.id] = options.filter((o) => !o.isCorrect).map((o) => o.id);
  }
  return { right, wrong, questionIds: questions.map((q) => q.id) };
}

describe("the starter catalogue", () => {
  it("is seeded once, published, with the landing's figures from the data", async () => {
    await seedAcademy();
    const landing = await academyLanding(null);
    expect(landing.latest.map((c) => c.slug).sort()).toEqual(
      SEED_COURSES.map((c) => c.slug).sort(),
    );
    expect(landing.levelCounts).toEqual({ beginner: 2, intermediate: 1, advanced: 0 });
    expect(landing.categories.find((c) => c.slug === "tarot")?.courses).toBe(2);
    expect(landing.learning).toEqual([]);
  });
});

describe("premium rules for every tier and role", () => {
  it("free courses: any member enrolls; guests are asked to sign in", async () => {
    const free = await course("meditation-foundations");
    expect(await refusal(enroll(null, free.id))).toBe("signIn");
    for (const kind of ["free", "premium", "admin"] as const) {
      const actor = await person(kind);
      expect(await refusal(enroll(actor, free.id))).toBe("allowed");
    }
  });

  it("premium courses: only premium members and admins enroll or read lessons", async () => {
    const premiumCourse = await course("tarot-spreads-in-depth");
    const first = await lesson("tarot-spreads-in-depth", "positions");
    const freeMember = await person("free");
    expect(await refusal(enroll(freeMember, premiumCourse.id))).toBe("premium");
    expect(await refusal(completeLesson(freeMember, first.id))).toBe("premium");
    const page = await lessonPage("tarot-spreads-in-depth", "positions", freeMember);
    expect(page?.refusal).toBe("premium");
    expect(page?.lesson.bodyHtml).toBe("");
    const guestPage = await lessonPage("tarot-spreads-in-depth", "positions", null);
    expect(guestPage?.refusal).toBe("signIn");
    expect(guestPage?.lesson.bodyHtml).toBe("");

    const premium = await person("premium");
    expect(await refusal(completeLesson(premium, first.id))).toBe("enroll");
    await enroll(premium, premiumCourse.id);
    expect(await refusal(completeLesson(premium, first.id))).toBe("allowed");
    const read = await lessonPage("tarot-spreads-in-depth", "positions", premium);
    expect(read?.refusal).toBeNull();
    expect(read?.lesson.bodyHtml).toContain("spread");

    const admin = await person("admin");
    const preview = await lessonPage("tarot-spreads-in-depth", "celtic-cross", admin);
    expect(preview?.refusal).toBeNull();
  });

  it("a lapsed premium member meets the gate again though enrolled", async () => {
    const premiumCourse = await course("tarot-spreads-in-depth");
    const member = await person("premium");
    await enroll(member, premiumCourse.id);
    const lapsed = { ...member, isPremium: false };
    const page = await lessonPage("tarot-spreads-in-depth", "positions", lapsed);
    expect(page?.refusal).toBe("premium");
  });

  it("drafts are invisible to members and open to admins", async () => {
    const draft = await course("tarot-basics");
    await db().update(courses).set({ status: "draft" }).where(eq(courses.id, draft.id));
    try {
      const member = await person("premium");
      expect(await coursePage("tarot-basics", member)).toBeNull();
      expect(await coursePage("tarot-basics", null)).toBeNull();
      expect(await lessonPage("tarot-basics", "structure-of-the-deck", member)).toBeNull();
      expect(await refusal(enroll(member, draft.id))).toBe("notFound");
      expect((await academyLanding(member)).latest.map((c) => c.slug)).not.toContain(
        "tarot-basics",
      );
      const admin = await person("admin");
      expect((await coursePage("tarot-basics", admin))?.course.title).toBe("Tarot Basics");
    } finally {
      await db().update(courses).set({ status: "published" }).where(eq(courses.id, draft.id));
    }
  });
});

describe("progress, resume and prerequisites", () => {
  it("locks a lesson until the previous one is done, and resumes where the member left off", async () => {
    const c = await course("meditation-foundations");
    const member = await person();
    await enroll(member, c.id);
    const second = await lesson("meditation-foundations", "posture");
    expect(await refusal(completeLesson(member, second.id))).toBe("locked");
    expect((await lessonPage(c.slug, "posture", member))?.refusal).toBe("locked");

    const first = await lesson("meditation-foundations", "why-meditate");
    const opened = await lessonPage(c.slug, "why-meditate", member);
    expect(opened?.next?.slug).toBe("posture");
    expect(opened?.previous).toBeNull();
    await completeLesson(member, first.id);
    await completeLesson(member, first.id); // twice counts once
    const second2 = await lessonPage(c.slug, "posture", member);
    expect(second2?.refusal).toBeNull();
    expect(second2?.previous?.slug).toBe("why-meditate");

    const page = await coursePage(c.slug, member);
    expect(page?.progress?.enrollment?.completedLessons).toBe(1);
    expect(page?.progress?.enrollment?.resumeSlug).toBe("posture");
    expect(page?.progress?.completedLessonIds).toEqual([first.id]);
    const landing = await academyLanding(member);
    expect(landing.learning[0]).toMatchObject({ slug: c.slug, resumeSlug: "posture", percent: 20 });

    const [xp] = await db()
      .select({ xp: profiles.xpPoints })
      .from(profiles)
      .where(eq(profiles.userId, member.id));
    expect(xp?.xp).toBe(5);
  });
});

describe("quizzes", () => {
  it("never sends the correct answers to the browser before submission", async () => {
    const member = await person();
    const c = await course("meditation-foundations");
    const admin = await person("admin");
    await enroll(member, c.id);
    const page = await lessonPage(c.slug, "foundations-quiz", admin);
    expect(page?.quiz?.questions).toHaveLength(3);
    const json = JSON.stringify(page);
    expect(json).not.toMatch(/isCorrect|correct|explanation/i);
    for (const text of ["Wandering is expected", "Upright, stable and relaxed is the rule"])
      expect(json).not.toContain(text);
  });

  it("scores on the server, keeps the best score, allows retries, and a pass completes the lesson", async () => {
    const c = await course("meditation-foundations");
    const member = await person();
    await enroll(member, c.id);
    const order = ["why-meditate", "posture", "breath-anchor", "daily-practice"];
    for (const slug of order) await completeLesson(member, (await lesson(c.slug, slug)).id);
    const quizLesson = await lesson(c.slug, "foundations-quiz");
    expect(await refusal(completeLesson(member, quizLesson.id))).toBe("quizLesson");
    const sheet = await answerSheet(quizLesson.id);

    const failed = await submitQuiz(member, quizLesson.id, sheet.wrong);
    expect(failed).toMatchObject({ score: 0, passed: false, bestScore: 0 });
    expect(failed.questions[0]?.explanation).toContain("Wandering");
    expect(failed.questions[0]?.correct).toEqual(sheet.right[sheet.questionIds[0]!]);

    // Hostile answers: unknown ids, one right option of a multiple question only.
    const partial = {
      ...sheet.right,
      [sheet.questionIds[1]!]: sheet.right[sheet.questionIds[1]!]!.slice(0, 1),
    };
    const partly = await submitQuiz(member, quizLesson.id, { ...partial, bogus: ["x"] });
    expect(partly).toMatchObject({ score: 66, passed: false, bestScore: 66 });
    expect((await coursePage(c.slug, member))?.progress?.certificateId).toBeNull();

    const passed = await submitQuiz(member, quizLesson.id, sheet.right);
    expect(passed).toMatchObject({ score: 100, passed: true, bestScore: 100 });
    const again = await submitQuiz(member, quizLesson.id, sheet.wrong);
    expect(again).toMatchObject({ score: 0, passed: false, bestScore: 100 });

    const page = await coursePage(c.slug, member);
    expect(page?.progress?.enrollment?.completedAt).not.toBeNull();
    const certificateId = page?.progress?.certificateId;
    expect(certificateId).toBeTruthy();
    const certificate = await certificateById(certificateId!);
    expect(certificate).toMatchObject({
      courseTitle: "Meditation Foundations",
      recipientName: expect.stringMatching(/^Student \d+$/),
    });
    const ledger = await db()
      .select({ kind: reputationEvents.kind })
      .from(reputationEvents)
      .where(eq(reputationEvents.userId, member.id));
    expect(ledger.map((l) => l.kind).sort()).toEqual([
      "course_completed",
      "lesson_completed",
      "lesson_completed",
      "lesson_completed",
      "lesson_completed",
      "lesson_completed",
      "quiz_passed",
    ]);
    const [counts] = await db().select().from(courses).where(eq(courses.id, c.id));
    expect(counts?.completionCount).toBeGreaterThanOrEqual(1);
  });

  it("refuses quiz submissions from members who may not read the lesson", async () => {
    const c = await course("tarot-basics");
    const quizLesson = await lesson(c.slug, "tarot-basics-quiz");
    const sheet = await answerSheet(quizLesson.id);
    expect(await refusal(submitQuiz(null, quizLesson.id, sheet.right))).toBe("signIn");
    const stranger = await person();
    expect(await refusal(submitQuiz(stranger, quizLesson.id, sheet.right))).toBe("enroll");
    await enroll(stranger, c.id);
    expect(await refusal(submitQuiz(stranger, quizLesson.id, sheet.right))).toBe("locked");
  });

  it("an unknown certificate id is not found", async () => {
    expect(await certificateById("00000000-0000-4000-8000-000000000000")).toBeNull();
  });
});

describe("reviews", () => {
  it("enrolled members rate 1–5; a second review replaces the first; the average follows", async () => {
    const c = await course("tarot-basics");
    const outsider = await person();
    expect(await refusal(reviewCourse(outsider, c.id, { rating: 5, body: "Great" }))).toBe(
      "review",
    );
    expect(await refusal(reviewCourse(null, c.id, { rating: 5, body: "Great" }))).toBe("review");
    const a = await person();
    const b = await person();
    await enroll(a, c.id);
    await enroll(b, c.id);
    await reviewCourse(a, c.id, { rating: 5, body: "Clear and kind." });
    await reviewCourse(b, c.id, { rating: 2, body: "Too short." });
    await reviewCourse(b, c.id, { rating: 4, body: "Better on a second read." });
    const page = await coursePage(c.slug, b);
    expect(page?.course.reviewCount).toBe(2);
    expect(page?.course.rating).toBe(4.5);
    expect(page?.reviews.map((r) => r.body)).toContain("Better on a second read.");
    expect(page?.progress?.review).toEqual({ rating: 4, body: "Better on a second read." });
    const [row] = await db()
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.courseId, c.id), eq(enrollments.userId, b.id)));
    expect(row).toBeTruthy();
  });
});

describe("admin", () => {
  it("admins unpublish and publish a course, audited; members may not; figures per course", async () => {
    const c = await course("tarot-spreads-in-depth");
    const member = await person("premium");
    await expect(setCourseStatus(member, c.id, "draft")).rejects.toBeInstanceOf(NotAllowedError);
    const admin = await person("admin");
    await setCourseStatus(admin, c.id, "draft");
    expect(await coursePage(c.slug, member)).toBeNull();
    expect((await adminCourses()).find((row) => row.slug === c.slug)).toMatchObject({
      status: "draft",
      enrollmentCount: expect.any(Number),
      completionCount: 0,
    });
    await setCourseStatus(admin, c.id, "published");
    expect((await coursePage(c.slug, member))?.course.status).toBe("published");
    const audit = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, c.id));
    expect(audit.map((a) => a.action).sort()).toEqual(["course.publish", "course.unpublish"]);
    expect(
      await refusal(setCourseStatus(admin, "00000000-0000-4000-8000-000000000000", "draft")),
    ).toBe("notFound");
  });
});
