import { randomUUID } from "node:crypto";
import type { PoolClient } from "pg";
import {
  WEEKDAYS,
  instantOf,
  isRuleStart,
  toRRule,
  wallTimeOf,
  type Recurrence,
} from "#app/modules/calendar";
import { EVENT_FORMATS, EVENT_PLACES, EVENT_ZONES } from "./coven-vocabulary";
import { SENTENCE_POOL, TOPIC_SKEW } from "./text";
import { TOPICS } from "./vocabulary";

const DAY = 86_400_000;
/** Rows per INSERT: each column travels as one array parameter. */
const CHUNK = 4_000;

/** A small seeded generator (mulberry32), so the plan is the same from run to run. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface HostCoven {
  id: string;
  owner_id: string;
}

interface PlannedEvent {
  id: string;
  title: string;
  topic: string;
  start: Date;
  end: Date;
  timeZone: string;
  rrule: string | null;
  seriesEnd: Date | null;
  onlineUrl: string | null;
  place: string | null;
  capacity: number | null;
  covenId: string | null;
  visibility: "public" | "premium" | "coven";
  createdBy: string;
  cancelledAt: Date | null;
  createdAt: Date;
  sentences: string;
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * Plans `count` events in JavaScript, with the calendar module's own RRULEs and series ends
 * (as `createEvent` stores them), and inserts them a few thousand rows per statement. Seven in
 * ten are hosted by a coven (public 40 %, premium 20 %, coven-only 40 %; busier covens host
 * more), the rest site-wide by the administrator (public 70 %, premium 30 %). Starts spread over
 * the past year and the next six months at wall-clock hours in ten zones; one in ten is a weekly
 * or monthly series, half of those with an end date; three in ten have a capacity; one in thirty
 * is cancelled. Then members answer (`insertRsvps`).
 */
export async function insertEvents(
  client: PoolClient,
  count: number,
  adminId: string,
): Promise<void> {
  const { rows: hosts } = await client.query<HostCoven>(
    "select id, owner_id from bench_covens order by ord",
  );
  const random = generator(0x5eed);
  const pick = <T>(list: readonly T[], skew = 1): T =>
    list[Math.floor(Math.pow(random(), skew) * list.length)]!;
  const today = Date.now();
  const planned: PlannedEvent[] = [];
  for (let i = 0; i < count; i++) {
    const hosted = hosts.length > 0 && random() < 0.7;
    const host = hosted ? pick(hosts, 1.5) : null;
    const v = random();
    const visibility = host
      ? v < 0.4
        ? "public"
        : v < 0.6
          ? "premium"
          : "coven"
      : v < 0.7
        ? "public"
        : "premium";
    const timeZone = pick(EVENT_ZONES);
    const local = wallTimeOf(new Date(today), timeZone);
    const offsetDays = random() < 0.55 ? -Math.ceil(random() * 365) : Math.floor(random() * 180);
    const day = new Date(Date.UTC(local.year, local.month - 1, local.day + offsetDays));
    const wall = {
      year: day.getUTCFullYear(),
      month: day.getUTCMonth() + 1,
      day: day.getUTCDate(),
      hour: 9 + Math.floor(random() * 13),
      minute: random() < 0.5 ? 0 : 30,
    };
    const start = instantOf(wall, timeZone);
    const minutes = pick([60, 90, 120, 180]);
    const end = new Date(start.getTime() + minutes * 60_000);
    let rrule: string | null = null;
    let seriesEnd: Date | null = end;
    if (random() < 0.1) {
      const weekday = WEEKDAYS[(day.getUTCDay() + 6) % 7]!;
      const untilDay =
        random() < 0.5 ? new Date(day.getTime() + (4 + Math.floor(random() * 22)) * 7 * DAY) : null;
      const until = untilDay
        ? `${untilDay.getUTCFullYear()}-${pad(untilDay.getUTCMonth() + 1)}-${pad(untilDay.getUTCDate())}`
        : null;
      const nth = Math.ceil(wall.day / 7);
      const recurrence: Recurrence =
        random() < 0.7
          ? { frequency: "weekly", interval: random() < 0.8 ? 1 : 2, weekdays: [weekday], until }
          : { frequency: "monthly", weekday, week: nth >= 5 ? -1 : (nth as 1 | 2 | 3 | 4), until };
      const candidate = toRRule(recurrence, timeZone);
      // The first start must be a date of its own rule, as the event form insists.
      if (isRuleStart({ start, end, timeZone, rrule: candidate, changes: [] }, start)) {
        rrule = candidate;
        seriesEnd = untilDay
          ? new Date(
              instantOf(
                {
                  year: untilDay.getUTCFullYear(),
                  month: untilDay.getUTCMonth() + 1,
                  day: untilDay.getUTCDate(),
                  hour: 23,
                  minute: 59,
                },
                timeZone,
              ).getTime() +
                minutes * 60_000,
            )
          : null;
      }
    }
    const online = random() < 0.5;
    const createdAt = new Date(
      Math.min(today, start.getTime() - (1 + Math.floor(random() * 30)) * DAY),
    );
    const id = randomUUID();
    const topic = pick(TOPICS, TOPIC_SKEW);
    const sentences = Array.from(
      { length: 2 + Math.floor(random() * 4) },
      () => 1 + Math.floor(random() * SENTENCE_POOL),
    );
    planned.push({
      id,
      title: `${pick(EVENT_FORMATS)}: ${topic}`,
      topic,
      start,
      end,
      timeZone,
      rrule,
      seriesEnd,
      onlineUrl: online ? `https://meet.sanctuary.example/${id.slice(0, 8)}` : null,
      place: online ? null : pick(EVENT_PLACES),
      capacity: random() < 0.3 ? 5 + Math.floor(random() * 36) : null,
      covenId: host?.id ?? null,
      visibility,
      createdBy: host?.owner_id ?? adminId,
      cancelledAt:
        random() < 1 / 30
          ? new Date(createdAt.getTime() + (today - createdAt.getTime()) / 2)
          : null,
      createdAt,
      sentences: sentences.join(","),
    });
  }
  for (let from = 0; from < planned.length; from += CHUNK) {
    await insertChunk(client, planned.slice(from, from + CHUNK));
  }
}

async function insertChunk(client: PoolClient, events: PlannedEvent[]): Promise<void> {
  const column = <T>(read: (e: PlannedEvent) => T) => events.map(read);
  await client.query(
    `insert into coven_events (id, uid, title, description, description_html, start_at, end_at, time_zone, rrule,
       series_end_at, online_url, place, capacity, coven_id, visibility, created_by, cancelled_at, created_at, updated_at)
     select e.id, e.id || '@sanctuary', e.title, d.description, '<p>' || d.description || '</p>', e.start_at, e.end_at,
       e.time_zone, e.rrule, e.series_end_at, e.online_url, e.place, e.capacity, e.coven_id, e.visibility, e.created_by,
       e.cancelled_at, e.created_at, coalesce(e.cancelled_at, e.created_at)
     from unnest($1::uuid[], $2::text[], $3::text[], $4::timestamptz[], $5::timestamptz[], $6::text[], $7::text[],
       $8::timestamptz[], $9::text[], $10::text[], $11::int[], $12::uuid[], $13::text[], $14::uuid[],
       $15::timestamptz[], $16::timestamptz[], $17::text[])
       as e(id, title, topic, start_at, end_at, time_zone, rrule, series_end_at, online_url, place, capacity, coven_id,
         visibility, created_by, cancelled_at, created_at, sentences)
     cross join lateral (
       select replace(string_agg(w.body, ' ' order by x.j), '{topic}', e.topic) as description
       from unnest(string_to_array(e.sentences, ',')::int[]) with ordinality x(sid, j)
       join bench_sentences w on w.id = x.sid
     ) d`,
    [
      column((e) => e.id),
      column((e) => e.title),
      column((e) => e.topic),
      column((e) => e.start),
      column((e) => e.end),
      column((e) => e.timeZone),
      column((e) => e.rrule),
      column((e) => e.seriesEnd),
      column((e) => e.onlineUrl),
      column((e) => e.place),
      column((e) => e.capacity),
      column((e) => e.covenId),
      column((e) => e.visibility),
      column((e) => e.createdBy),
      column((e) => e.cancelledAt),
      column((e) => e.createdAt),
      column((e) => e.sentences),
    ],
  );
}

/**
 * Answers for the first date of six events in ten that are not cancelled: a coven's events from
 * its members, site-wide ones from paying members; 80 % going, 12 % maybe, 8 % not going. Past a
 * capacity, "going" is waitlisted in order of answering, as the RSVP command does.
 */
export async function insertRsvps(client: PoolClient, members: number): Promise<void> {
  const paid = Math.floor(members / 12);
  await client.query(
    `with picks as (
       select e.id, e.start_at, e.capacity, e.coven_id, e.created_at,
         floor(power(random(), 2) * coalesce(e.capacity * 1.4, 30))::int as n
       from coven_events e
       where e.cancelled_at is null and random() < 0.6
     ),
     candidates as (
       select p.id, p.start_at, p.capacity, p.created_at, cm.user_id
       from picks p
       cross join lateral (
         select user_id from coven_members cm where cm.coven_id = p.coven_id order by random() limit p.n
       ) cm
       where p.coven_id is not null
       union
       select p.id, p.start_at, p.capacity, p.created_at, m.id
       from picks p
       cross join lateral (
         select 12 * (1 + floor(random() * ($1::int - 1)))::int as member_ord from generate_series(1, p.n)
       ) r
       join bench_members m on m.ord = r.member_ord
       where p.coven_id is null
     ),
     answered as (
       select c.*, random() as r, c.created_at + (least(now(), c.start_at) - c.created_at) * random() as responded_at
       from candidates c
     ),
     ranked as (
       select a.*, case when a.r < 0.8 then row_number() over (partition by a.id, a.r < 0.8 order by a.responded_at) end as going_rank
       from answered a
     )
     insert into coven_event_rsvps (event_id, occurrence_start, user_id, status, waitlist_position, responded_at)
     select id, start_at, user_id,
       case when r >= 0.92 then 'not_going' when r >= 0.8 then 'maybe'
            when capacity is not null and going_rank > capacity then 'waitlisted' else 'going' end,
       case when r < 0.8 and capacity is not null and going_rank > capacity then (going_rank - capacity)::int end,
       responded_at
     from ranked`,
    [paid],
  );
}
