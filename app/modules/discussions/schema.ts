import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { tsvector } from "#app/db/tsvector";
import { user } from "#app/modules/auth/schema";
import { covens } from "#app/modules/covens/schema";
import { videos } from "#app/modules/videos/schema";

/** Discussion categories (SPEC §3). A premium category names the tier it requires. */
export const categories = pgTable(
  "categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    slug: text("slug").notNull().unique(),
    displayOrder: integer("display_order").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    mysticalTheme: text("mystical_theme"),
    bannerImageUrl: text("banner_image_url"),
    subscriptionTierRequired: text("subscription_tier_required"),
    isReadOnly: boolean("is_read_only").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("categories_order_idx").on(t.isActive, t.displayOrder)],
);

/** published: visible to everyone; pending: waits for a moderator; rejected: only its author sees it. */
export const MODERATION_STATES = ["published", "pending", "rejected"] as const;
export type ModerationState = (typeof MODERATION_STATES)[number];

export const posts = pgTable(
  "posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    content: text("content").notNull(),
    /** The category's slug (SPEC §3: post_count counts posts whose category equals the slug). */
    category: text("category").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status").$type<ModerationState>().notNull().default("published"),
    isFeatured: boolean("is_featured").notNull().default(false),
    acceptedCommentId: uuid("accepted_comment_id"),
    replyCount: integer("reply_count").notNull().default(0),
    reactionCount: integer("reaction_count").notNull().default(0),
    viewCount: integer("view_count").notNull().default(0),
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    /**
     * An edit of a published post by a member still under pre-moderation, held for review: the
     * published title, category and content stay what everyone sees until a moderator approves
     * it (then it replaces them) or rejects it (then it is dropped). Null when none is held.
     */
    heldTitle: text("held_title"),
    heldCategory: text("held_category"),
    heldContent: text("held_content"),
    heldAt: timestamp("held_at", { withTimezone: true }),
    /**
     * A post in a coven's feed (docs/decisions/037): readable only by the coven's active members
     * and admins. Null for a public discussion. Every list, count, search and recommendation of
     * discussions keeps to `coven_id is null` (`PUBLIC_POST`); its category is the empty string,
     * which names no category, so a join on categories drops it as well.
     */
    covenId: uuid("coven_id").references(() => covens.id, { onDelete: "cascade" }),
    /**
     * The video whose comments hang off this post (decision 049): one post per video, created
     * with its first visit, outside every public list like a coven's posts.
     */
    videoId: uuid("video_id").references((): AnyPgColumn => videos.id, { onDelete: "cascade" }),
    /** When a coven's leader pinned the post to the top of the feed; null when not pinned. */
    pinnedAt: timestamp("pinned_at", { withTimezone: true }),
    // 'simple' configuration: no language-specific stemming, so posts in any of the 15 languages
    // are matched word for word; the title weighs more than the body.
    search: tsvector("search").generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', coalesce("title", '')), 'A') || setweight(to_tsvector('simple', coalesce("content", '')), 'B')`,
    ),
  },
  (t) => [
    // Column order and directions match the list's ORDER BY exactly (DESC NULLS LAST on both), so
    // a page of /discussions is an index range scan, not a sort of every post.
    index("posts_status_activity_idx").on(t.status, t.lastActivityAt.desc(), t.id.desc()),
    index("posts_category_activity_idx").on(
      t.category,
      t.status,
      t.lastActivityAt.desc(),
      t.id.desc(),
    ),
    // A page of a coven's feed: pinned first, then latest activity (partial: public posts have none).
    index("posts_coven_activity_idx")
      .on(t.covenId, t.pinnedAt.desc(), t.lastActivityAt.desc(), t.id.desc())
      .where(sql`${t.covenId} is not null`),
    index("posts_user_idx").on(t.userId, t.createdAt.desc()),
    index("posts_featured_idx").on(t.isFeatured, t.lastActivityAt.desc()),
    index("posts_search_idx").using("gin", t.search),
    index("posts_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
    index("posts_held_idx")
      .on(t.heldAt)
      .where(sql`${t.heldAt} is not null`),
    // A coven post has no category (''), a public one always has one: no coven post can land in
    // a category's list, count or search words by a mistaken write.
    // A post is filed in a category exactly when it belongs to neither a coven nor a video.
    check(
      "posts_coven_category_check",
      sql`(${t.covenId} is null and ${t.videoId} is null) = (${t.category} <> '')`,
    ),
    check("posts_one_place_check", sql`${t.covenId} is null or ${t.videoId} is null`),
    uniqueIndex("posts_video_idx")
      .on(t.videoId)
      .where(sql`${t.videoId} is not null`),
  ],
);

/**
 * Public discussions only: the filter every path outside a coven's feed or a video's comments
 * applies to posts.
 */
export const PUBLIC_POST = sql`(${posts.covenId} is null and ${posts.videoId} is null)`;

export const comments = pgTable(
  "comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    /** One level of replies: a reply's parent is always a top-level comment. */
    parentId: uuid("parent_id"),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    status: text("status").$type<ModerationState>().notNull().default("published"),
    reactionCount: integer("reaction_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    /** A held edit of a published comment (see posts.heldContent). */
    heldContent: text("held_content"),
    heldAt: timestamp("held_at", { withTimezone: true }),
  },
  (t) => [
    index("comments_post_idx").on(t.postId, t.createdAt),
    // A page of a thread is a range of its top-level comments in (created_at, id) order (keyset,
    // thread.server.ts), then the replies of those comments: both are index range scans, so a
    // page costs the same on the first page of a thread as on the last of a very long one.
    index("comments_thread_roots_idx")
      .on(t.postId, t.createdAt, t.id)
      .where(sql`${t.parentId} is null`),
    index("comments_replies_idx")
      .on(t.parentId, t.createdAt, t.id)
      .where(sql`${t.parentId} is not null`),
    index("comments_user_idx").on(t.userId),
    index("comments_status_idx").on(t.status, t.createdAt),
    index("comments_held_idx")
      .on(t.heldAt)
      .where(sql`${t.heldAt} is not null`),
  ],
);

export {
  REACTION_KIND_LIST as REACTION_KINDS,
  type ReactionKindName as ReactionKind,
} from "./reaction-kinds";
import type { ReactionKindName as ReactionKind } from "./reaction-kinds";

export const reactions = pgTable(
  "reactions",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    targetType: text("target_type").$type<"post" | "comment">().notNull(),
    targetId: uuid("target_id").notNull(),
    kind: text("kind").$type<ReactionKind>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.targetType, t.targetId, t.kind] }),
    index("reactions_target_idx").on(t.targetType, t.targetId),
  ],
);

export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reporterId: uuid("reporter_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    targetType: text("target_type").$type<"post" | "comment">().notNull(),
    targetId: uuid("target_id").notNull(),
    reason: text("reason").notNull(),
    status: text("status").$type<"open" | "resolved">().notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("reports_status_idx").on(t.status, t.createdAt),
    uniqueIndex("reports_once_idx").on(t.reporterId, t.targetType, t.targetId),
  ],
);

/** One row per post view worth counting (a viewer's first view in a day), for trending. */
export const postViews = pgTable(
  "post_views",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    viewerKey: text("viewer_key").notNull(),
    day: text("day").notNull(),
  },
  // The viewer index serves "what did this member read" (recommendations).
  (t) => [
    primaryKey({ columns: [t.postId, t.viewerKey, t.day] }),
    index("post_views_viewer_idx").on(t.viewerKey, t.day),
  ],
);
