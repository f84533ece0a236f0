import type { Member } from "#app/modules/auth";

/*
 * Who may do what in the Academy (docs/ARCHITECTURE.md "Academy", "Policies").
 *
 * - A published course's page and outline are open to everyone (SPEC §2: /academy is open).
 * - Drafts are seen by admins only; to anyone else they do not exist (404).
 * - Enrolling: a free course any signed-in member, a premium course premium members; admins any.
 * - A lesson is read by an enrolled member who may enroll (premium lost = gate again), once the
 *   previous lesson is done when the lesson requires it. Admins read every lesson (preview).
 * - A quiz is submitted by whoever may read its lesson; reviews by enrolled members.
 */

export type CourseLevel = "beginner" | "intermediate" | "advanced";
export const COURSE_LEVELS: readonly CourseLevel[] = ["beginner", "intermediate", "advanced"];
export type CourseStatus = "draft" | "published";
export type QuestionKind = "single" | "multiple";

/** SPEC §9: the footer lists at most 8 active categories (the first by display order). */
export const FOOTER_CATEGORIES = 8;

export type AcademyActor = Pick<Member, "id" | "isAdmin" | "isPremium"> | null;

export interface CourseRules {
  status: CourseStatus;
  isPremium: boolean;
}

/** Why a lesson is not shown: the page answers each differently. */
export type LessonRefusal = "notFound" | "signIn" | "premium" | "enroll" | "locked";

export function canSeeCourse(actor: AcademyActor, course: CourseRules): boolean {
  return course.status === "published" || Boolean(actor?.isAdmin);
}

export function enrollRefusal(
  actor: AcademyActor,
  course: CourseRules,
): Exclude<LessonRefusal, "enroll" | "locked"> | null {
  if (!canSeeCourse(actor, course)) return "notFound";
  if (!actor) return "signIn";
  if (actor.isAdmin) return null;
  if (course.isPremium && !actor.isPremium) return "premium";
  return null;
}

export function canEnroll(actor: AcademyActor, course: CourseRules): boolean {
  return enrollRefusal(actor, course) === null;
}

export function lessonRefusal(
  actor: AcademyActor,
  course: CourseRules,
  state: { enrolled: boolean; previousDone: boolean; requiresPrevious: boolean },
): LessonRefusal | null {
  const refusal = enrollRefusal(actor, course);
  if (refusal) return refusal;
  if (actor?.isAdmin) return null;
  if (!state.enrolled) return "enroll";
  if (state.requiresPrevious && !state.previousDone) return "locked";
  return null;
}

/** Quizzes are answered where their lesson may be read. */
export const quizRefusal = lessonRefusal;

export function canReviewCourse(
  actor: AcademyActor,
  course: CourseRules,
  enrolled: boolean,
): boolean {
  return actor !== null && enrolled && course.status === "published";
}

export function canManageAcademy(actor: AcademyActor): boolean {
  return Boolean(actor?.isAdmin);
}

/** Percentage of questions answered right, rounded down, and whether it reaches the pass mark. */
export function quizScore(
  right: number,
  total: number,
  passPercent: number,
): { score: number; passed: boolean } {
  const score = total === 0 ? 100 : Math.floor((right * 100) / total);
  return { score, passed: score >= passPercent };
}

/** A question is right when the chosen set equals the correct set exactly. */
export function answeredRight(chosen: readonly string[], correct: readonly string[]): boolean {
  const picked = new Set(chosen);
  return picked.size === correct.length && correct.every((id) => picked.has(id));
}

export function averageRating(ratingSum: number, reviewCount: number): number | null {
  return reviewCount === 0 ? null : Math.round((ratingSum / reviewCount) * 10) / 10;
}
