import { and, desc, eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { paginate, totalRows } from "#app/db/paginate.server";
import { recordAudit } from "#app/modules/audit/index.server";
import { consumeRateLimit, type RateRule } from "#app/modules/auth/index.server";
import { profiles } from "#app/modules/profiles/schema";
import { TESTIMONIALS_PER_PAGE, type TestimonialStatus } from "./policy";
import { testimonials } from "./schema";

/** New testimonials a member may send per day (rejected ones count too). */
export const TESTIMONIAL_RATE: RateRule = { limit: 5, windowSeconds: 24 * 60 * 60 };

export interface ShownTestimonial {
  id: string;
  body: string;
  /** The author's display name, or null when they chose not to show it ("A member"). */
  author: string | null;
  /** The author's profile slug, when the name is shown. */
  authorSlug: string | null;
  approvedAt: Date;
}

/** One page of approved testimonials, newest approval first (one query). */
export async function approvedTestimonials(page: number) {
  const result = await paginate(
    db()
      .select({
        id: testimonials.id,
        body: testimonials.body,
        showName: testimonials.showName,
        displayName: profiles.displayName,
        slug: profiles.slug,
        decidedAt: testimonials.decidedAt,
        total: totalRows(),
      })
      .from(testimonials)
      .leftJoin(profiles, eq(profiles.userId, testimonials.userId))
      .where(eq(testimonials.status, "approved"))
      .orderBy(desc(testimonials.decidedAt), desc(testimonials.id)),
    { page, perPage: TESTIMONIALS_PER_PAGE },
  );
  return {
    ...result,
    rows: result.rows.map((row): ShownTestimonial => ({
      id: row.id,
      body: row.body,
      author: row.showName ? (row.displayName ?? null) : null,
      authorSlug: row.showName ? (row.slug ?? null) : null,
      approvedAt: row.decidedAt ?? new Date(0),
    })),
  };
}

/** The member's latest testimonial and its state, for the form's place on /testimonials. */
export async function ownLatestTestimonial(
  userId: string,
): Promise<{ id: string; status: TestimonialStatus; body: string } | null> {
  const [row] = await db()
    .select({ id: testimonials.id, status: testimonials.status, body: testimonials.body })
    .from(testimonials)
    .where(eq(testimonials.userId, userId))
    .orderBy(desc(testimonials.createdAt), desc(testimonials.id))
    .limit(1);
  return row ?? null;
}

export type SubmitResult = "submitted" | "pending" | "rateLimited";

/**
 * A member's testimonial, pending until an admin decides. One pending testimonial per member (a
 * unique index, so two requests at once store one), and TESTIMONIAL_RATE a day.
 */
export async function submitTestimonial(
  userId: string,
  input: { body: string; showName: boolean },
): Promise<SubmitResult> {
  const [pending] = await db()
    .select({ id: testimonials.id })
    .from(testimonials)
    .where(and(eq(testimonials.userId, userId), eq(testimonials.status, "pending")))
    .limit(1);
  if (pending) return "pending";
  if (!(await consumeRateLimit(`testimonial:user:${userId}`, TESTIMONIAL_RATE)))
    return "rateLimited";
  const inserted = await db()
    .insert(testimonials)
    .values({ userId, body: input.body, showName: input.showName })
    .onConflictDoNothing()
    .returning({ id: testimonials.id });
  return inserted.length > 0 ? "submitted" : "pending";
}

export interface PendingTestimonial {
  id: string;
  body: string;
  showName: boolean;
  author: string | null;
  authorSlug: string | null;
  createdAt: Date;
}

/** Testimonials waiting for a decision, oldest first, a page at a time. */
export async function pendingTestimonials(page: number) {
  const result = await paginate(
    db()
      .select({
        id: testimonials.id,
        body: testimonials.body,
        showName: testimonials.showName,
        author: profiles.displayName,
        authorSlug: profiles.slug,
        createdAt: testimonials.createdAt,
        total: totalRows(),
      })
      .from(testimonials)
      .leftJoin(profiles, eq(profiles.userId, testimonials.userId))
      .where(eq(testimonials.status, "pending"))
      .orderBy(testimonials.createdAt, testimonials.id),
    { page, perPage: 20 },
  );
  return result as typeof result & { rows: PendingTestimonial[] };
}

/**
 * An admin approves or rejects a pending testimonial; audited in the same transaction. False when
 * it is no longer pending (another admin decided, or it never existed).
 */
export async function decideTestimonial(
  actorId: string,
  id: string,
  decision: "approve" | "reject",
): Promise<boolean> {
  return db().transaction(async (tx) => {
    const status: TestimonialStatus = decision === "approve" ? "approved" : "rejected";
    const updated = await tx
      .update(testimonials)
      .set({ status, decidedAt: new Date(), decidedBy: actorId })
      .where(and(eq(testimonials.id, id), eq(testimonials.status, "pending")))
      .returning({ id: testimonials.id, userId: testimonials.userId });
    const row = updated[0];
    if (!row) return false;
    await recordAudit(tx, {
      actorId,
      action: `testimonial.${decision}`,
      targetType: "testimonial",
      targetId: id,
      details: { author: row.userId },
    });
    return true;
  });
}
