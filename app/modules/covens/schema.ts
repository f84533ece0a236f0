import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "#app/modules/auth/schema";
import type { CovenRole, CovenVisibility } from "./policy";

/**
 * Covens (SPEC §1/§2): small practice groups. `member_count` is kept by the commands in the same
 * transaction as the membership rows (the list sorts and shows it without counting); the coven
 * row is locked while a member joins, so the member limit holds under concurrent joins. The
 * owner is the member whose role is "owner" (one per coven, held by a unique index).
 */
export const covens = pgTable(
  "covens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    /** Markdown as written, and the sanitized HTML rendered from it once on the server. */
    description: text("description").notNull().default(""),
    descriptionHtml: text("description_html").notNull().default(""),
    bannerUrl: text("banner_url"),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    language: text("language").notNull(),
    visibility: text("visibility").$type<CovenVisibility>().notNull(),
    memberLimit: integer("member_limit").notNull().default(50),
    memberCount: integer("member_count").notNull().default(0),
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("covens_activity_idx").on(t.lastActivityAt.desc(), t.id),
    index("covens_size_idx").on(t.memberCount.desc(), t.id),
    // Site search (search/kinds/covens.server.ts): a substring of the name, full text of name and description.
    index("covens_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("covens_search_idx").using(
      "gin",
      sql`to_tsvector('simple', ${t.name} || ' ' || ${t.description})`,
    ),
    check("covens_visibility_check", sql`${t.visibility} in ('open', 'request', 'invite')`),
    check("covens_member_count_check", sql`${t.memberCount} >= 0`),
  ],
);

/** Who belongs to a coven and in which role; a ban keeps the row so the member cannot rejoin. */
export const covenMembers = pgTable(
  "coven_members",
  {
    covenId: uuid("coven_id")
      .notNull()
      .references(() => covens.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role").$type<CovenRole>().notNull().default("member"),
    bannedAt: timestamp("banned_at", { withTimezone: true }),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.covenId, t.userId] }),
    index("coven_members_user_idx").on(t.userId),
    // One owner per coven, whatever two requests try at once.
    uniqueIndex("coven_members_one_owner_idx")
      .on(t.covenId)
      .where(sql`${t.role} = 'owner'`),
    check("coven_members_role_check", sql`${t.role} in ('owner', 'moderator', 'member')`),
  ],
);

/** A member's request to join a request-only coven, with an optional message to its leaders. */
export const covenJoinRequests = pgTable(
  "coven_join_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    covenId: uuid("coven_id")
      .notNull()
      .references(() => covens.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    message: text("message").notNull().default(""),
    status: text("status")
      .$type<"pending" | "approved" | "declined">()
      .notNull()
      .default("pending"),
    decidedBy: uuid("decided_by").references(() => user.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("coven_join_requests_pending_idx")
      .on(t.covenId, t.userId)
      .where(sql`${t.status} = 'pending'`),
    index("coven_join_requests_coven_idx").on(t.covenId, t.createdAt),
  ],
);

/**
 * Invitation links. Only a hash of the token is stored (the link is shown once to the leader
 * who made it); a link works until it expires or is revoked.
 */
export const covenInvitations = pgTable(
  "coven_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    covenId: uuid("coven_id")
      .notNull()
      .references(() => covens.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdBy: uuid("created_by").references(() => user.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    uses: integer("uses").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("coven_invitations_coven_idx").on(t.covenId, t.createdAt)],
);
