import { asc, count, inArray } from "drizzle-orm";
import { db, type Db } from "#app/db/client.server";
import { firstRow } from "#app/db/rows";
import { renderMarkdown } from "#app/lib/markdown.server";
import { ADMIN_ROLES } from "#app/modules/auth";
import { profiles } from "#app/modules/profiles/schema";
import {
  academyCategories,
  courseModules,
  courses,
  lessons,
  quizOptions,
  quizQuestions,
  quizzes,
} from "./schema";
import { SEED_CATEGORIES, SEED_COURSES, type SeedCourse } from "./seed-content";

/** Writes one course with its modules, lessons and quizzes, published now. */
export async function insertCourse(
  tx: Db,
  course: SeedCourse,
  options: { categoryId: string | null; instructorId: string | null; publishedAt?: Date },
): Promise<string> {
  const minutes = course.modules
    .flatMap((m) => m.lessons)
    .reduce((sum, lesson) => sum + lesson.minutes, 0);
  const { id: courseId } = firstRow(
    await tx
      .insert(courses)
      .values({
        slug: course.slug,
        title: course.title,
        summary: course.summary,
        description: course.description,
        descriptionHtml: renderMarkdown(course.description),
        level: course.level,
        categoryId: options.categoryId,
        instructorId: options.instructorId,
        isPremium: course.isPremium,
        isFeatured: course.isFeatured,
        status: "published",
        estimatedMinutes: minutes,
        publishedAt: options.publishedAt ?? new Date(),
      })
      .returning({ id: courses.id }),
    "seeded course",
  );
  for (const [moduleIndex, module] of course.modules.entries()) {
    const { id: moduleId } = firstRow(
      await tx
        .insert(courseModules)
        .values({ courseId, title: module.title, position: moduleIndex + 1 })
        .returning({ id: courseModules.id }),
      "seeded module",
    );
    for (const [lessonIndex, lesson] of module.lessons.entries()) {
      const { id: lessonId } = firstRow(
        await tx
          .insert(lessons)
          .values({
            courseId,
            moduleId,
            slug: lesson.slug,
            title: lesson.title,
            body: lesson.body,
            bodyHtml: renderMarkdown(lesson.body),
            position: lessonIndex + 1,
            requiresPrevious: lesson.requiresPrevious ?? false,
            estimatedMinutes: lesson.minutes,
          })
          .returning({ id: lessons.id }),
        "seeded lesson",
      );
      if (!lesson.quiz) continue;
      const { id: quizId } = firstRow(
        await tx
          .insert(quizzes)
          .values({ lessonId, passPercent: lesson.quiz.passPercent })
          .returning({ id: quizzes.id }),
        "seeded quiz",
      );
      for (const [questionIndex, question] of lesson.quiz.questions.entries()) {
        const { id: questionId } = firstRow(
          await tx
            .insert(quizQuestions)
            .values({
              quizId,
              prompt: question.prompt,
              kind: question.kind,
              explanation: question.explanation,
              position: questionIndex + 1,
            })
            .returning({ id: quizQuestions.id }),
          "seeded question",
        );
        await tx.insert(quizOptions).values(
          question.options.map((option, optionIndex) => ({
            questionId,
            label: option.label,
            isCorrect: option.correct ?? false,
            position: optionIndex + 1,
          })),
        );
      }
    }
  }
  return courseId;
}

/**
 * First start: when no academy category exists, adds the starter categories and courses
 * (seed-content.ts), taught by the first administrator.
 */
export async function seedAcademy(): Promise<void> {
  const { existing } = firstRow(
    await db().select({ existing: count() }).from(academyCategories),
    "count of academy categories",
  );
  if (existing > 0) return;
  await db().transaction(async (tx) => {
    const categories = await tx
      .insert(academyCategories)
      .values(SEED_CATEGORIES.map((c) => ({ ...c, isActive: true })))
      .onConflictDoNothing()
      .returning({ id: academyCategories.id, slug: academyCategories.slug });
    if (categories.length === 0) return; // another process seeded at the same moment
    const [instructor] = await tx
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(inArray(profiles.role, [...ADMIN_ROLES]))
      .orderBy(asc(profiles.createdAt))
      .limit(1);
    const hour = 3600 * 1000;
    for (const [index, course] of SEED_COURSES.entries()) {
      await insertCourse(tx, course, {
        categoryId: categories.find((c) => c.slug === course.category)?.id ?? null,
        instructorId: instructor?.userId ?? null,
        publishedAt: new Date(Date.now() - (SEED_COURSES.length - index) * hour),
      });
    }
  });
}
