import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "#app/modules/auth/schema";

/**
 * One page seen by a person (never a bot): a document request recorded by the server, or a client
 * navigation reported by the page. No address is stored: `visitorHash` is an HMAC of the address
 * and user agent keyed with the server secret and the UTC day, so a visitor is counted once a day
 * and cannot be followed from one day to the next.
 */
export const pageViews = pgTable(
  "page_views",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    path: text("path").notNull(),
    /** The host of an outside referrer; null for direct visits and the site's own pages. */
    referrerHost: text("referrer_host"),
    language: text("language").notNull(),
    device: text("device").$type<DeviceClass>().notNull(),
    visitorHash: text("visitor_hash").notNull(),
    userId: uuid("user_id").references(() => user.id, { onDelete: "set null" }),
    /** document: served by the server; navigation: a client-side path change. */
    source: text("source").$type<"document" | "navigation">().notNull(),
  },
  (t) => [index("page_views_at_idx").on(t.at), index("page_views_user_idx").on(t.userId)],
);

export type DeviceClass = "desktop" | "mobile" | "tablet";

/** A document request by a bot, crawler or spider (SPEC track-crawler-visits); never a visitor. */
export const crawlerVisits = pgTable(
  "crawler_visits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    userAgent: text("user_agent").notNull(),
    requestPath: text("request_path").notNull(),
    requestMethod: text("request_method").notNull(),
    responseStatus: integer("response_status").notNull(),
    referrer: text("referrer"),
    /** The request's headers without cookies or authorization. */
    requestHeaders: jsonb("request_headers").$type<Record<string, string>>().notNull(),
  },
  (t) => [index("crawler_visits_at_idx").on(t.at)],
);

/**
 * Presence (SPEC visitor_sessions): one row per visitor and day, its `lastSeen` moved by the
 * heartbeat of open tabs at most once per 30 s. Online now = seen in the last 2 minutes.
 */
export const visitorSessions = pgTable(
  "visitor_sessions",
  {
    sessionId: text("session_id").primaryKey(),
    userId: uuid("user_id").references(() => user.id, { onDelete: "cascade" }),
    lastSeen: timestamp("last_seen", { withTimezone: true }).notNull(),
    userAgent: text("user_agent"),
    referrer: text("referrer"),
    path: text("path"),
  },
  (t) => [index("visitor_sessions_last_seen_idx").on(t.lastSeen)],
);

/** Activity records of members (SPEC §3): one table, the payload typed by `type` (ActivityData). */
export const activityEvents = pgTable(
  "activity_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    data: jsonb("data").notNull(),
    language: text("language"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("activity_events_user_at_idx").on(t.userId, t.at),
    index("activity_events_at_idx").on(t.at),
  ],
);

/**
 * Daily rollups, kept forever: `metric` (page_views, visitors, crawler_visits, activity:<type>)
 * by `dimension` ('' for the day's total, else `path:/x`, `referrer:host`, `language:ar`,
 * `device:mobile`).
 */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    metric: text("metric").notNull(),
    dimension: text("dimension").notNull().default(""),
    value: integer("value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.metric, t.dimension] })],
);
