import { and, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import { covenEvents } from "#app/modules/coven-events/schema";
import { covens } from "#app/modules/covens/schema";
import { chunkMarkdown } from "./chunk";
import type { KnowledgeAccess } from "./schema";
import type { KnowledgeSource } from "./sources.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Events the guide may speak of: public and premium ones (coven events are for a coven's members,
 * which the index's three access levels cannot express, so they never enter), not cancelled, not
 * hosted by an archived coven, and not over — a single event until it ends, a series until its
 * last occurrence (`series_end_at`, never for an endless series). The refresh drops an event once
 * it is over, so the guide does not point at last month's circle.
 */
function indexable(now: Date) {
  return and(
    inArray(covenEvents.visibility, ["public", "premium"]),
    isNull(covenEvents.cancelledAt),
    isNull(covens.archivedAt),
    or(isNull(covenEvents.seriesEndAt), gt(covenEvents.seriesEndAt, now)),
  );
}

const hostJoin = sql`${covens.id} = ${covenEvents.covenId}`;

/** Events: the description under the event's title, linking to `/covens/events/{id}`. */
export const eventSource: KnowledgeSource = {
  kind: "event",
  async list(tx, now) {
    return tx
      .select({ id: covenEvents.id, updatedAt: covenEvents.updatedAt })
      .from(covenEvents)
      .leftJoin(covens, hostJoin)
      .where(indexable(now));
  },
  async load(tx, id, now) {
    if (!UUID.test(id)) return null;
    const [row] = await tx
      .select({
        title: covenEvents.title,
        description: covenEvents.description,
        visibility: covenEvents.visibility,
        updatedAt: covenEvents.updatedAt,
      })
      .from(covenEvents)
      .leftJoin(covens, hostJoin)
      .where(and(eq(covenEvents.id, id), indexable(now)))
      .limit(1);
    if (!row) return null;
    const url = `/covens/events/${id}`;
    const access: KnowledgeAccess = row.visibility === "premium" ? "premium" : "public";
    const passages = chunkMarkdown(row.description);
    const chunks =
      passages.length > 0
        ? passages.map((c) => ({ url, heading: c.heading, body: c.text, access }))
        : [{ url, heading: "", body: row.title, access }];
    return { id, title: row.title, language: null, updatedAt: row.updatedAt, chunks };
  },
};
