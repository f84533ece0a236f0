/** One audit-log line as the admin screens show it (client-safe: no server imports). */
export interface AuditEntry {
  id: string;
  action: string;
  targetType: string;
  targetId: string | null;
  details: Record<string, unknown>;
  createdAt: Date;
  actorName: string | null;
}
