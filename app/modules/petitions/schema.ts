import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "#app/modules/auth/schema";
import { mediaFiles } from "#app/modules/media/schema";
import type { PetitionStatus } from "./machine";

/*
 * Ritual requests (SPEC §2 /request-ritual, /admin/petitions, /admin/rituals/{id}; decision 057).
 * A member files a petition for one kind of ritual; admins move it through the statuses of
 * machine.ts. Every move is a row of `petition_history`; admins' notes stay in `petition_notes`,
 * which no member screen reads.
 */

/** The rituals members may ask for, kept by admins; inactive kinds are not offered any more. */
export const ritualKinds = pgTable(
  "ritual_kinds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull().unique(),
    description: text("description").notNull().default(""),
    active: boolean("active").notNull().default(true),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ritual_kinds_order_idx").on(t.position, t.name)],
);

export const petitions = pgTable(
  "petitions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kindId: uuid("kind_id")
      .notNull()
      .references(() => ritualKinds.id, { onDelete: "restrict" }),
    intention: text("intention").notNull(),
    details: text("details").notNull().default(""),
    names: text("names").notNull().default(""),
    /** The day the member would like it done (YYYY-MM-DD); null: any day. */
    preferredDate: date("preferred_date", { mode: "string" }),
    /** When the member agreed to the rules (the form refuses without it). */
    consentedAt: timestamp("consented_at", { withTimezone: true }).notNull(),
    status: text("status").$type<PetitionStatus>().notNull().default("submitted"),
    declineReason: text("decline_reason"),
    scheduledFor: date("scheduled_for", { mode: "string" }),
    report: text("report"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("petitions_status_idx").on(t.status, t.createdAt, t.id),
    index("petitions_user_idx").on(t.userId, t.createdAt),
    // One open (not declined, not closed) request per member and kind, also under races.
    uniqueIndex("petitions_one_open_idx")
      .on(t.userId, t.kindId)
      .where(sql`${t.status} not in ('declined', 'closed')`),
    check(
      "petitions_status_check",
      sql`${t.status} in ('submitted', 'accepted', 'declined', 'scheduled', 'performed', 'closed')`,
    ),
  ],
);

/** Every status a request took: who moved it, when, and the reason or date that came with it. */
export const petitionHistory = pgTable(
  "petition_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    petitionId: uuid("petition_id")
      .notNull()
      .references(() => petitions.id, { onDelete: "cascade" }),
    fromStatus: text("from_status").$type<PetitionStatus>(),
    toStatus: text("to_status").$type<PetitionStatus>().notNull(),
    actorId: uuid("actor_id").references(() => user.id, { onDelete: "set null" }),
    reason: text("reason"),
    scheduledFor: date("scheduled_for", { mode: "string" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("petition_history_petition_idx").on(t.petitionId, t.createdAt)],
);

/** Admins' internal notes on a request: never on a member's screen. */
export const petitionNotes = pgTable(
  "petition_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    petitionId: uuid("petition_id")
      .notNull()
      .references(() => petitions.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => user.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("petition_notes_petition_idx").on(t.petitionId, t.createdAt)],
);

/**
 * Photos of a performed ritual: media files of purpose "petition-photo" (media engine), which
 * only the request's owner and admins receive (media-access.server.ts).
 */
export const petitionPhotos = pgTable(
  "petition_photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    petitionId: uuid("petition_id")
      .notNull()
      .references(() => petitions.id, { onDelete: "cascade" }),
    mediaFileId: uuid("media_file_id")
      .notNull()
      .unique()
      .references(() => mediaFiles.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("petition_photos_petition_idx").on(t.petitionId, t.createdAt)],
);
