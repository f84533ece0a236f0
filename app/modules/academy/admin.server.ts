import { desc, eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { recordAudit } from "#app/modules/audit/index.server";
import { NotAllowedError } from "#app/modules/auth";
import { academyCategories, courses } from "./schema";
import { averageRating, canManageAcademy, type AcademyActor, type CourseStatus } from "./policy";
import { AcademyRefusedError } from "./academy.server";

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
