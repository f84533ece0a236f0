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
  uuid,
} from "drizzle-orm/pg-core";
import { tsvector } from "#app/db/tsvector";
import { user } from "#app/modules/auth/schema";
import { covens } from "#app/modules/covens/schema";
import type { EventVisibility, RsvpStatus } from "./policy";

/*
 * Events of covens and site-wide events (issue 11 §2, decision 035). An event keeps its first
 * start and end as instants with its IANA zone and, for a series, the RRULE that
 * app/modules/calendar/recurrence.ts wrote; occurrences are expanded from that.
 * `series_end_at` is where the last occurrence ends (null: a series without an end), so the
 * events between two instants (a month grid, a calendar) are one indexed query, expanded in
 * memory; the paged lists read the stored occurrences (`coven_event_occurrences`).
 */
export const covenEvents = pgTable(
  "coven_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** iCalendar UID: fixed at creation, kept through every edit. */
    uid: text("uid").notNull().unique(),
    title: text("title").notNull(),
    /** Markdown as written, and the sanitized HTML rendered from it once on the server. */
    description: text("description").notNull().default(""),
    descriptionHtml: text("description_html").notNull().default(""),
    startAt: timestamp("start_at", { withTimezone: true }).notNull(),
    endAt: timestamp("end_at", { withTimezone: true }).notNull(),
    timeZone: text("time_zone").notNull(),
    rrule: text("rrule"),
    seriesEndAt: timestamp("series_end_at", { withTimezone: true }),
    /** Shown to attendees going and to hosts only (policy.ts `canSeeOnlineLink`). */
    onlineUrl: text("online_url"),
    place: text("place"),
    /** Seats per occurrence; null: no limit. */
    capacity: integer("capacity"),
    coverUrl: text("cover_url"),
    /** The hosting coven; null for a site-wide event (hosted by the admins). */
    covenId: uuid("coven_id").references(() => covens.id, { onDelete: "cascade" }),
    visibility: text("visibility").$type<EventVisibility>().notNull(),
    createdBy: uuid("created_by").references(() => user.id, { onDelete: "set null" }),
    /** iCalendar SEQUENCE: grows with every change members' calendars must pick up. */
    sequence: integer("sequence").notNull().default(0),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /**
     * Until when `coven_event_occurrences` holds this event's occurrences (occurrences.server.ts):
     * null before they were first stored; the hourly task extends open-ended series.
     */
    occurrencesUntil: timestamp("occurrences_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Title and description as one search document (search/kinds/events.server.ts), stored so a
     * search rechecks its candidates from the vector, not by parsing each description again.
     */
    search: tsvector("search").generatedAlwaysAs(
      sql`to_tsvector('simple', "title" || ' ' || "description")`,
    ),
  },
  (t) => [
    index("coven_events_start_idx").on(t.startAt, t.id),
    index("coven_events_series_end_idx").on(t.seriesEndAt),
    index("coven_events_coven_idx").on(t.covenId, t.startAt),
    // The lists' single events by visibility (a guest's are the public ones) in start order.
    index("coven_events_visible_start_idx")
      .on(t.visibility, t.startAt)
      .where(sql`${t.cancelledAt} is null`),
    // The lists' series and moved events (queries.server.ts `isSpan`), walked in start order.
    index("coven_events_spans_idx")
      .on(t.startAt)
      .where(sql`(${t.rrule} is not null or ${t.seriesEndAt} > ${t.endAt})`),
    // Site search (search/kinds/events.server.ts): a substring of the title, full text of title and description.
    index("coven_events_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
    index("coven_events_search_idx").using("gin", t.search),
    check("coven_events_visibility_check", sql`${t.visibility} in ('public', 'premium', 'coven')`),
    check(
      "coven_events_coven_visibility_check",
      sql`${t.visibility} <> 'coven' or ${t.covenId} is not null`,
    ),
    check("coven_events_times_check", sql`${t.endAt} > ${t.startAt}`),
    check("coven_events_capacity_check", sql`${t.capacity} is null or ${t.capacity} > 0`),
  ],
);

/**
 * The occurrences of each event as they stand (moved ones where they were moved to, cancelled
 * ones left out), from a year back to half a year ahead, written with every change of the event
 * (occurrences.server.ts). The upcoming list and the archive page through these rows in start
 * order instead of expanding every series of their window on each request. The columns the
 * lists filter by are copied from the event, so a page is one index range.
 */
export const covenEventOccurrences = pgTable(
  "coven_event_occurrences",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => covenEvents.id, { onDelete: "cascade" }),
    /** Where the rule put it: the key answers and changes use. */
    originalStart: timestamp("original_start", { withTimezone: true }).notNull(),
    startAt: timestamp("start_at", { withTimezone: true }).notNull(),
    endAt: timestamp("end_at", { withTimezone: true }).notNull(),
    visibility: text("visibility").$type<EventVisibility>().notNull(),
    covenId: uuid("coven_id"),
    online: boolean("online").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.originalStart] }),
    index("coven_event_occurrences_start_idx").on(t.startAt, t.eventId),
    index("coven_event_occurrences_visible_idx").on(t.visibility, t.startAt),
    index("coven_event_occurrences_coven_idx").on(t.covenId, t.startAt),
  ],
);

/** One occurrence of a series moved or cancelled, keyed by where the rule put it. */
export const covenEventChanges = pgTable(
  "coven_event_changes",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => covenEvents.id, { onDelete: "cascade" }),
    originalStart: timestamp("original_start", { withTimezone: true }).notNull(),
    cancelled: boolean("cancelled").notNull().default(false),
    startAt: timestamp("start_at", { withTimezone: true }),
    endAt: timestamp("end_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.originalStart] })],
);

/**
 * A member's answer for one occurrence (its original start; a single event has one). With a
 * capacity, members past it wait in `waitlist_position` order (given under the event's lock).
 */
export const covenEventRsvps = pgTable(
  "coven_event_rsvps",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => covenEvents.id, { onDelete: "cascade" }),
    occurrenceStart: timestamp("occurrence_start", { withTimezone: true }).notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status").$type<RsvpStatus>().notNull(),
    waitlistPosition: integer("waitlist_position"),
    respondedAt: timestamp("responded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.occurrenceStart, t.userId] }),
    index("coven_event_rsvps_occurrence_idx").on(t.eventId, t.occurrenceStart, t.status),
    index("coven_event_rsvps_user_idx").on(t.userId, t.status),
    check(
      "coven_event_rsvps_status_check",
      sql`${t.status} in ('going', 'maybe', 'not_going', 'waitlisted')`,
    ),
  ],
);

/**
 * Per member: the secret of their personal calendar feed (`/calendar/<token>.ics`, stored as is
 * since the settings page shows the address again; regenerating it ends the old address) and
 * whether they want reminders (on unless they turned them off).
 */
export const memberEventSettings = pgTable("member_event_settings", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  feedToken: text("feed_token").notNull().unique(),
  reminders: boolean("reminders").notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Reminders sent: one row per member, occurrence and offset, so each is sent once. */
export const covenEventRemindersSent = pgTable(
  "coven_event_reminders_sent",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => covenEvents.id, { onDelete: "cascade" }),
    occurrenceStart: timestamp("occurrence_start", { withTimezone: true }).notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    offsetMinutes: integer("offset_minutes").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.occurrenceStart, t.userId, t.offsetMinutes] })],
);

/**
 * A host's message to the attendees of one occurrence: kept so the limit per event (messages.server.ts
 * MESSAGE_LIMIT) is counted under the event's lock, and so each recipient's e-mail goes out once.
 */
export const covenEventMessages = pgTable(
  "coven_event_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => covenEvents.id, { onDelete: "cascade" }),
    occurrenceStart: timestamp("occurrence_start", { withTimezone: true }).notNull(),
    senderId: uuid("sender_id").references(() => user.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("coven_event_messages_event_idx").on(t.eventId, t.createdAt)],
);

/** Who a message went to; `emailed_at` is set when their e-mail is claimed, so it is sent once. */
export const covenEventMessageRecipients = pgTable(
  "coven_event_message_recipients",
  {
    messageId: uuid("message_id")
      .notNull()
      .references(() => covenEventMessages.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] })],
);
