import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { totalRows, paginate } from "#app/db/paginate.server";
import { profiles } from "#app/modules/profiles/schema";
import {
  averageRating,
  canReviewCourse,
  canSeeCourse,
  FOOTER_CATEGORIES,
  enrollRefusal,
  lessonRefusal,
  type AcademyActor,
  type CourseLevel,
} from "./policy";
import {
  academyCategories,
  certificates,
  courseModules,
  courseReviews,
  courses,
  enrollments,
  lessonProgress,
  lessons,
  quizAttempts,
  quizOptions,
  quizQuestions,
  quizzes,
} from "./schema";
import { courseLessonOrder, rememberLesson } from "./academy.server";
import { lessonMedia } from "./lesson-media.server";

export { FOOTER_CATEGORIES };
export const CATEGORY_PAGE_SIZE = 12;

/** Active categories by display order (SPEC §7: "read academy_categories active, by display_order, limit 8"). */
export async function activeCategories(limit = FOOTER_CATEGORIES) {
  return db()
    .select({ title: academyCategories.title, slug: academyCategories.slug })
    .from(academyCategories)
    .where(eq(academyCategories.isActive, true))
    .orderBy(asc(academyCategories.displayOrder), asc(academyCategories.title))
    .limit(limit);
}

const card = {
  id: courses.id,
  slug: courses.slug,
  title: courses.title,
  summary: courses.summary,
  coverUrl: courses.coverUrl,
  level: courses.level,
  isPremium: courses.isPremium,
  estimatedMinutes: courses.estimatedMinutes,
  reviewCount: courses.reviewCount,
  ratingSum: courses.ratingSum,
  enrollmentCount: courses.enrollmentCount,
  categoryTitle: academyCategories.title,
};

export type CourseCard = Omit<
  Awaited<ReturnType<typeof latestCourses>>[number],
  "ratingSum" | "reviewCount"
> & { rating: number | null; reviewCount: number };

function toCard<T extends { ratingSum: number; reviewCount: number }>(row: T) {
  const { ratingSum, ...rest } = row;
  return { ...rest, rating: averageRating(ratingSum, row.reviewCount) };
}

const published = eq(courses.status, "published");

async function latestCourses(limit: number, where = published) {
  return db()
    .select(card)
    .from(courses)
    .leftJoin(academyCategories, eq(academyCategories.id, courses.categoryId))
    .where(where)
    .orderBy(desc(courses.publishedAt), desc(courses.id))
    .limit(limit);
}

/**
 * Everything `/academy` shows, in five queries whatever the size of the catalogue: latest and
 * featured courses, categories with their course counts, course counts per level, and the
 * signed-in member's courses in progress.
 */
export async function academyLanding(actor: AcademyActor) {
  const [latest, featured, categories, levels, learning] = await Promise.all([
    latestCourses(6),
    latestCourses(6, and(published, eq(courses.isFeatured, true))),
    db()
      .select({
        title: academyCategories.title,
        slug: academyCategories.slug,
        courses: sql<number>`count(${courses.id})`.mapWith(Number),
      })
      .from(academyCategories)
      .leftJoin(courses, and(eq(courses.categoryId, academyCategories.id), published))
      .where(eq(academyCategories.isActive, true))
      .groupBy(academyCategories.id)
      .orderBy(asc(academyCategories.displayOrder), asc(academyCategories.title)),
    db()
      .select({ level: courses.level, count: sql<number>`count(*)`.mapWith(Number) })
      .from(courses)
      .where(published)
      .groupBy(courses.level),
    actor ? continueLearning(actor.id, 4) : Promise.resolve([]),
  ]);
  const levelCounts: Record<CourseLevel, number> = { beginner: 0, intermediate: 0, advanced: 0 };
  for (const row of levels) levelCounts[row.level] = row.count;
  return {
    latest: latest.map(toCard),
    featured: featured.map(toCard),
    categories,
    levelCounts,
    learning,
  };
}

/** A member's enrolled courses, most recently active first, with their progress (one query). */
export async function continueLearning(userId: string, limit: number) {
  const rows = await db()
    .select({
      slug: courses.slug,
      title: courses.title,
      completedLessons: enrollments.completedLessons,
      completedAt: enrollments.completedAt,
      lessonCount:
        sql<number>`(select count(*) from ${lessons} where ${lessons}.course_id = ${courses}.id)`.mapWith(
          Number,
        ),
      resumeSlug: sql<
        string | null
      >`(select l.slug from ${lessons} l where l.id = ${enrollments}.last_lesson_id)`,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(and(eq(enrollments.userId, userId), published))
    .orderBy(desc(enrollments.lastActivityAt))
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    percent: r.lessonCount === 0 ? 0 : Math.round((r.completedLessons * 100) / r.lessonCount),
  }));
}

export async function categoryPage(slug: string, page: number) {
  const [category] = await db()
    .select()
    .from(academyCategories)
    .where(and(eq(academyCategories.slug, slug), eq(academyCategories.isActive, true)));
  if (!category) return null;
  const list = await paginate(
    db()
      .select({ ...card, total: totalRows() })
      .from(courses)
      .leftJoin(academyCategories, eq(academyCategories.id, courses.categoryId))
      .where(and(published, eq(courses.categoryId, category.id)))
      .orderBy(desc(courses.publishedAt), desc(courses.id))
      .$dynamic(),
    { page, perPage: CATEGORY_PAGE_SIZE },
  );
  return {
    category: { title: category.title, slug: category.slug },
    courses: { ...list, rows: list.rows.map(toCard) },
  };
}

/** The outline: modules with their lessons' titles (never bodies), in order. */
async function outline(courseId: string) {
  const [modules, rows, quizLessons] = await Promise.all([
    db()
      .select({ id: courseModules.id, title: courseModules.title })
      .from(courseModules)
      .where(eq(courseModules.courseId, courseId))
      .orderBy(asc(courseModules.position), asc(courseModules.id)),
    db()
      .select({
        id: lessons.id,
        moduleId: lessons.moduleId,
        slug: lessons.slug,
        title: lessons.title,
        estimatedMinutes: lessons.estimatedMinutes,
        requiresPrevious: lessons.requiresPrevious,
      })
      .from(lessons)
      .where(eq(lessons.courseId, courseId))
      .orderBy(asc(lessons.position), asc(lessons.id)),
    // Only quizzes with questions: an empty one is still being written (decision 051).
    db()
      .selectDistinct({ lessonId: quizzes.lessonId })
      .from(quizzes)
      .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
      .innerJoin(quizQuestions, eq(quizQuestions.quizId, quizzes.id))
      .where(eq(lessons.courseId, courseId)),
  ]);
  const withQuiz = new Set(quizLessons.map((q) => q.lessonId));
  return modules.map((m) => ({
    ...m,
    lessons: rows
      .filter((l) => l.moduleId === m.id)
      .map(({ moduleId: _m, ...l }) => ({ ...l, hasQuiz: withQuiz.has(l.id) })),
  }));
}

const REVIEWS_SHOWN = 10;

/**
 * How a page is built: as for the viewer, or — `preview`, for admins only (the routes check) — as
 * an enrolled member who has not started yet sees it, drafts included and nothing of the admin's
 * own progress in it (docs/decisions/053-academy-outline.md).
 */
export interface PageView {
  preview?: boolean;
}

/** The course page: the course, its outline, reviews, and the viewer's enrollment and progress. */
export async function coursePage(slug: string, actor: AcademyActor, view: PageView = {}) {
  const preview = Boolean(view.preview && actor?.isAdmin);
  const [course] = await db()
    .select({
      id: courses.id,
      slug: courses.slug,
      title: courses.title,
      summary: courses.summary,
      descriptionHtml: courses.descriptionHtml,
      coverUrl: courses.coverUrl,
      level: courses.level,
      isPremium: courses.isPremium,
      status: courses.status,
      estimatedMinutes: courses.estimatedMinutes,
      enrollmentCount: courses.enrollmentCount,
      reviewCount: courses.reviewCount,
      ratingSum: courses.ratingSum,
      categoryTitle: academyCategories.title,
      categorySlug: academyCategories.slug,
      instructorName: profiles.displayName,
      instructorSlug: profiles.slug,
    })
    .from(courses)
    .leftJoin(academyCategories, eq(academyCategories.id, courses.categoryId))
    .leftJoin(profiles, eq(profiles.userId, courses.instructorId))
    .where(eq(courses.slug, slug));
  if (!course || !canSeeCourse(actor, course)) return null;
  const [modules, reviews, mine] = await Promise.all([
    outline(course.id),
    db()
      .select({
        rating: courseReviews.rating,
        body: courseReviews.body,
        updatedAt: courseReviews.updatedAt,
        authorName: profiles.displayName,
        authorSlug: profiles.slug,
      })
      .from(courseReviews)
      .innerJoin(profiles, eq(profiles.userId, courseReviews.userId))
      .where(eq(courseReviews.courseId, course.id))
      .orderBy(desc(courseReviews.updatedAt))
      .limit(REVIEWS_SHOWN),
    actor && !preview ? memberState(course.id, actor.id) : Promise.resolve(null),
  ]);
  const { ratingSum, ...rest } = course;
  const enrolled = preview || Boolean(mine?.enrollment);
  return {
    course: { ...rest, rating: averageRating(ratingSum, course.reviewCount) },
    modules,
    reviews,
    enrollRefusal: preview ? null : enrollRefusal(actor, course),
    enrolled,
    canReview: !preview && canReviewCourse(actor, course, enrolled),
    progress: mine,
    preview,
  };
}

async function memberState(courseId: string, userId: string) {
  const [[enrollment], done, [review], [certificate]] = await Promise.all([
    db()
      .select({
        completedLessons: enrollments.completedLessons,
        completedAt: enrollments.completedAt,
        resumeSlug: sql<
          string | null
        >`(select l.slug from ${lessons} l where l.id = ${enrollments}.last_lesson_id)`,
      })
      .from(enrollments)
      .where(and(eq(enrollments.courseId, courseId), eq(enrollments.userId, userId))),
    db()
      .select({ lessonId: lessonProgress.lessonId })
      .from(lessonProgress)
      .where(and(eq(lessonProgress.courseId, courseId), eq(lessonProgress.userId, userId))),
    db()
      .select({ rating: courseReviews.rating, body: courseReviews.body })
      .from(courseReviews)
      .where(and(eq(courseReviews.courseId, courseId), eq(courseReviews.userId, userId))),
    db()
      .select({ id: certificates.id })
      .from(certificates)
      .where(and(eq(certificates.courseId, courseId), eq(certificates.userId, userId))),
  ]);
  return {
    enrollment: enrollment ?? null,
    completedLessonIds: done.map((d) => d.lessonId),
    review: review ?? null,
    certificateId: certificate?.id ?? null,
  };
}

/**
 * The lesson player: the lesson (its body only when the viewer may read it), previous/next in
 * course order, completion state, and its quiz's questions and options WITHOUT which are correct.
 * Opening a readable lesson records it as the place to resume.
 */
export async function lessonPage(
  courseSlug: string,
  lessonSlug: string,
  actor: AcademyActor,
  view: PageView = {},
) {
  const preview = Boolean(view.preview && actor?.isAdmin);
  const [row] = await db()
    .select({
      course: {
        id: courses.id,
        slug: courses.slug,
        title: courses.title,
        status: courses.status,
        isPremium: courses.isPremium,
      },
      lesson: {
        id: lessons.id,
        slug: lessons.slug,
        title: lessons.title,
        bodyHtml: lessons.bodyHtml,
        estimatedMinutes: lessons.estimatedMinutes,
        requiresPrevious: lessons.requiresPrevious,
      },
    })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(courses.slug, courseSlug), eq(lessons.slug, lessonSlug)));
  if (!row || !canSeeCourse(actor, row.course)) return null;
  const { course, lesson } = row;
  const order = await courseLessonOrder(db(), course.id);
  const index = order.findIndex((l) => l.id === lesson.id);
  const previous = index > 0 ? order[index - 1]! : null;
  const next = index < order.length - 1 ? order[index + 1]! : null;
  // A preview reads as a member who just enrolled: no progress of the admin's, nothing recorded.
  const state = actor && !preview ? await memberState(course.id, actor.id) : null;
  const done = new Set(state?.completedLessonIds ?? []);
  const refusal = preview
    ? null
    : lessonRefusal(actor, course, {
        enrolled: Boolean(state?.enrollment),
        previousDone: previous ? done.has(previous.id) : true,
        requiresPrevious: lesson.requiresPrevious,
      });
  const readable = refusal === null;
  if (readable && actor && state?.enrollment) await rememberLesson(actor.id, course.id, lesson.id);
  const quiz = readable
    ? await quizForLesson(lesson.id, preview ? null : (actor?.id ?? null))
    : null;
  // The video and downloads only for a viewer who may open the lesson: their addresses are not
  // secrets (the serving route checks the same rule), but a gated viewer has no use for them.
  const media = readable ? await lessonMedia(lesson.id) : { video: null, files: [] };
  return {
    preview,
    course: {
      id: course.id,
      slug: course.slug,
      title: course.title,
      isPremium: course.isPremium,
      status: course.status,
    },
    lesson: {
      id: lesson.id,
      slug: lesson.slug,
      title: lesson.title,
      estimatedMinutes: lesson.estimatedMinutes,
      requiresPrevious: lesson.requiresPrevious,
      bodyHtml: readable ? lesson.bodyHtml : "",
    },
    position: { index: index + 1, total: order.length },
    previous: previous && { slug: previous.slug, title: previous.title },
    next: next && { slug: next.slug, title: next.title },
    completed: done.has(lesson.id),
    courseCompleted: Boolean(state?.enrollment?.completedAt),
    certificateId: state?.certificateId ?? null,
    refusal,
    enrolled: Boolean(state?.enrollment),
    quiz,
    media,
  };
}

/** A quiz as the browser may see it: questions and options, never `isCorrect` or explanations. */
async function quizForLesson(lessonId: string, userId: string | null) {
  const [quiz] = await db()
    .select({ id: quizzes.id, passPercent: quizzes.passPercent })
    .from(quizzes)
    .where(eq(quizzes.lessonId, lessonId));
  if (!quiz) return null;
  const questions = await db()
    .select({
      id: quizQuestions.id,
      prompt: quizQuestions.prompt,
      kind: quizQuestions.kind,
    })
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quiz.id))
    .orderBy(asc(quizQuestions.position), asc(quizQuestions.id));
  // A quiz without questions is still being written: members see the lesson without it.
  if (questions.length === 0) return null;
  const options = await db()
    .select({
      id: quizOptions.id,
      questionId: quizOptions.questionId,
      label: quizOptions.label,
    })
    .from(quizOptions)
    .where(
      inArray(
        quizOptions.questionId,
        questions.map((q) => q.id),
      ),
    )
    .orderBy(asc(quizOptions.position), asc(quizOptions.id));
  const [best] = userId
    ? await db()
        .select({
          score: sql<number | null>`max(${quizAttempts.score})`,
          attempts: sql<number>`count(*)`.mapWith(Number),
        })
        .from(quizAttempts)
        .where(and(eq(quizAttempts.quizId, quiz.id), eq(quizAttempts.userId, userId)))
    : [];
  return {
    passPercent: quiz.passPercent,
    bestScore: best?.score === null || best?.score === undefined ? null : Number(best.score),
    attempts: best?.attempts ?? 0,
    questions: questions.map((q) => ({
      ...q,
      options: options
        .filter((o) => o.questionId === q.id)
        .map((o) => ({ id: o.id, label: o.label })),
    })),
  };
}
