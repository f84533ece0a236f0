import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { nextMoonPhases } from "#app/modules/calendar";
import type { CovenMembership, CovenRules } from "#app/modules/covens";
import { covenMembers, covens } from "#app/modules/covens/schema";
import { EventRefusedError } from "./events.server";
import { canHostEvent, canManageEvent, canSeeEvent, type EventActor } from "./policy";
import { covenEvents } from "./schema";

/*
 * What the event form needs before anything is written: where the viewer may host an event
 * (policy.ts `canHostEvent`, asked for each coven offered), and an event as its hosts edit it.
 */

export interface HostChoice {
  id: string;
  name: string;
  slug: string;
}

/** The covens a form offers at most (a member leads a handful; an admin picks by `?coven=`). */
const HOST_CHOICES = 100;

function rulesOf(row: {
  visibility: CovenRules["visibility"];
  archivedAt: Date | null;
  memberCount: number;
  memberLimit: number;
}): CovenRules {
  return {
    visibility: row.visibility,
    archived: row.archivedAt !== null,
    memberCount: row.memberCount,
    memberLimit: row.memberLimit,
  };
}

/**
 * Where `actor` may host a new event: site-wide (admins) and the covens they lead; `covenSlug`
 * (the form's `?coven=`) adds that coven when they may host there (an admin, for any coven).
 */
export async function hostChoices(
  actor: EventActor,
  covenSlug?: string,
): Promise<{ siteWide: boolean; covens: HostChoice[] }> {
  if (!actor) return { siteWide: false, covens: [] };
  const led = await db()
    .select({
      id: covens.id,
      name: covens.name,
      slug: covens.slug,
      visibility: covens.visibility,
      archivedAt: covens.archivedAt,
      memberCount: covens.memberCount,
      memberLimit: covens.memberLimit,
      role: covenMembers.role,
      bannedAt: covenMembers.bannedAt,
    })
    .from(covenMembers)
    .innerJoin(covens, eq(covens.id, covenMembers.covenId))
    .where(
      and(
        eq(covenMembers.userId, actor.id),
        inArray(covenMembers.role, ["owner", "moderator"]),
        isNull(covens.archivedAt),
      ),
    )
    .orderBy(asc(covens.name))
    .limit(HOST_CHOICES);
  const choices: HostChoice[] = led
    .filter((row) =>
      canHostEvent(actor, rulesOf(row), { role: row.role, banned: row.bannedAt !== null }),
    )
    .map(({ id, name, slug }) => ({ id, name, slug }));
  if (covenSlug && !choices.some((row) => row.slug === covenSlug) && covenSlug.length <= 200) {
    const [named] = await db()
      .select({
        id: covens.id,
        name: covens.name,
        slug: covens.slug,
        visibility: covens.visibility,
        archivedAt: covens.archivedAt,
        memberCount: covens.memberCount,
        memberLimit: covens.memberLimit,
        role: covenMembers.role,
        bannedAt: covenMembers.bannedAt,
      })
      .from(covens)
      .leftJoin(
        covenMembers,
        and(eq(covenMembers.covenId, covens.id), eq(covenMembers.userId, actor.id)),
      )
      .where(eq(covens.slug, covenSlug))
      .limit(1);
    const membership: CovenMembership | null = named?.role
      ? { role: named.role, banned: named.bannedAt !== null }
      : null;
    if (named && canHostEvent(actor, rulesOf(named), membership))
      choices.unshift({ id: named.id, name: named.name, slug: named.slug });
  }
  return { siteWide: canHostEvent(actor, null, null), covens: choices };
}

/** Whether the viewer may host any event (the "New event" link). */
export async function canCreateEvents(actor: EventActor): Promise<boolean> {
  if (!actor) return false;
  if (canHostEvent(actor, null, null)) return true;
  return (await hostChoices(actor)).covens.length > 0;
}

/** An event as its edit form shows it; refused unless the viewer is one of its hosts. */
export async function eventForEdit(actor: EventActor, id: string) {
  const [row] = await db()
    .select({
      id: covenEvents.id,
      title: covenEvents.title,
      description: covenEvents.description,
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
      cancelledAt: covenEvents.cancelledAt,
      covenName: covens.name,
      covenVisibility: covens.visibility,
      covenArchivedAt: covens.archivedAt,
      covenMemberCount: covens.memberCount,
      covenMemberLimit: covens.memberLimit,
      role: covenMembers.role,
      bannedAt: covenMembers.bannedAt,
    })
    .from(covenEvents)
    .leftJoin(covens, eq(covens.id, covenEvents.covenId))
    .leftJoin(
      covenMembers,
      and(
        eq(covenMembers.covenId, covenEvents.covenId),
        eq(covenMembers.userId, actor?.id ?? "00000000-0000-0000-0000-000000000000"),
      ),
    )
    .where(eq(covenEvents.id, id))
    .limit(1);
  if (!row) throw new EventRefusedError("notFound");
  const coven =
    row.covenId && row.covenVisibility
      ? rulesOf({
          visibility: row.covenVisibility,
          archivedAt: row.covenArchivedAt,
          memberCount: row.covenMemberCount ?? 0,
          memberLimit: row.covenMemberLimit ?? 0,
        })
      : null;
  const rules = { visibility: row.visibility, cancelled: row.cancelledAt !== null, coven };
  const membership = row.role ? { role: row.role, banned: row.bannedAt !== null } : null;
  // Someone who may not even see the event learns nothing about it.
  if (!canSeeEvent(actor, rules, membership)) throw new EventRefusedError("notFound");
  if (!canManageEvent(actor, rules, membership)) throw new EventRefusedError("notAllowed");
  if (rules.cancelled) throw new EventRefusedError("cancelled");
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    startAt: row.startAt,
    endAt: row.endAt,
    timeZone: row.timeZone,
    rrule: row.rrule,
    onlineUrl: row.onlineUrl,
    place: row.place,
    capacity: row.capacity,
    coverUrl: row.coverUrl,
    visibility: row.visibility,
    coven: row.covenId && row.covenName ? { id: row.covenId, name: row.covenName } : null,
  };
}

/** Time zones the form offers: every IANA zone this server knows, UTC among them. */
export function timeZoneChoices(): string[] {
  const zones = Intl.supportedValuesOf("timeZone");
  return zones.includes("UTC") ? zones : ["UTC", ...zones];
}

/** The new and full moons the form's date helper offers (about three months ahead). */
export function moonChoices(from: Date): Array<{ kind: "new" | "full"; at: string }> {
  return nextMoonPhases(from, 6).map((phase) => ({ kind: phase.kind, at: phase.at.toISOString() }));
}
