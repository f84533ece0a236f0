import { sql } from "drizzle-orm";
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
  date,
  boolean,
} from "drizzle-orm/pg-core";
import { user } from "#app/modules/auth/schema";
import type { EmbedProvider, FollowKind, VideoStatus } from "./policy";

/**
 * Videos (SPEC §3): shared by premium members, an uploaded media file (the media module's
 * `media_files`, adopted with `attachMediaFile`, purpose "video") or an embed of YouTube or
 * Vimeo kept as provider and video id, never as an address. Members' videos wait for an admin
 * (`status`); `is_active` is the admins' hide switch. `views`, `rating_sum`/`rating_count` and
 * `power_score` are kept by the commands in the same transaction as the rows they count, so the
 * list sorts on indexed columns (docs/ARCHITECTURE.md "Videos").
 */
export const videos = pgTable(
  "videos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    /** Markdown as written, and the sanitized HTML rendered from it once on the server. */
    description: text("description").notNull().default(""),
    descriptionHtml: text("description_html").notNull().default(""),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    uploaderId: uuid("uploader_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** An uploaded file (media_files.id); null for an embed. */
    mediaFileId: uuid("media_file_id"),
    embedProvider: text("embed_provider").$type<EmbedProvider>(),
    embedId: text("embed_id"),
    durationSeconds: integer("duration_seconds"),
    /** The uploaded file's poster (`/media/files/<id>/poster`) when the media engine made one. */
    posterUrl: text("poster_url"),
    status: text("status").$type<VideoStatus>().notNull().default("pending"),
    isActive: boolean("is_active").notNull().default(true),
    views: integer("views").notNull().default(0),
    ratingSum: integer("rating_sum").notNull().default(0),
    ratingCount: integer("rating_count").notNull().default(0),
    /** See `POWER_SCORE` in videos.server.ts: rating- and recency-weighted views. */
    powerScore: doublePrecision("power_score").notNull().default(0),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list's four orders, over what everyone may see (published and active).
    index("videos_newest_idx")
      .on(t.publishedAt.desc(), t.id)
      .where(sql`${t.status} = 'published' and ${t.isActive}`),
    index("videos_views_idx")
      .on(t.views.desc(), t.id)
      .where(sql`${t.status} = 'published' and ${t.isActive}`),
    index("videos_power_idx")
      .on(t.powerScore.desc(), t.id)
      .where(sql`${t.status} = 'published' and ${t.isActive}`),
    index("videos_tags_idx").using("gin", t.tags),
    index("videos_uploader_idx").on(t.uploaderId, t.createdAt.desc()),
    index("videos_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    // Site search (search/kinds/videos.server.ts): a substring of the title, full text of both.
    index("videos_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
    index("videos_search_idx").using(
      "gin",
      sql`to_tsvector('simple', ${t.title} || ' ' || ${t.description})`,
    ),
    check("videos_status_check", sql`${t.status} in ('pending', 'published', 'rejected')`),
    check(
      "videos_source_check",
      sql`(${t.mediaFileId} is not null and ${t.embedProvider} is null and ${t.embedId} is null)
        or (${t.mediaFileId} is null and ${t.embedProvider} in ('youtube', 'vimeo') and ${t.embedId} is not null)`,
    ),
  ],
);

/** A member's 1–5 rating of a video; one per member, changed in place. */
export const videoRatings = pgTable(
  "video_ratings",
  {
    videoId: uuid("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.userId] }),
    check("video_ratings_range_check", sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * One row per viewer per video per day (UTC): a member by id (`m:<id>`), a guest by a keyed hash
 * of address and browser (`g:<hex>`), never the address itself. A view counts when its row is new.
 */
export const videoViews = pgTable(
  "video_views",
  {
    videoId: uuid("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    viewerKey: text("viewer_key").notNull(),
    day: date("day").notNull(),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.day, t.viewerKey] })],
);

/** A member follows an uploader (`target` = their user id) or a tag (`target` = the tag). */
export const videoFollows = pgTable(
  "video_follows",
  {
    followerId: uuid("follower_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").$type<FollowKind>().notNull(),
    target: text("target").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.kind, t.target] }),
    index("video_follows_target_idx").on(t.kind, t.target),
    check("video_follows_kind_check", sql`${t.kind} in ('uploader', 'tag')`),
  ],
);
