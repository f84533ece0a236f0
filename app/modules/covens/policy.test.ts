import { describe, expect, it } from "vitest";
import {
  canArchiveCoven,
  canChangeCovenRole,
  canCreateCoven,
  canLeadCoven,
  canLeaveCoven,
  canPostInCoven,
  canReadCovenFeed,
  canRemoveCovenMember,
  canSeeCoven,
  joinNeedsApproval,
  joinRefusal,
  memberLimitProblem,
  type CovenActor,
  type CovenMembership,
  type CovenRules,
  type CovenVisibility,
} from "./policy";

interface Case {
  actor: CovenActor;
  membership: CovenMembership | null;
}

const premium = (id: string) => ({ id, isAdmin: false, isPremium: true });
const free = (id: string) => ({ id, isAdmin: false, isPremium: false });

/** Every kind of person the rules distinguish. */
const PEOPLE = {
  guest: { actor: null, membership: null },
  freeStranger: { actor: free("u1"), membership: null },
  formerMemberWithoutPremium: { actor: free("u2"), membership: { role: "member", banned: false } },
  ownerWithoutPremium: { actor: free("u3"), membership: { role: "owner", banned: false } },
  premiumStranger: { actor: premium("u4"), membership: null },
  member: { actor: premium("u5"), membership: { role: "member", banned: false } },
  moderator: { actor: premium("u6"), membership: { role: "moderator", banned: false } },
  owner: { actor: premium("u7"), membership: { role: "owner", banned: false } },
  banned: { actor: premium("u8"), membership: { role: "member", banned: true } },
  admin: { actor: { id: "u9", isAdmin: true, isPremium: true }, membership: null },
} satisfies Record<string, Case>;
type Person = keyof typeof PEOPLE;
const EVERYONE = Object.keys(PEOPLE) as Person[];

function coven(visibility: CovenVisibility, extra: Partial<CovenRules> = {}): CovenRules {
  return { visibility, archived: false, memberCount: 10, memberLimit: 50, ...extra };
}

function allowed(check: (person: Case) => boolean): Person[] {
  return EVERYONE.filter((name) => check(PEOPLE[name]));
}

const ACTIVE: Person[] = ["member", "moderator", "owner", "admin"];
const LEADERS: Person[] = ["moderator", "owner", "admin"];

describe.each<CovenVisibility>(["open", "request", "invite"])("a %s coven", (visibility) => {
  const rules = coven(visibility);

  it("is seen by premium members (an invite-only one by its own people only) and admins", () => {
    const seen = allowed(({ actor, membership }) => canSeeCoven(actor, rules, membership));
    expect(seen).toEqual(
      visibility === "invite"
        ? ["member", "moderator", "owner", "admin"]
        : ["premiumStranger", "member", "moderator", "owner", "banned", "admin"],
    );
  });

  it("has its feed read and written by active members with premium, and admins", () => {
    expect(allowed(({ actor, membership }) => canReadCovenFeed(actor, rules, membership))).toEqual(
      ACTIVE,
    );
    expect(allowed(({ actor, membership }) => canPostInCoven(actor, rules, membership))).toEqual(
      ACTIVE,
    );
  });

  it("is led by its owner and moderators while they have premium, and by admins", () => {
    expect(allowed(({ actor, membership }) => canLeadCoven(actor, rules, membership))).toEqual(
      LEADERS,
    );
    expect(
      allowed(({ actor, membership }) => canChangeCovenRole(actor, rules, membership)),
    ).toEqual(["owner", "admin"]);
  });

  it("tells each person why they cannot join, or lets them", () => {
    const refusals = Object.fromEntries(
      EVERYONE.map((name) => [
        name,
        joinRefusal(PEOPLE[name].actor, rules, PEOPLE[name].membership),
      ]),
    );
    expect(refusals).toEqual({
      guest: "signIn",
      freeStranger: "premiumRequired",
      formerMemberWithoutPremium: "premiumRequired",
      ownerWithoutPremium: "premiumRequired",
      premiumStranger: visibility === "invite" ? "invitationRequired" : null,
      member: "alreadyMember",
      moderator: "alreadyMember",
      owner: "alreadyMember",
      banned: "banned",
      admin: visibility === "invite" ? "invitationRequired" : null,
    });
    expect(joinRefusal(PEOPLE.premiumStranger.actor, rules, null, true)).toBeNull();
    expect(joinNeedsApproval(rules)).toBe(visibility === "request");
    expect(joinNeedsApproval(rules, true)).toBe(false);
  });
});

describe("limits, archive and leaving", () => {
  it("a full coven takes nobody, even with an invitation; an archived one neither", () => {
    const full = coven("open", { memberCount: 50, memberLimit: 50 });
    expect(joinRefusal(PEOPLE.premiumStranger.actor, full, null, true)).toBe("full");
    const archived = coven("open", { archived: true });
    expect(joinRefusal(PEOPLE.premiumStranger.actor, archived, null)).toBe("archived");
  });

  it("an archived coven is hidden from strangers, read-only for members, led by admins only", () => {
    const archived = coven("open", { archived: true });
    expect(allowed(({ actor, membership }) => canSeeCoven(actor, archived, membership))).toEqual([
      "member",
      "moderator",
      "owner",
      "admin",
    ]);
    expect(
      allowed(({ actor, membership }) => canReadCovenFeed(actor, archived, membership)),
    ).toEqual(ACTIVE);
    expect(allowed(({ actor, membership }) => canPostInCoven(actor, archived, membership))).toEqual(
      [],
    );
    expect(allowed(({ actor, membership }) => canLeadCoven(actor, archived, membership))).toEqual([
      "admin",
    ]);
    expect(allowed(({ actor }) => canArchiveCoven(actor))).toEqual(["admin"]);
  });

  it("everyone but the owner may leave; the owner hands over first", () => {
    expect(allowed(({ membership }) => canLeaveCoven(membership))).toEqual([
      "formerMemberWithoutPremium",
      "member",
      "moderator",
    ]);
  });

  it("premium members and admins start covens", () => {
    expect(allowed(({ actor }) => canCreateCoven(actor))).toEqual([
      "premiumStranger",
      "member",
      "moderator",
      "owner",
      "banned",
      "admin",
    ]);
  });

  it("the member limit lies between 2 and 50 and not below the members there are", () => {
    expect(memberLimitProblem(50, 10)).toBeNull();
    expect(memberLimitProblem(12, 12)).toBeNull();
    expect(memberLimitProblem(11, 12)).toBe("belowMembers");
    expect(memberLimitProblem(51, 10)).toBe("range");
    expect(memberLimitProblem(1, 1)).toBe("range");
    expect(memberLimitProblem(2.5, 1)).toBe("range");
    expect(memberLimitProblem(Number.NaN, 1)).toBe("range");
  });
});

describe("removing members", () => {
  const rules = coven("request");
  const target = (role: "owner" | "moderator" | "member", userId = "someone") => ({ userId, role });

  it("the owner removes anyone else, a moderator plain members, an admin anyone but the owner", () => {
    const can = (person: Person, role: "owner" | "moderator" | "member") =>
      canRemoveCovenMember(PEOPLE[person].actor, rules, PEOPLE[person].membership, target(role));
    expect([can("owner", "moderator"), can("owner", "member"), can("owner", "owner")]).toEqual([
      true,
      true,
      false,
    ]);
    expect([can("moderator", "moderator"), can("moderator", "member")]).toEqual([false, true]);
    expect([can("admin", "moderator"), can("admin", "member"), can("admin", "owner")]).toEqual([
      true,
      true,
      false,
    ]);
    expect([
      can("member", "member"),
      can("ownerWithoutPremium", "member"),
      can("guest", "member"),
    ]).toEqual([false, false, false]);
  });

  it("nobody removes themselves; they leave", () => {
    const owner = PEOPLE.owner;
    expect(canRemoveCovenMember(owner.actor, rules, owner.membership, target("member", "u7"))).toBe(
      false,
    );
  });
});
