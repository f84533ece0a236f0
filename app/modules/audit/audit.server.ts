import { desc, eq } from "drizzle-orm";
import { db, type Db } from "#app/db/client.server";
import { profiles } from "#app/modules/profiles/schema";
import { auditLog } from "./schema";
import type { AuditEntry } from "./types";

/*
 * The audit log: every change an admin (or a coven leader) makes, with who, what and the
 * values before and after. Callers record their row with `recordAudit` on the same handle as
 * the change itself, so the change and its audit row commit or roll back together.
 */

export interface AuditRecord {
  /** Null when the change comes from the command line. */
  actorId: string | null;
  /** What was done, `domain.verb` (`member.role`, `page.update`, `moderation.approve`…). */
  action: string;
  targetType: string;
  targetId: string | null;
  details: Record<string, unknown>;
}

/** Writes one audit row; pass the transaction that makes the change. */
export async function recordAudit(handle: Db, record: AuditRecord): Promise<void> {
  await handle.insert(auditLog).values(record);
}

/** The newest audit rows first, with the actor's display name. */
export async function recentAudit(limit = 50): Promise<AuditEntry[]> {
  return db()
    .select({
      id: auditLog.id,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
      actorName: profiles.displayName,
    })
    .from(auditLog)
    .leftJoin(profiles, eq(profiles.userId, auditLog.actorId))
    .orderBy(desc(auditLog.createdAt))
    .limit(limit);
}
