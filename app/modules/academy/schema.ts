import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "#app/modules/auth/schema";
import { mediaFiles } from "#app/modules/media/schema";
import type { CourseLevel, CourseStatus, QuestionKind } from "./policy";

/**
 * The Academy (SPEC §2/§3, docs/ARCHITECTURE.md "Academy"). A course has ordered modules, a module
 * ordered lessons; a lesson may hold one quiz. Counters on `courses` (enrollments, reviews, rating
 * sum) are kept by the commands in the same transaction, so the lists show them without counting.
 * A lesson's optional video is `lessons.video_file_id`, its downloads `lesson_files` (decision 054).
 */
export const academyCategories = pgTable(
  "academy_categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    isActive: boolean("is_active").notNull().default(true),
    displayOrder: integer("display_order").notNull().default(0),
  },
  (t) => [index("academy_categories_order_idx").on(t.displayOrder, t.title)],
);

export const courses = pgTable(
  "courses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    /** Markdown as written, and the sanitized HTML rendered from it on save. */
    description: text("description").notNull().default(""),
    descriptionHtml: text("description_html").notNull().default(""),
    level: text("level").$type<CourseLevel>().notNull(),
    categoryId: uuid("category_id").references(() => academyCategories.id, {
      onDelete: "set null",
    }),
    coverUrl: text("cover_url"),
    instructorId: uuid("instructor_id").references(() => user.id, { onDelete: "set null" }),
    isPremium: boolean("is_premium").notNull().default(false),
    isFeatured: boolean("is_featured").notNull().default(false),
    status: text("status").$type<CourseStatus>().notNull().default("draft"),
    estimatedMinutes: integer("estimated_minutes").notNull().default(0),
    enrollmentCount: integer("enrollment_count").notNull().default(0),
    completionCount: integer("completion_count").notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    ratingSum: integer("rating_sum").notNull().default(0),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("courses_published_idx").on(t.status, t.publishedAt.desc(), t.id),
    index("courses_category_idx").on(t.categoryId, t.status, t.publishedAt.desc()),
    check("courses_level_check", sql`${t.level} in ('beginner', 'intermediate', 'advanced')`),
    check("courses_status_check", sql`${t.status} in ('draft', 'published')`),
    check("courses_minutes_check", sql`${t.estimatedMinutes} >= 0`),
  ],
);

export const courseModules = pgTable(
  "course_modules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    position: integer("position").notNull(),
  },
  (t) => [index("course_modules_course_idx").on(t.courseId, t.position)],
);

export const lessons = pgTable(
  "lessons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    moduleId: uuid("module_id")
      .notNull()
      .references(() => courseModules.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    bodyHtml: text("body_html").notNull().default(""),
    position: integer("position").notNull(),
    /** The member must have completed the lesson before this one (in course order) first. */
    requiresPrevious: boolean("requires_previous").notNull().default(false),
    estimatedMinutes: integer("estimated_minutes").notNull().default(5),
    /** The lesson's video (media purpose "lesson-video"), shown above its text. */
    videoFileId: uuid("video_file_id").references(() => mediaFiles.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("lessons_course_slug_idx").on(t.courseId, t.slug),
    index("lessons_module_idx").on(t.moduleId, t.position),
    uniqueIndex("lessons_video_file_idx").on(t.videoFileId),
  ],
);

/** A lesson's downloadable files (media purpose "lesson-file"), in the order admins set. */
export const lessonFiles = pgTable(
  "lesson_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    lessonId: uuid("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    mediaFileId: uuid("media_file_id")
      .notNull()
      .unique()
      .references(() => mediaFiles.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    position: integer("position").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("lesson_files_lesson_idx").on(t.lessonId, t.position)],
);

/** A quiz belongs to one lesson (a module's closing quiz is that module's last lesson). */
export const quizzes = pgTable("quizzes", {
  id: uuid("id").primaryKey().defaultRandom(),
  lessonId: uuid("lesson_id")
    .notNull()
    .unique()
    .references(() => lessons.id, { onDelete: "cascade" }),
  /** Percentage of questions answered right needed to pass. */
  passPercent: integer("pass_percent").notNull().default(70),
});

export const quizQuestions = pgTable(
  "quiz_questions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quizId: uuid("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    prompt: text("prompt").notNull(),
    kind: text("kind").$type<QuestionKind>().notNull().default("single"),
    explanation: text("explanation").notNull().default(""),
    position: integer("position").notNull(),
  },
  (t) => [
    index("quiz_questions_quiz_idx").on(t.quizId, t.position),
    check("quiz_questions_kind_check", sql`${t.kind} in ('single', 'multiple')`),
  ],
);

export const quizOptions = pgTable(
  "quiz_options",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    questionId: uuid("question_id")
      .notNull()
      .references(() => quizQuestions.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    isCorrect: boolean("is_correct").notNull().default(false),
    position: integer("position").notNull(),
  },
  (t) => [index("quiz_options_question_idx").on(t.questionId, t.position)],
);

export const enrollments = pgTable(
  "course_enrollments",
  {
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Where the member was last: the lesson the course page's "Continue" opens. */
    lastLessonId: uuid("last_lesson_id").references(() => lessons.id, { onDelete: "set null" }),
    completedLessons: integer("completed_lessons").notNull().default(0),
    enrolledAt: timestamp("enrolled_at", { withTimezone: true }).notNull().defaultNow(),
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.userId] }),
    index("course_enrollments_user_idx").on(t.userId, t.lastActivityAt.desc()),
  ],
);

export const lessonProgress = pgTable(
  "lesson_progress",
  {
    lessonId: uuid("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.lessonId, t.userId] }),
    index("lesson_progress_course_idx").on(t.userId, t.courseId),
  ],
);

/** Every submission; the best is `max(score)` over a member's attempts of the quiz. */
export const quizAttempts = pgTable(
  "quiz_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quizId: uuid("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Percentage of questions answered right, 0–100. */
    score: integer("score").notNull(),
    passed: boolean("passed").notNull(),
    /** The option ids chosen, per question id. */
    answers: jsonb("answers").$type<Record<string, string[]>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("quiz_attempts_member_idx").on(t.quizId, t.userId, t.score.desc()),
    check("quiz_attempts_score_check", sql`${t.score} between 0 and 100`),
  ],
);

export const courseReviews = pgTable(
  "course_reviews",
  {
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    body: text("body").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.userId] }),
    index("course_reviews_recent_idx").on(t.courseId, t.updatedAt.desc()),
    check("course_reviews_rating_check", sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * Issued once per member and course on completion. Name and course title are copied at issue,
 * so the verification page shows what was certified even after a rename.
 */
export const certificates = pgTable(
  "certificates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    recipientName: text("recipient_name").notNull(),
    courseTitle: text("course_title").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("certificates_once_idx").on(t.courseId, t.userId)],
);
