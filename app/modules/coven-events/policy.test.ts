import { describe, expect, it } from "vitest";
import type { CovenMembership, CovenRules } from "#app/modules/covens";
import { actors, type ActorName } from "../../../tests/helpers/actors";
import {
  canHostEvent,
  canManageEvent,
  canRsvp,
  canSeeEvent,
  canSeeOnlineLink,
  canUseEventCalendar,
  visibilityProblem,
  type EventRules,
  type EventVisibility,
} from "./policy";

const coven: CovenRules = {
  visibility: "request",
  archived: false,
  memberCount: 10,
  memberLimit: 50,
};
const asMember: CovenMembership = { role: "member", banned: false };
const asLeader: CovenMembership = { role: "moderator", banned: false };
const asBanned: CovenMembership = { role: "member", banned: true };

function event(visibility: EventVisibility, hosted = true, cancelled = false): EventRules {
  return { visibility, cancelled, coven: hosted ? coven : null };
}

const NAMES = Object.keys(actors) as ActorName[];
/** Actors with premium access (tests/helpers/actors.ts): premium, lifetime and the admins. */
const PREMIUM: ActorName[] = ["premium", "lifetime", "admin", "superAdmin"];
const ADMINS: ActorName[] = ["admin", "superAdmin"];

describe("who sees an event", () => {
  const table: Array<[EventVisibility, CovenMembership | null, ActorName[]]> = [
    ["public", null, NAMES],
    ["premium", null, PREMIUM],
    // A coven event: its active members with premium access, and admins.
    ["coven", null, ADMINS],
    ["coven", asMember, PREMIUM],
    ["coven", asLeader, PREMIUM],
    ["coven", asBanned, ADMINS],
  ];
  for (const [visibility, membership, allowed] of table) {
    it(`${visibility} event, coven membership ${membership ? JSON.stringify(membership) : "none"}`, () => {
      for (const name of NAMES) {
        expect([name, canSeeEvent(actors[name], event(visibility), membership)]).toEqual([
          name,
          allowed.includes(name),
        ]);
      }
    });
  }

  it("an archived coven's events are hidden from all but admins", () => {
    const archived: EventRules = {
      visibility: "public",
      cancelled: false,
      coven: { ...coven, archived: true },
    };
    for (const name of NAMES) {
      expect([name, canSeeEvent(actors[name], archived, asMember)]).toEqual([
        name,
        ADMINS.includes(name),
      ]);
    }
  });
});

describe("who answers, hosts and sees the link", () => {
  it("RSVPs: signed-in viewers of a live event", () => {
    for (const name of NAMES) {
      expect([name, canRsvp(actors[name], event("public"), null)]).toEqual([
        name,
        name !== "guest",
      ]);
      expect([name, canRsvp(actors[name], event("premium"), null)]).toEqual([
        name,
        PREMIUM.includes(name),
      ]);
      expect([name, canRsvp(actors[name], event("public", true, true), asMember)]).toEqual([
        name,
        false,
      ]);
    }
  });

  it("hosts: a coven's leaders with premium for its events, admins for site-wide and every event", () => {
    const table: Array<[boolean, CovenMembership | null, ActorName[]]> = [
      [false, null, ADMINS],
      [true, null, ADMINS],
      [true, asMember, ADMINS],
      [true, asLeader, PREMIUM],
      [true, asBanned, ADMINS],
    ];
    for (const [hosted, membership, allowed] of table) {
      for (const name of NAMES) {
        const rules = event("coven", hosted);
        expect([name, hosted, membership, canManageEvent(actors[name], rules, membership)]).toEqual(
          [name, hosted, membership, allowed.includes(name)],
        );
        expect(canHostEvent(actors[name], hosted ? coven : null, membership)).toBe(
          allowed.includes(name),
        );
      }
    }
  });

  it("the online link: members going and hosts", () => {
    for (const name of NAMES) {
      const rules = event("public");
      expect([name, canSeeOnlineLink(actors[name], rules, null, "going")]).toEqual([name, true]);
      expect([name, canSeeOnlineLink(actors[name], rules, null, "maybe")]).toEqual([
        name,
        ADMINS.includes(name),
      ]);
      expect([name, canSeeOnlineLink(actors[name], rules, null, "waitlisted")]).toEqual([
        name,
        ADMINS.includes(name),
      ]);
      expect([name, canSeeOnlineLink(actors[name], rules, asLeader, null)]).toEqual([
        name,
        PREMIUM.includes(name),
      ]);
      // Going to an event one can no longer see (left the coven) shows nothing.
      expect([name, canSeeOnlineLink(actors[name], event("coven"), null, "going")]).toEqual([
        name,
        ADMINS.includes(name),
      ]);
    }
  });

  it("a coven-only event needs a coven", () => {
    expect(visibilityProblem("coven", false)).toBe("visibility");
    expect(visibilityProblem("coven", true)).toBeNull();
    expect(visibilityProblem("public", false)).toBeNull();
  });

  it("calendar settings: the account's owner only, admins included", () => {
    for (const name of NAMES) {
      const actor = actors[name];
      expect(canUseEventCalendar(actor, actor?.id ?? "someone")).toBe(actor !== null);
      expect(canUseEventCalendar(actor, "00000000-0000-4000-8000-00000000beef")).toBe(false);
    }
  });
});
