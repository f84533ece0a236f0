import { sql } from "drizzle-orm";
import { covenEvents } from "#app/modules/coven-events/schema";
import { covens } from "#app/modules/covens/schema";
import type { SearchKind } from "./kind";
import { allWordsIn } from "./sql";

/**
 * Not over yet: a single event until it ends, a series until its last occurrence ends (never,
 * without an end). `series_end_at` holds both (coven-events/events.server.ts `seriesEndOf`).
 */
const upcoming = sql`coalesce(${covenEvents.seriesEndAt}, 'infinity'::timestamptz) > now()`;

/**
 * Upcoming events first, soonest first (a series already under way counts as now), then past
 * ones, latest first. Epoch seconds are about 2e9, so the two ranges never meet.
 */
const rank = sql`case when ${upcoming}
  then 1e10 - extract(epoch from greatest(${covenEvents.startAt}, now()))
  else extract(epoch from ${covenEvents.startAt}) - 1e10 end`;

const hostJoin = sql`left join ${covens} on ${covens.id} = ${covenEvents.covenId}`;

/**
 * The rows every visitor may see (coven-events/policy.ts `canSeeEvent` for a guest): public
 * events, not cancelled, whose hosting coven (if any) is not archived. Premium and coven events
 * are never found, whoever asks: search answers everyone alike.
 */
const visible = sql`${covenEvents.visibility} = 'public' and ${covenEvents.cancelledAt} is null and ${covens.archivedAt} is null`;

/**
 * Events by title and description: full text (the stored `search` vector, GIN) or a substring of the title
 * (trigram index); a title match has every word in the title. Score 85 / 70 like SPEC §9's
 * spirits. Each result leads to the event's page (its series' next dates are listed there).
 *
 * Tens of thousands of events hold a common word thousands of times, so each branch reads at
 * most 100 matches (see `SearchKind.bounded`) through the indexes and orders those: exact for
 * any term with fewer matches. Events are the third or fourth group of a search that sums every
 * kind's reads, so they get a third of the posts' cap. The document is the stored `search`
 * column, so rechecking a candidate reads its vector instead of parsing its description again.
 * The host's name is
 * shown unless the coven is invite-only, whose name strangers never see.
 */
export const eventKind: SearchKind = {
  name: "event",
  labelKey: "search.kinds.event",
  headingKey: "search.events",
  limits: { dropdown: 3, page: 10 },
  scores: { title: 85, body: 70 },
  membersOnly: "hidden",
  columns: () =>
    sql`${covenEvents.id} as ref, ${covenEvents.title} as title, ${covenEvents.description} as body, ${covenEvents.coverUrl} as image,
      ${rank} as rank, ${covenEvents.startAt} as start_at,
      (${covenEvents.rrule} is not null and ${covenEvents.startAt} < now()) as recurring,
      case when ${covens.visibility} <> 'invite' then ${covens.name} end as host_name`,
  details: {
    select: sql`jsonb_build_object('date', k.start_at, 'host', k.host_name, 'recurring', k.recurring)`,
  },
  dateMeaning: "starts",
  from: sql`${covenEvents} ${hostJoin}`,
  visible,
  titleMatch: (q) => allWordsIn(covenEvents.title, q),
  anyMatch: (q) =>
    sql`(${covenEvents.search} @@ ${q.tsquery} or ${covenEvents.title} ilike ${q.like})`,
  orderBy: sql`rank desc, ref`,
  bounded: { matchCap: 100 },
  href: (ref) => `/covens/events/${encodeURIComponent(ref)}`,
};
