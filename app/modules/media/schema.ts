import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "#app/modules/auth/schema";
import type { MediaStatus } from "./purposes";

/**
 * Files members upload for a feature (a video, a lesson's video or download): the bytes live in
 * the media storage (disk or S3, `storage/`) under `storage_key`, the poster image taken from a
 * video beside it under `poster_key`. A row is `uploading` while the resumable upload runs (its
 * id is the tus upload id) and `ready` once the bytes are complete and their type is checked. A
 * feature adopts a ready file with `attachMediaFile` (sets `attached_at`); files nobody adopted
 * within a day are swept with their bytes.
 */
export const mediaFiles = pgTable(
  "media_files",
  {
    id: uuid("id").primaryKey(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull(),
    storageKey: text("storage_key").notNull(),
    /** The type the bytes are (by their signature); empty while uploading. */
    contentType: text("content_type").notNull().default(""),
    size: bigint("size", { mode: "number" }).notNull(),
    originalName: text("original_name").notNull().default(""),
    durationSeconds: integer("duration_seconds"),
    posterKey: text("poster_key"),
    status: text("status").$type<MediaStatus>().notNull().default("uploading"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    attachedAt: timestamp("attached_at", { withTimezone: true }),
  },
  (t) => [
    index("media_files_owner_idx").on(t.ownerId, t.createdAt.desc()),
    // The sweep reads the unattached files by age.
    index("media_files_unattached_idx")
      .on(t.createdAt)
      .where(sql`${t.attachedAt} is null`),
    check("media_files_status_check", sql`${t.status} in ('uploading', 'ready')`),
    check("media_files_size_check", sql`${t.size} >= 0`),
  ],
);

export type MediaFile = typeof mediaFiles.$inferSelect;
