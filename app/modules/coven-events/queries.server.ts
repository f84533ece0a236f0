import { csvCell as cell } from "#app/lib/csv";
import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  Param,
  sql,
  type SQL,
} from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { db } from "#app/db/client.server";
import { occurrencesBetween, type Occurrence, type OccurrenceChange } from "#app/modules/calendar";
import type { CovenMembership, CovenRules } from "#app/modules/covens";
import { covenMembers, covens } from "#app/modules/covens/schema";
import { profiles } from "#app/modules/profiles/schema";
import { now } from "./clock";
import {
  dayStart,
  daysCovered,
  monthWeeks,
  type GridDay,
  type MonthKey,
  type Weekday,
} from "./month";
import { listOccurrences } from "./occurrence-cache.server";
import { EVENT_LIMITS, EventRefusedError, nextOccurrences } from "./events.server";
import {
  canManageEvent,
  canRsvp,
  canSeeEvent,
  canSeeOnlineLink,
  type EventActor,
  type EventRules,
  type EventVisibility,
  type RsvpStatus,
} from "./policy";
import { covenEventChanges, covenEventOccurrences, covenEventRsvps, covenEvents } from "./schema";

/*
 * What the events pages and calendars read. A list is a constant number of queries whatever it
 * shows: the events overlapping the window (one indexed query on start and series end), their
 * occurrence changes, the seat counts and the viewer's answers; series are expanded in memory by
 * app/modules/calendar. Visibility is decided by policy.ts for each event, as everywhere.
 */

/** Events one list reads at most before expanding them (a window is a month or so). */
const LIST_EVENTS = 1_000;
/** Occurrences one list returns at most. */
const LIST_OCCURRENCES = 500;

const eventColumns = {
  id: covenEvents.id,
  uid: covenEvents.uid,
  title: covenEvents.title,
  description: covenEvents.description,
  descriptionHtml: covenEvents.descriptionHtml,
  startAt: covenEvents.startAt,
  endAt: covenEvents.endAt,
  timeZone: covenEvents.timeZone,
  rrule: covenEvents.rrule,
  onlineUrl: covenEvents.onlineUrl,
  place: covenEvents.place,
  capacity: covenEvents.capacity,
  coverUrl: covenEvents.coverUrl,
  covenId: covenEvents.covenId,
  visibility: covenEvents.visibility,
  sequence: covenEvents.sequence,
  cancelledAt: covenEvents.cancelledAt,
  updatedAt: covenEvents.updatedAt,
  covenName: covens.name,
  covenSlug: covens.slug,
  covenVisibility: covens.visibility,
  covenArchivedAt: covens.archivedAt,
  covenMemberCount: covens.memberCount,
  covenMemberLimit: covens.memberLimit,
  memberRole: covenMembers.role,
  memberBannedAt: covenMembers.bannedAt,
};

/**
 * What a list reads of each event: no description, no calendar-document fields. A list reads up
 * to LIST_EVENTS + LIST_OCCURRENCES rows, and a description is most of a row's bytes.
 */
const { description, descriptionHtml, uid, sequence, updatedAt, onlineUrl, ...listKept } =
  eventColumns;
void [description, descriptionHtml, uid, sequence, updatedAt, onlineUrl];
const listColumns = {
  ...listKept,
  online: sql<boolean>`${covenEvents.onlineUrl} is not null`,
};

/*
 * An event is read with its coven and the viewer's membership of it: what the policy needs.
 */
const hostCoven = eq(covens.id, covenEvents.covenId);

function viewerMembership(actor: EventActor): SQL | undefined {
  return and(
    eq(covenMembers.covenId, covenEvents.covenId),
    // No member has this id: a guest matches no row.
    eq(covenMembers.userId, actor?.id ?? "00000000-0000-0000-0000-000000000000"),
  );
}

function selectEvents(actor: EventActor) {
  return db()
    .select(eventColumns)
    .from(covenEvents)
    .leftJoin(covens, hostCoven)
    .leftJoin(covenMembers, viewerMembership(actor));
}

function selectListEvents(actor: EventActor) {
  return db()
    .select(listColumns)
    .from(covenEvents)
    .leftJoin(covens, hostCoven)
    .leftJoin(covenMembers, viewerMembership(actor));
}

type EventRow = Awaited<ReturnType<ReturnType<typeof selectEvents>["limit"]>>[number];
type ListRow = Awaited<ReturnType<ReturnType<typeof selectListEvents>["limit"]>>[number];
/** The columns the policy reads, which both row shapes have. */
type PolicyRow = Pick<
  EventRow,
  | "visibility"
  | "cancelledAt"
  | "covenId"
  | "covenVisibility"
  | "covenArchivedAt"
  | "covenMemberCount"
  | "covenMemberLimit"
  | "memberRole"
  | "memberBannedAt"
>;

function rulesOf(row: PolicyRow): { rules: EventRules; membership: CovenMembership | null } {
  const coven: CovenRules | null =
    row.covenId && row.covenVisibility
      ? {
          visibility: row.covenVisibility,
          archived: row.covenArchivedAt !== null,
          memberCount: row.covenMemberCount ?? 0,
          memberLimit: row.covenMemberLimit ?? 0,
        }
      : null;
  return {
    rules: { visibility: row.visibility, cancelled: row.cancelledAt !== null, coven },
    membership: row.memberRole
      ? { role: row.memberRole, banned: row.memberBannedAt !== null }
      : null,
  };
}

/**
 * `canSeeEvent` in SQL for the lists (over `selectEvents`' joins), so a limit counts only what
 * the viewer may see; each row is still asked of the policy. Admins see everything.
 */
function visibleTo(actor: EventActor): SQL | undefined {
  if (actor?.isAdmin) return undefined;
  const seen = actor?.isPremium
    ? or(
        inArray(covenEvents.visibility, ["public", "premium"]),
        and(
          eq(covenEvents.visibility, "coven"),
          isNotNull(covenMembers.userId),
          isNull(covenMembers.bannedAt),
        ),
      )
    : eq(covenEvents.visibility, "public");
  // A site-wide event has no coven row: its archived_at reads null.
  return and(isNull(covens.archivedAt), seen);
}

/**
 * Events whose occurrences are not just their own start and end: series, and single events
 * whose date was moved later (`series_end_at` past `end_at`). Exactly the predicate of the
 * partial index `coven_events_spans_idx`.
 */
const isSpan = sql`(${covenEvents.rrule} is not null or ${covenEvents.seriesEndAt} > ${covenEvents.endAt})`;

/**
 * `column = any($1)` with the ids as one array parameter: a list's thousand ids as a thousand
 * parameters (`inArray`) cost more to send and plan than the rows they find.
 */
function anyOf(column: AnyPgColumn, ids: readonly string[]): SQL {
  return sql`${column} = any(${new Param(ids)}::uuid[])`;
}

async function changesFor(ids: string[]): Promise<Map<string, OccurrenceChange[]>> {
  const byEvent = new Map<string, OccurrenceChange[]>();
  if (ids.length === 0) return byEvent;
  const rows = await db()
    .select()
    .from(covenEventChanges)
    .where(anyOf(covenEventChanges.eventId, ids));
  for (const row of rows) {
    const list = byEvent.get(row.eventId) ?? [];
    list.push({
      originalStart: row.originalStart,
      cancelled: row.cancelled,
      start: row.startAt,
      end: row.endAt,
    });
    byEvent.set(row.eventId, list);
  }
  return byEvent;
}

function scheduleOf(
  row: Pick<EventRow, "startAt" | "endAt" | "timeZone" | "rrule">,
  changes: readonly OccurrenceChange[],
) {
  return {
    start: row.startAt,
    end: row.endAt,
    timeZone: row.timeZone,
    rrule: row.rrule,
    changes,
  };
}

/** One occurrence of a list, as `eventsBetween` finds it: without its seats. */
export interface EventOccurrenceItem {
  id: string;
  title: string;
  covenName: string | null;
  covenSlug: string | null;
  visibility: EventVisibility;
  online: boolean;
  place: string | null;
  coverUrl: string | null;
  timeZone: string;
  recurring: boolean;
  capacity: number | null;
  /** The occurrence's key (pass it back to answer for it). */
  occurrenceStart: Date;
  start: Date;
  end: Date;
  moved: boolean;
}

/** An occurrence as a page shows it: with the seats taken and the viewer's answer. */
export interface EventListItem extends EventOccurrenceItem {
  going: number;
  viewerRsvp: RsvpStatus | null;
}

const key = (eventId: string, start: Date) => `${eventId} ${start.toISOString()}`;

/**
 * The occurrences the viewer may see that overlap [from, to), in order of start (`newestFirst`:
 * latest start first, and the bounded read takes the latest ones — the archive); cancelled
 * occurrences are left out. Seats are not counted here: a page counts them for the occurrences it
 * shows (`withSeats`), not for the hundreds a window may hold.
 */
export async function eventsBetween(
  actor: EventActor,
  from: Date,
  to: Date,
  options: { covenId?: string; newestFirst?: boolean } = {},
): Promise<EventOccurrenceItem[]> {
  const byStart = options.newestFirst ? desc(covenEvents.startAt) : asc(covenEvents.startAt);
  const common = and(
    lt(covenEvents.startAt, to),
    isNull(covenEvents.cancelledAt),
    visibleTo(actor),
    options.covenId ? eq(covenEvents.covenId, options.covenId) : undefined,
  );
  // Two reads in one statement, each walking an index in start order. Series, and single events
  // with a moved date (their span is longer than the event), may have started long before the
  // window: `coven_events_spans_idx`. Other single events start at most
  // EVENT_LIMITS.maxDurationMs before it and each is one occurrence, so the first
  // LIST_OCCURRENCES of them by start are all the list can show: a range of
  // `coven_events_start_idx`, not every later event.
  const rows = await selectListEvents(actor)
    .where(
      and(common, isSpan, or(isNull(covenEvents.seriesEndAt), gt(covenEvents.seriesEndAt, from))),
    )
    .orderBy(asc(covenEvents.startAt))
    .limit(LIST_EVENTS)
    .unionAll(
      selectListEvents(actor)
        .where(
          and(
            common,
            sql`not ${isSpan}`,
            gt(covenEvents.startAt, new Date(from.getTime() - EVENT_LIMITS.maxDurationMs)),
            gt(covenEvents.seriesEndAt, from),
          ),
        )
        .orderBy(byStart)
        .limit(LIST_OCCURRENCES),
    );
  const visible = rows.filter((row) => {
    const { rules, membership } = rulesOf(row);
    return canSeeEvent(actor, rules, membership);
  });
  const changes = await changesFor(visible.map((row) => row.id));
  const occurrences: Array<{ row: ListRow; occurrence: Occurrence }> = [];
  for (const row of visible) {
    for (const occurrence of listOccurrences(
      scheduleOf(row, changes.get(row.id) ?? []),
      from,
      to,
    )) {
      if (!occurrence.cancelled) occurrences.push({ row, occurrence });
    }
  }
  const direction = options.newestFirst ? -1 : 1;
  occurrences.sort(
    (a, b) => direction * (a.occurrence.start.getTime() - b.occurrence.start.getTime()),
  );
  return occurrences.slice(0, LIST_OCCURRENCES).map(({ row, occurrence }) => ({
    id: row.id,
    title: row.title,
    covenName: row.covenName,
    covenSlug: row.covenSlug,
    visibility: row.visibility,
    online: row.online,
    place: row.place,
    coverUrl: row.coverUrl,
    timeZone: row.timeZone,
    recurring: row.rrule !== null,
    capacity: row.capacity,
    occurrenceStart: occurrence.originalStart,
    start: occurrence.start,
    end: occurrence.end,
    moved: occurrence.moved,
  }));
}

/**
 * The seats taken of each occurrence and the viewer's answer to it: two queries over the events
 * of the occurrences given, whatever their number (a page's twenty, a month's grid).
 */
export async function withSeats<T extends EventOccurrenceItem>(
  actor: EventActor,
  items: readonly T[],
): Promise<Array<T & { going: number; viewerRsvp: RsvpStatus | null }>> {
  const ids = [...new Set(items.map((item) => item.id))];
  const going = new Map<string, number>();
  const mine = new Map<string, RsvpStatus>();
  // Asked even for no items (an empty array matches nothing), so a page is the same number of
  // queries whatever a filter leaves of it.
  const starts = items.map((item) => item.occurrenceStart.getTime());
  const earliest = new Date(starts.length > 0 ? Math.min(...starts) : 0);
  const latest = new Date(starts.length > 0 ? Math.max(...starts) : 0);
  const [counts, answers] = await Promise.all([
    db()
      .select({
        eventId: covenEventRsvps.eventId,
        occurrenceStart: covenEventRsvps.occurrenceStart,
        count: sql<number>`count(*)::int`,
      })
      .from(covenEventRsvps)
      .where(
        and(
          anyOf(covenEventRsvps.eventId, ids),
          eq(covenEventRsvps.status, "going"),
          // The occurrences' keys: the rows of other dates of a series are not counted.
          gte(covenEventRsvps.occurrenceStart, earliest),
          lte(covenEventRsvps.occurrenceStart, latest),
        ),
      )
      .groupBy(covenEventRsvps.eventId, covenEventRsvps.occurrenceStart),
    actor
      ? db()
          .select({
            eventId: covenEventRsvps.eventId,
            occurrenceStart: covenEventRsvps.occurrenceStart,
            status: covenEventRsvps.status,
          })
          .from(covenEventRsvps)
          .where(
            and(
              anyOf(covenEventRsvps.eventId, ids),
              eq(covenEventRsvps.userId, actor.id),
              gte(covenEventRsvps.occurrenceStart, earliest),
              lte(covenEventRsvps.occurrenceStart, latest),
            ),
          )
      : Promise.resolve([]),
  ]);
  for (const row of counts) going.set(key(row.eventId, row.occurrenceStart), row.count);
  for (const row of answers) mine.set(key(row.eventId, row.occurrenceStart), row.status);
  return items.map((item) => ({
    ...item,
    going: going.get(key(item.id, item.occurrenceStart)) ?? 0,
    viewerRsvp: mine.get(key(item.id, item.occurrenceStart)) ?? null,
  }));
}

/**
 * `visibleTo` over the stored occurrences' copy of the visibility, so a guest's page is a range of
 * `coven_event_occurrences_visible_idx`. The coven and membership joins are the same.
 */
function visibleOccurrenceTo(actor: EventActor): SQL | undefined {
  if (actor?.isAdmin) return undefined;
  const seen = actor?.isPremium
    ? or(
        inArray(covenEventOccurrences.visibility, ["public", "premium"]),
        and(
          eq(covenEventOccurrences.visibility, "coven"),
          isNotNull(covenMembers.userId),
          isNull(covenMembers.bannedAt),
        ),
      )
    : eq(covenEventOccurrences.visibility, "public");
  return and(isNull(covens.archivedAt), seen);
}

/** The viewer's membership of an occurrence's coven (a guest matches no row). */
function occurrenceMembership(actor: EventActor): SQL | undefined {
  return and(
    eq(covenMembers.covenId, covenEventOccurrences.covenId),
    eq(covenMembers.userId, actor?.id ?? "00000000-0000-0000-0000-000000000000"),
  );
}

export interface OccurrencePageQuery {
  /** The window: occurrences that overlap [from, to). */
  from: Date;
  to: Date;
  /** Only occurrences that have ended by `to` (the archive); else those still running count. */
  endedOnly?: boolean;
  /** Latest start first (the archive). */
  newestFirst?: boolean;
  /** A coven's slug: only its events. */
  coven?: string;
  format?: "all" | "online" | "in_person";
  /** 1-based; past the last page reads the last. */
  page: number;
  pageSize: number;
}

export interface OccurrencePage {
  items: EventOccurrenceItem[];
  page: number;
  pages: number;
  /** The occurrences the filters leave, counted up to LIST_OCCURRENCES. */
  total: number;
  /** The covens of the window's first LIST_OCCURRENCES occurrences (the coven filter's choices). */
  covens: Array<{ slug: string; name: string }>;
}

/**
 * One page of the occurrences the viewer may see in a window, from the stored occurrences
 * (occurrences.server.ts): three queries whatever the window holds — the count (bounded by
 * LIST_OCCURRENCES, as the lists show no more), the coven filter's choices and the page's rows,
 * each a range of an index in start order. Every row is still asked of the policy.
 */
export async function occurrencePage(
  actor: EventActor,
  query: OccurrencePageQuery,
): Promise<OccurrencePage> {
  const window = and(
    lt(covenEventOccurrences.startAt, query.to),
    gt(covenEventOccurrences.startAt, new Date(query.from.getTime() - EVENT_LIMITS.maxDurationMs)),
    query.endedOnly
      ? lte(covenEventOccurrences.endAt, query.to)
      : gt(covenEventOccurrences.endAt, query.from),
    query.endedOnly ? gt(covenEventOccurrences.endAt, query.from) : undefined,
    visibleOccurrenceTo(actor),
  );
  const filtered = and(
    window,
    query.coven ? eq(covens.slug, query.coven) : undefined,
    query.format && query.format !== "all"
      ? eq(covenEventOccurrences.online, query.format === "online")
      : undefined,
  );
  const order = query.newestFirst
    ? [
        desc(covenEventOccurrences.startAt),
        desc(covenEventOccurrences.eventId),
        desc(covenEventOccurrences.originalStart),
      ]
    : [
        asc(covenEventOccurrences.startAt),
        asc(covenEventOccurrences.eventId),
        asc(covenEventOccurrences.originalStart),
      ];
  // Counting reads no event row: a cancelled event has no stored occurrences.
  const counted = db()
    .select({ one: sql<number>`1` })
    .from(covenEventOccurrences)
    .leftJoin(covens, eq(covens.id, covenEventOccurrences.covenId))
    .leftJoin(covenMembers, occurrenceMembership(actor))
    .where(filtered)
    .orderBy(...order)
    .limit(LIST_OCCURRENCES)
    .as("counted");
  const read = db()
    .select({ covenId: covenEventOccurrences.covenId })
    .from(covenEventOccurrences)
    .leftJoin(covens, eq(covens.id, covenEventOccurrences.covenId))
    .leftJoin(covenMembers, occurrenceMembership(actor))
    .where(window)
    .orderBy(...order)
    .limit(LIST_OCCURRENCES)
    .as("read");
  const [[counts], covenChoices] = await Promise.all([
    db()
      .select({ total: sql<number>`count(*)::int` })
      .from(counted),
    db()
      .selectDistinct({ slug: covens.slug, name: covens.name })
      .from(read)
      .innerJoin(covens, eq(covens.id, read.covenId))
      .orderBy(asc(covens.name), asc(covens.slug)),
  ]);
  const total = counts?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / query.pageSize));
  const page = Math.min(Math.max(1, query.page), pages);
  const rows = await db()
    .select({
      ...listColumns,
      occurrenceStart: covenEventOccurrences.originalStart,
      occurrenceStartAt: covenEventOccurrences.startAt,
      occurrenceEndAt: covenEventOccurrences.endAt,
    })
    .from(covenEventOccurrences)
    .innerJoin(covenEvents, eq(covenEvents.id, covenEventOccurrences.eventId))
    .leftJoin(covens, eq(covens.id, covenEventOccurrences.covenId))
    .leftJoin(covenMembers, occurrenceMembership(actor))
    .where(and(filtered, isNull(covenEvents.cancelledAt)))
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((page - 1) * query.pageSize);
  const items = rows
    .filter((row) => {
      const { rules, membership } = rulesOf(row);
      return canSeeEvent(actor, rules, membership);
    })
    .map((row) => ({
      id: row.id,
      title: row.title,
      covenName: row.covenName,
      covenSlug: row.covenSlug,
      visibility: row.visibility,
      online: row.online,
      place: row.place,
      coverUrl: row.coverUrl,
      timeZone: row.timeZone,
      recurring: row.rrule !== null,
      capacity: row.capacity,
      occurrenceStart: row.occurrenceStart,
      start: row.occurrenceStartAt,
      end: row.occurrenceEndAt,
      moved: row.occurrenceStart.getTime() !== row.occurrenceStartAt.getTime(),
    }));
  return { items, page, pages, total, covens: covenChoices };
}

/** One occurrence of a month calendar, with the days of the viewer's zone it covers. */
export interface MonthOccurrence extends EventOccurrenceItem {
  /** "YYYY-MM-DD" in the viewer's zone, the first the day it starts; only days of the grid. */
  days: string[];
}

/**
 * A month as a grid of weeks in the viewer's zone (`firstDay` starts each week) and the
 * occurrences the viewer may see on its days, the neighbouring months' days of the first and
 * last rows included: one `eventsBetween` over the grid, so a constant number of queries.
 */
export async function monthEvents(
  actor: EventActor,
  month: MonthKey,
  options: { timeZone: string; firstDay: Weekday },
): Promise<{ weeks: GridDay[][]; occurrences: MonthOccurrence[] }> {
  const weeks = monthWeeks(month, options.firstDay);
  const firstKey = weeks[0]?.[0]?.key;
  const lastKey = weeks.at(-1)?.at(-1)?.key;
  if (!firstKey || !lastKey) return { weeks, occurrences: [] };
  const from = dayStart(firstKey, options.timeZone);
  const after = new Date(new Date(`${lastKey}T00:00:00Z`).getTime() + 86_400_000);
  const to = dayStart(after.toISOString().slice(0, 10), options.timeZone);
  const items = await eventsBetween(actor, from, to);
  const occurrences = items.map((item) => ({
    ...item,
    days: daysCovered(item.start, item.end, options.timeZone).filter(
      (day) => day >= firstKey && day <= lastKey,
    ),
  }));
  return { weeks, occurrences };
}

export interface Attendee {
  userId: string;
  name: string;
  slug: string;
  avatarUrl: string | null;
}

export interface EventDetails {
  id: string;
  title: string;
  descriptionHtml: string;
  timeZone: string;
  recurring: boolean;
  place: string | null;
  coverUrl: string | null;
  capacity: number | null;
  visibility: EventVisibility;
  cancelled: boolean;
  coven: { name: string; slug: string } | null;
  occurrence: Occurrence;
  /** The next occurrences (a series), for choosing which one to answer for. */
  upcoming: Occurrence[];
  hasOnlineLink: boolean;
  /** Only for members going and hosts. */
  onlineUrl: string | null;
  counts: { going: number; maybe: number; waitlisted: number };
  /** Members going, first answers first (at most 48 shown). */
  attendees: Attendee[];
  viewerRsvp: RsvpStatus | null;
  viewerWaitlistPosition: number | null;
  canManage: boolean;
  canRsvp: boolean;
}

async function visibleEvent(actor: EventActor, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await selectEvents(actor).where(eq(covenEvents.id, id)).limit(1);
  if (!row) return null;
  const { rules, membership } = rulesOf(row);
  if (!canSeeEvent(actor, rules, membership)) return null;
  return { row, rules, membership };
}

/**
 * One event for its page, at one occurrence (its key; by default the next one, or the last
 * when all are past), or null when it does not exist or the viewer may not see it.
 */
export async function eventDetails(
  actor: EventActor,
  id: string,
  occurrenceStart?: Date,
): Promise<EventDetails | null> {
  const found = await visibleEvent(actor, id);
  if (!found) return null;
  const { row, rules, membership } = found;
  const changes = (await changesFor([id])).get(id) ?? [];
  const schedule = scheduleOf(row, changes);
  const upcoming = nextOccurrences(row, changes, 10);
  let occurrence: Occurrence | undefined;
  if (occurrenceStart) {
    occurrence = occurrencesBetween(
      schedule,
      new Date(occurrenceStart.getTime() - 8 * 86_400_000),
      new Date(occurrenceStart.getTime() + 8 * 86_400_000),
    ).find((o) => o.originalStart.getTime() === occurrenceStart.getTime());
    if (!occurrence) {
      // A moved occurrence may lie further away from its key.
      occurrence = changes
        .filter((c) => c.originalStart.getTime() === occurrenceStart.getTime() && c.start)
        .map((c) => ({
          originalStart: c.originalStart,
          start: c.start!,
          end:
            c.end ?? new Date(c.start!.getTime() + (row.endAt.getTime() - row.startAt.getTime())),
          cancelled: c.cancelled,
          moved: true,
        }))[0];
    }
    if (!occurrence) return null;
  } else {
    occurrence =
      upcoming[0] ??
      occurrencesBetween(schedule, row.startAt, new Date(now().getTime() + 1)).at(-1) ??
      occurrencesBetween(schedule, row.startAt, new Date(row.endAt.getTime() + 1))[0];
  }
  if (!occurrence) return null;
  const answered = await db()
    .select({
      userId: covenEventRsvps.userId,
      status: covenEventRsvps.status,
      position: covenEventRsvps.waitlistPosition,
    })
    .from(covenEventRsvps)
    .where(
      and(
        eq(covenEventRsvps.eventId, id),
        eq(covenEventRsvps.occurrenceStart, occurrence.originalStart),
      ),
    );
  const counts = { going: 0, maybe: 0, waitlisted: 0 };
  for (const answer of answered) {
    if (answer.status !== "not_going") counts[answer.status] += 1;
  }
  const mine = actor ? answered.find((answer) => answer.userId === actor.id) : undefined;
  const attendees = await db()
    .select({
      userId: profiles.userId,
      name: profiles.displayName,
      slug: profiles.slug,
      avatarUrl: profiles.avatarUrl,
    })
    .from(covenEventRsvps)
    .innerJoin(profiles, eq(profiles.userId, covenEventRsvps.userId))
    .where(
      and(
        eq(covenEventRsvps.eventId, id),
        eq(covenEventRsvps.occurrenceStart, occurrence.originalStart),
        eq(covenEventRsvps.status, "going"),
      ),
    )
    .orderBy(asc(covenEventRsvps.respondedAt), asc(profiles.userId))
    .limit(48);
  const viewerRsvp = mine?.status ?? null;
  return {
    id: row.id,
    title: row.title,
    descriptionHtml: row.descriptionHtml,
    timeZone: row.timeZone,
    recurring: row.rrule !== null,
    place: row.place,
    coverUrl: row.coverUrl,
    capacity: row.capacity,
    visibility: row.visibility,
    cancelled: rules.cancelled,
    coven: row.covenName && row.covenSlug ? { name: row.covenName, slug: row.covenSlug } : null,
    occurrence,
    upcoming,
    hasOnlineLink: row.onlineUrl !== null,
    onlineUrl: canSeeOnlineLink(actor, rules, membership, viewerRsvp) ? row.onlineUrl : null,
    counts,
    attendees,
    viewerRsvp,
    viewerWaitlistPosition: mine?.position ?? null,
    canManage: canManageEvent(actor, rules, membership),
    canRsvp: canRsvp(actor, rules, membership) && !occurrence.cancelled && occurrence.end > now(),
  };
}

/** The answers for one occurrence as CSV, for its hosts (name, profile, answer, place, time). */
export async function attendeesCsv(
  actor: EventActor,
  id: string,
  occurrenceStart: Date,
  siteUrl: string,
): Promise<string> {
  const found = await visibleEvent(actor, id);
  if (!found) throw new EventRefusedError("notFound");
  if (!canManageEvent(actor, found.rules, found.membership)) {
    throw new EventRefusedError("notAllowed");
  }
  const rows = await db()
    .select({
      name: profiles.displayName,
      slug: profiles.slug,
      status: covenEventRsvps.status,
      position: covenEventRsvps.waitlistPosition,
      respondedAt: covenEventRsvps.respondedAt,
    })
    .from(covenEventRsvps)
    .innerJoin(profiles, eq(profiles.userId, covenEventRsvps.userId))
    .where(
      and(eq(covenEventRsvps.eventId, id), eq(covenEventRsvps.occurrenceStart, occurrenceStart)),
    )
    .orderBy(
      sql`case ${covenEventRsvps.status} when 'going' then 0 when 'waitlisted' then 1 when 'maybe' then 2 else 3 end`,
      asc(covenEventRsvps.waitlistPosition),
      asc(covenEventRsvps.respondedAt),
    );
  const lines = [["name", "profile", "rsvp", "waitlist_position", "responded_at"].join(",")];
  for (const row of rows) {
    lines.push(
      [
        cell(row.name),
        cell(`${siteUrl}/profile/${row.slug}`),
        cell(row.status),
        cell(row.position === null ? "" : String(row.position)),
        cell(row.respondedAt.toISOString()),
      ].join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** Rows the calendar documents are written from (ics.server.ts). */
export async function calendarRows(
  actor: EventActor,
  where: { id: string } | { goingUserId: string },
) {
  const base = selectEvents(actor);
  const rows =
    "id" in where
      ? await base.where(eq(covenEvents.id, where.id)).limit(1)
      : await base
          .where(
            inArray(
              covenEvents.id,
              db()
                .selectDistinct({ id: covenEventRsvps.eventId })
                .from(covenEventRsvps)
                .where(
                  and(
                    eq(covenEventRsvps.userId, where.goingUserId),
                    eq(covenEventRsvps.status, "going"),
                  ),
                ),
            ),
          )
          .orderBy(desc(covenEvents.startAt))
          .limit(LIST_EVENTS);
  const visible = rows.filter((row) => {
    const { rules, membership } = rulesOf(row);
    return canSeeEvent(actor, rules, membership);
  });
  const changes = await changesFor(visible.map((row) => row.id));
  return visible.map((row) => ({ row, changes: changes.get(row.id) ?? [] }));
}
