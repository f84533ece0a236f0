import { asc, desc, eq } from "drizzle-orm";
import { db, type Db } from "#app/db/client.server";
import { firstRow } from "#app/db/rows";
import { uniqueSlug } from "#app/db/unique-slug.server";
import { renderMarkdown } from "#app/lib/markdown.server";
import { recordAudit } from "#app/modules/audit/index.server";
import { NotAllowedError } from "#app/modules/auth";
import { academyCategories, courses } from "./schema";
import { averageRating, canManageAcademy, type AcademyActor, type CourseStatus } from "./policy";
import { AcademyRefusedError } from "./academy.server";
import { storeImage, uploadedImage } from "#app/modules/profiles/index.server";
import { COURSE_COVER, COURSE_LIMITS, type CourseFields } from "./admin-validation";

/** Every course, drafts included, with its enrollment and completion figures (one query). */
export async function adminCourses() {
  const rows = await db()
    .select({
      id: courses.id,
      slug: courses.slug,
      title: courses.title,
      status: courses.status,
      isPremium: courses.isPremium,
      enrollmentCount: courses.enrollmentCount,
      completionCount: courses.completionCount,
      reviewCount: courses.reviewCount,
      ratingSum: courses.ratingSum,
      categoryTitle: academyCategories.title,
    })
    .from(courses)
    .leftJoin(academyCategories, eq(academyCategories.id, courses.categoryId))
    .orderBy(desc(courses.updatedAt), desc(courses.id))
    .limit(500);
  return rows.map(({ ratingSum, ...row }) => ({
    ...row,
    rating: averageRating(ratingSum, row.reviewCount),
  }));
}

/** Publishes or unpublishes a course (admins only), audited in the same transaction. */
export async function setCourseStatus(
  actor: AcademyActor,
  courseId: string,
  status: CourseStatus,
): Promise<void> {
  if (!canManageAcademy(actor)) throw new NotAllowedError("manage the academy");
  await db().transaction(async (tx) => {
    const [course] = await tx
      .update(courses)
      .set({
        status,
        updatedAt: new Date(),
        ...(status === "published" ? { publishedAt: new Date() } : {}),
      })
      .where(eq(courses.id, courseId))
      .returning({ id: courses.id, slug: courses.slug });
    if (!course) throw new AcademyRefusedError("notFound");
    await recordAudit(tx, {
      actorId: actor!.id,
      action: status === "published" ? "course.publish" : "course.unpublish",
      targetType: "course",
      targetId: course.id,
      details: { slug: course.slug },
    });
  });
}

/** Every category, inactive ones too, for the course form's choice. */
export async function adminCategories() {
  return db()
    .select({
      id: academyCategories.id,
      title: academyCategories.title,
      isActive: academyCategories.isActive,
    })
    .from(academyCategories)
    .orderBy(asc(academyCategories.displayOrder), asc(academyCategories.title));
}

/** One course as the edit form shows it (drafts included) with its figures, or null. */
export async function adminCourse(courseId: string) {
  const [course] = await db()
    .select({
      id: courses.id,
      slug: courses.slug,
      title: courses.title,
      summary: courses.summary,
      description: courses.description,
      level: courses.level,
      categoryId: courses.categoryId,
      isPremium: courses.isPremium,
      estimatedMinutes: courses.estimatedMinutes,
      status: courses.status,
      coverUrl: courses.coverUrl,
      enrollmentCount: courses.enrollmentCount,
      completionCount: courses.completionCount,
      reviewCount: courses.reviewCount,
      ratingSum: courses.ratingSum,
    })
    .from(courses)
    .where(eq(courses.id, courseId))
    .limit(1);
  if (!course) return null;
  const { ratingSum, ...rest } = course;
  return { ...rest, rating: averageRating(ratingSum, course.reviewCount) };
}

async function checkCategory(tx: Db, categoryId: string | null) {
  if (!categoryId) return;
  const [category] = await tx
    .select({ id: academyCategories.id })
    .from(academyCategories)
    .where(eq(academyCategories.id, categoryId))
    .limit(1);
  if (!category) throw new AcademyRefusedError("category");
}

function courseValues(input: CourseFields) {
  return {
    title: input.title,
    summary: input.summary,
    description: input.description,
    descriptionHtml: renderMarkdown(input.description),
    level: input.level,
    categoryId: input.categoryId,
    isPremium: input.isPremium,
    estimatedMinutes: input.estimatedMinutes,
  };
}

/** A course's cover: re-encoded by sharp (the upload engine of avatars and banners), cropped 16:9. */
function storeCourseCover(file: File): Promise<string> {
  return storeImage(file, {
    folder: "courses",
    maxBytes: COURSE_LIMITS.coverBytes,
    resize: { width: COURSE_COVER.width, height: COURSE_COVER.height, fit: "cover" },
  });
}

/** The cover the course form sent: its stored path, none, or the translation key of why it was refused. */
export function uploadedCourseCover(
  form: FormData,
): Promise<{ url: string | null } | { error: string }> {
  return uploadedImage(form, "cover", storeCourseCover, {
    size: "academy.admin.errors.coverTooLarge",
    type: "academy.admin.errors.coverType",
  });
}

/** Words a course slug may not be: the fixed paths beside `/academy/:slug`. */
const RESERVED_COURSE_SLUGS = ["category"] as const;

/** Writes a new course as a draft (members never see it until it is published), audited. */
export async function createCourse(
  actor: AcademyActor,
  input: CourseFields,
  coverUrl: string | null = null,
): Promise<{ id: string; slug: string }> {
  if (!canManageAcademy(actor)) throw new NotAllowedError("manage the academy");
  return db().transaction(async (tx) => {
    await checkCategory(tx, input.categoryId);
    const slug = await uniqueSlug(tx, { table: courses, column: courses.slug }, input.title, {
      maxLength: 80,
      fallback: "course",
      reserved: RESERVED_COURSE_SLUGS,
    });
    const created = firstRow(
      await tx
        .insert(courses)
        .values({
          ...courseValues(input),
          coverUrl,
          slug,
          status: "draft",
          instructorId: actor!.id,
        })
        .returning({ id: courses.id, slug: courses.slug }),
      "created course",
    );
    await recordAudit(tx, {
      actorId: actor!.id,
      action: "course.create",
      targetType: "course",
      targetId: created.id,
      details: { slug: created.slug, title: input.title, cover: coverUrl },
    });
    return created;
  });
}

/**
 * Saves a course's fields (its slug and status stay as they are), audited. The cover changes
 * only when a new one was uploaded (`coverUrl`) or `removeCover` was ticked.
 */
export async function updateCourse(
  actor: AcademyActor,
  courseId: string,
  input: CourseFields,
  coverUrl: string | null = null,
): Promise<void> {
  if (!canManageAcademy(actor)) throw new NotAllowedError("manage the academy");
  const cover = coverUrl !== null ? { coverUrl } : input.removeCover ? { coverUrl: null } : {};
  await db().transaction(async (tx) => {
    await checkCategory(tx, input.categoryId);
    const [course] = await tx
      .update(courses)
      .set({ ...courseValues(input), ...cover, updatedAt: new Date() })
      .where(eq(courses.id, courseId))
      .returning({ id: courses.id, slug: courses.slug });
    if (!course) throw new AcademyRefusedError("notFound");
    await recordAudit(tx, {
      actorId: actor!.id,
      action: "course.update",
      targetType: "course",
      targetId: course.id,
      details: {
        slug: course.slug,
        title: input.title,
        ...("coverUrl" in cover ? { cover: cover.coverUrl } : {}),
      },
    });
  });
}
