import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, inArray, min } from "drizzle-orm";
import { db, type Db } from "#app/db/client.server";
import { publicUrl } from "#app/lib/config.server";
import { serverT } from "#app/i18n/resources.server";
import { DEFAULT_LOCALE } from "#app/i18n/locales";
import { user } from "#app/modules/auth/schema";
import { profiles, type Role } from "#app/modules/profiles/schema";
import { slugify } from "#app/modules/profiles";
import { subscribers, type Tier } from "#app/modules/memberships/schema";
import { canManageMember } from "#app/modules/admin";
import { recordAudit } from "#app/modules/audit/index.server";
import { queueEmail } from "#app/modules/email/index.server";
import { importErrors, importJobs, importRows } from "./schema";
import { checkRow, type CheckedRow, type RowProblem } from "./row-validation";
import { IMPORT_BATCH_SIZE } from "./validation";

/** The import batch response (SPEC §7 process-user-import). */
export interface ImportProgress {
  totalProcessed: number;
  totalFailed: number;
  isComplete: boolean;
}

export class ImportJobNotFoundError extends Error {}

/**
 * Handles the next 100 staged rows of a job in one transaction that locks the job row: the
 * accounts, the invitations (outbox), the error rows and the cursor commit together, so a run
 * that dies mid-batch leaves nothing half done and the next run (or a second one racing it)
 * starts after the last committed batch.
 */
export async function processImportBatch(jobId: string): Promise<ImportProgress> {
  return db().transaction(async (tx) => {
    const handle = tx as unknown as Db;
    const [job] = await tx
      .select({
        id: importJobs.id,
        status: importJobs.status,
        createdBy: importJobs.createdBy,
        totalRows: importJobs.totalRows,
        processedRows: importJobs.processedRows,
        failedRows: importJobs.failedRows,
        createdRows: importJobs.createdRows,
        updatedRows: importJobs.updatedRows,
        actorRole: profiles.role,
      })
      .from(importJobs)
      .leftJoin(profiles, eq(profiles.userId, importJobs.createdBy))
      .where(eq(importJobs.id, jobId))
      .for("update", { of: importJobs });
    if (!job) throw new ImportJobNotFoundError(jobId);
    if (job.status === "complete")
      return { totalProcessed: job.processedRows, totalFailed: job.failedRows, isComplete: true };

    const rows = await tx
      .select()
      .from(importRows)
      .where(and(eq(importRows.jobId, jobId), gt(importRows.position, job.processedRows)))
      .orderBy(asc(importRows.position))
      .limit(IMPORT_BATCH_SIZE);

    const outcome = await importRowsOf(handle, rows, {
      jobId,
      actor: { id: job.createdBy ?? "", role: job.actorRole ?? null },
    });

    const processed = job.processedRows + rows.length;
    const failed = job.failedRows + outcome.failures.length;
    const isComplete = rows.length < IMPORT_BATCH_SIZE || processed >= job.totalRows;
    if (outcome.failures.length > 0)
      await tx.insert(importErrors).values(outcome.failures).onConflictDoNothing();
    const now = new Date();
    await tx
      .update(importJobs)
      .set({
        processedRows: processed,
        failedRows: failed,
        createdRows: job.createdRows + outcome.created,
        updatedRows: job.updatedRows + outcome.updated,
        touchedAt: now,
        ...(isComplete ? { status: "complete" as const, completedAt: now } : {}),
      })
      .where(eq(importJobs.id, jobId));
    if (isComplete) {
      await recordAudit(handle, {
        actorId: job.createdBy,
        action: "member.import.complete",
        targetType: "import_job",
        targetId: jobId,
        details: {
          rows: processed,
          failed,
          created: job.createdRows + outcome.created,
          updated: job.updatedRows + outcome.updated,
        },
      });
      // The staged copy of the file has served its purpose; the errors stay for the report.
      await tx.delete(importRows).where(eq(importRows.jobId, jobId));
    }
    return { totalProcessed: processed, totalFailed: failed, isComplete };
  });
}

type StagedRow = typeof importRows.$inferSelect;
type Failure = typeof importErrors.$inferInsert;

async function importRowsOf(
  tx: Db,
  rows: StagedRow[],
  context: { jobId: string; actor: { id: string; role: Role | null } },
): Promise<{ failures: Failure[]; created: number; updated: number }> {
  const failures: Failure[] = [];
  const fail = (row: StagedRow, problem: RowProblem, detail = "") =>
    failures.push({
      jobId: context.jobId,
      line: row.line,
      email: row.email,
      reason: problem,
      detail,
    });

  // The first row of each address in the whole file: a later one is a duplicate.
  const keys = [...new Set(rows.map((row) => row.emailKey).filter((key) => key !== ""))];
  const firsts = keys.length
    ? await tx
        .select({
          key: importRows.emailKey,
          position: min(importRows.position),
          line: min(importRows.line),
        })
        .from(importRows)
        .where(and(eq(importRows.jobId, context.jobId), inArray(importRows.emailKey, keys)))
        .groupBy(importRows.emailKey)
    : [];
  const firstOf = new Map(firsts.map((first) => [first.key, first]));

  const valid: Array<{ staged: StagedRow; row: CheckedRow }> = [];
  for (const staged of rows) {
    const first = firstOf.get(staged.emailKey);
    if (staged.emailKey !== "" && first?.position != null && first.position < staged.position) {
      fail(staged, "duplicate", String(first.line));
      continue;
    }
    const checked = checkRow(staged);
    if (!checked.ok) fail(staged, checked.problem);
    else valid.push({ staged, row: checked.row });
  }

  const existing = valid.length
    ? await tx
        .select({
          id: user.id,
          email: user.email,
          name: user.name,
          role: profiles.role,
          displayName: profiles.displayName,
          language: profiles.language,
          tier: subscribers.subscriptionTier,
        })
        .from(user)
        .leftJoin(profiles, eq(profiles.userId, user.id))
        .leftJoin(subscribers, eq(subscribers.userId, user.id))
        .where(
          inArray(
            user.email,
            valid.map((entry) => entry.row.email),
          ),
        )
    : [];
  const existingByEmail = new Map(existing.map((account) => [account.email, account]));

  let updated = 0;
  const fresh: Array<{ staged: StagedRow; row: CheckedRow & { displayName: string } }> = [];
  const now = new Date();
  for (const { staged, row } of valid) {
    const account = existingByEmail.get(row.email);
    if (!account) {
      if (row.displayName === null) fail(staged, "displayNameMissing");
      else fresh.push({ staged, row: { ...row, displayName: row.displayName } });
      continue;
    }
    // The same rule as the member list: only a super admin changes a super admin's account.
    if (!canManageMember(context.actor, { id: account.id, role: account.role ?? null })) {
      fail(staged, "notAllowed");
      continue;
    }
    await updateMember(tx, account, row, now);
    updated++;
  }

  await createMembers(
    tx,
    fresh.map((entry) => entry.row),
    now,
  );
  return { failures, created: fresh.length, updated };
}

/** An existing member: the file's name, tier and language where given (empty cells keep theirs). */
async function updateMember(
  tx: Db,
  account: {
    id: string;
    name: string;
    displayName: string | null;
    language: string | null;
    tier: Tier | null;
  },
  row: CheckedRow,
  now: Date,
): Promise<void> {
  if (row.displayName !== null && row.displayName !== account.name)
    await tx
      .update(user)
      .set({ name: row.displayName, updatedAt: now })
      .where(eq(user.id, account.id));
  const profileChange = {
    ...(row.displayName !== null && row.displayName !== account.displayName
      ? { displayName: row.displayName }
      : {}),
    ...(row.language !== null && row.language !== account.language
      ? { language: row.language }
      : {}),
  };
  if (Object.keys(profileChange).length > 0)
    await tx
      .update(profiles)
      .set({ ...profileChange, updatedAt: now })
      .where(eq(profiles.userId, account.id));
  if (row.tier !== null && row.tier !== account.tier) {
    // As an admin's change of tier on the member list (admin/members.server.ts changeMember).
    const paid = row.tier !== "free";
    await tx
      .update(subscribers)
      .set({
        subscriptionTier: row.tier,
        subscribed: paid,
        subscriptionStart: paid ? now : null,
        updatedAt: now,
      })
      .where(eq(subscribers.userId, account.id));
  }
}

/**
 * New accounts without a password, with the records every account has (profile, subscriber),
 * and an invitation each. The member sets a password through the reset flow, which creates the
 * credential account (docs/decisions/073).
 */
async function createMembers(
  tx: Db,
  rows: Array<CheckedRow & { displayName: string }>,
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  const wanted = rows.map((row) => slugify(row.displayName, 40));
  const taken = new Set(
    (
      await tx
        .select({ slug: profiles.slug })
        .from(profiles)
        .where(inArray(profiles.slug, [...new Set(wanted)]))
    ).map((found) => found.slug),
  );
  const members = rows.map((row, index) => {
    let slug = wanted[index]!;
    // A taken name gets a random suffix, as a sign-up that lost the race for its slug does.
    if (taken.has(slug)) slug = `${slugify(row.displayName, 30)}-${randomUUID().slice(0, 6)}`;
    taken.add(slug);
    return { ...row, id: randomUUID(), slug };
  });
  await tx.insert(user).values(
    members.map((member) => ({
      id: member.id,
      name: member.displayName,
      email: member.email,
      emailVerified: false,
      createdAt: now,
      updatedAt: now,
    })),
  );
  await tx.insert(profiles).values(
    members.map((member) => ({
      userId: member.id,
      displayName: member.displayName,
      slug: member.slug,
      language: member.language,
    })),
  );
  await tx.insert(subscribers).values(
    members.map((member) => {
      const tier = member.tier ?? "free";
      const paid = tier !== "free";
      return {
        userId: member.id,
        email: member.email,
        subscribed: paid,
        subscriptionTier: tier,
        subscriptionStatus: "active",
        subscriptionStart: paid ? now : null,
        monthlyPrice: 0,
      };
    }),
  );
  for (const member of members) await queueEmail(tx, invitation(member));
}

/**
 * The invitation in the member's language. It carries no secret (the outbox keeps what it
 * sends): its link opens the reset form with the address filled in, which e-mails the member a
 * one-hour set-password link.
 */
function invitation(member: { email: string; displayName: string; language: string | null }) {
  const locale = (member.language ?? DEFAULT_LOCALE) as Parameters<typeof serverT>[0];
  const t = serverT(locale);
  const link = `${publicUrl()}/forgot-password?email=${encodeURIComponent(member.email)}`;
  return {
    to: member.email,
    subject: t("email.invite.subject"),
    text: t("email.invite.body", { name: member.displayName, link }),
  };
}
