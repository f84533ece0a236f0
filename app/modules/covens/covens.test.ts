import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/client.server";
import { auditLog } from "#app/modules/audit/schema";
import { createAccount } from "#app/modules/auth/index.server";
import type { Member } from "#app/modules/auth";
import { memberActor } from "../../../tests/helpers/actors";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import {
  CovenRefusedError,
  createCoven,
  createInvitation,
  decideJoinRequest,
  joinCoven,
  joinWithInvitation,
  leaveCoven,
  removeCovenMember,
  revokeInvitation,
  setCovenArchived,
  setCovenRole,
  setMemberLimit,
  transferCovenOwnership,
  type NewCoven,
} from "./covens.server";
import { covenInvitations, covenJoinRequests, covenMembers, covens } from "./schema";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
});
afterAll(() => cleanup());

let counter = 0;
async function person(kind: "premium" | "free" | "admin" = "premium"): Promise<Member> {
  counter += 1;
  const id = await createAccount({
    email: `coven-${counter}-${Date.now()}@example.test`,
    password: "correct-horse-battery",
    name: `Practitioner ${counter}`,
  });
  if (kind === "admin") return memberActor(id, { role: "admin" });
  return kind === "premium" ? memberActor(id, { tier: "full", subscribed: true }) : memberActor(id);
}

function newCoven(partial: Partial<NewCoven> = {}): NewCoven {
  return {
    name: "Moonlit Circle",
    description: "We meet at **every** full moon.",
    tags: ["lunar", "tarot"],
    language: "en",
    visibility: "open",
    memberLimit: 50,
    ...partial,
  };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CovenRefusedError) return error.reason;
    throw error;
  }
  return "allowed";
}

async function covenRow(slug: string) {
  const [row] = await db().select().from(covens).where(eq(covens.slug, slug));
  if (!row) throw new Error(`no coven ${slug}`);
  return row;
}

async function roleOf(slug: string, userId: string) {
  const coven = await covenRow(slug);
  const [row] = await db()
    .select({ role: covenMembers.role, bannedAt: covenMembers.bannedAt })
    .from(covenMembers)
    .where(and(eq(covenMembers.covenId, coven.id), eq(covenMembers.userId, userId)));
  return row ? (row.bannedAt ? "banned" : row.role) : null;
}

describe("starting a coven", () => {
  it("makes the premium member its owner and only member, renders the description and audits it", async () => {
    const owner = await person();
    const { slug } = await createCoven(owner, newCoven());
    expect(slug).toBe("moonlit-circle");
    const row = await covenRow(slug);
    expect(row.memberCount).toBe(1);
    expect(row.descriptionHtml).toContain("<strong>every</strong>");
    expect(await roleOf(slug, owner.id)).toBe("owner");
    const audits = await db().select().from(auditLog).where(eq(auditLog.targetId, row.id));
    expect(audits.map((a) => [a.action, a.actorId])).toEqual([["coven.create", owner.id]]);
  });

  it("gives a second coven of the same name its own slug, and a non-Latin name a readable one", async () => {
    const owner = await person();
    const second = await createCoven(owner, newCoven());
    expect(second.slug).toMatch(/^moonlit-circle-[0-9a-f]{6}$/);
    const arabic = await createCoven(owner, newCoven({ name: "دائرة القمر" }));
    // Marks are dropped as for Latin accents (the hamza too): still readable, and typeable.
    expect(arabic.slug).toBe("دايرة-القمر");
    const symbols = await createCoven(owner, newCoven({ name: "☾ ✶ ☽" }));
    expect(symbols.slug).toMatch(/^coven/);
  });

  it("is refused to free members and guests, and a limit outside 2–50", async () => {
    expect(await refusal(createCoven(await person("free"), newCoven()))).toBe("notAllowed");
    expect(await refusal(createCoven(null, newCoven()))).toBe("notAllowed");
    expect(await refusal(createCoven(await person(), newCoven({ memberLimit: 51 })))).toBe(
      "limitRange",
    );
  });
});

describe("joining", () => {
  it("an open coven takes a premium member at once, once", async () => {
    const { slug } = await createCoven(await person(), newCoven({ name: "Open Hearth" }));
    const joiner = await person();
    expect(await joinCoven(joiner, slug)).toBe("joined");
    expect((await covenRow(slug)).memberCount).toBe(2);
    expect(await refusal(joinCoven(joiner, slug))).toBe("alreadyMember");
    expect(await refusal(joinCoven(await person("free"), slug))).toBe("notFound");
    expect(await refusal(joinCoven(null, slug))).toBe("notFound");
    expect(await refusal(joinCoven(joiner, "no-such-coven"))).toBe("notFound");
  });

  it("a request coven takes requests that its leaders decide, and only they", async () => {
    const owner = await person();
    const moderator = await person();
    const { slug } = await createCoven(
      owner,
      newCoven({ name: "Hedge Guild", visibility: "request" }),
    );
    const invite = await createInvitation(owner, slug);
    await joinWithInvitation(moderator, invite.token);
    await setCovenRole(owner, slug, moderator.id, "moderator");

    const applicant = await person();
    expect(await joinCoven(applicant, slug, "  I read tarot for ten years.  ")).toBe("requested");
    expect(await refusal(joinCoven(applicant, slug))).toBe("alreadyRequested");
    const coven = await covenRow(slug);
    const [request] = await db()
      .select()
      .from(covenJoinRequests)
      .where(
        and(eq(covenJoinRequests.covenId, coven.id), eq(covenJoinRequests.userId, applicant.id)),
      );
    expect(request?.message).toBe("I read tarot for ten years.");

    const bystander = await person();
    await joinWithInvitation(bystander, invite.token);
    expect(await refusal(decideJoinRequest(bystander, request!.id, "approve"))).toBe("notAllowed");
    expect(await refusal(decideJoinRequest(applicant, request!.id, "approve"))).toBe("notAllowed");

    await decideJoinRequest(moderator, request!.id, "approve");
    expect(await roleOf(slug, applicant.id)).toBe("member");
    expect((await covenRow(slug)).memberCount).toBe(4);
    // Decided once: a second decision finds nothing pending.
    expect(await refusal(decideJoinRequest(owner, request!.id, "decline"))).toBe("notFound");

    const declined = await person();
    await joinCoven(declined, slug);
    const [pending] = await db()
      .select()
      .from(covenJoinRequests)
      .where(eq(covenJoinRequests.userId, declined.id));
    await decideJoinRequest(owner, pending!.id, "decline");
    expect(await roleOf(slug, declined.id)).toBeNull();
    // Declined, they may ask again.
    expect(await joinCoven(declined, slug)).toBe("requested");
    const actions = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, coven.id));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        "coven.request.approve",
        "coven.request.decline",
        "coven.member.role",
      ]),
    );
  });

  it("an invite-only coven is hidden from strangers; a link lets them in until it expires or is revoked", async () => {
    const owner = await person();
    const { slug } = await createCoven(
      owner,
      newCoven({ name: "Sealed Lodge", visibility: "invite" }),
    );
    const stranger = await person();
    expect(await refusal(joinCoven(stranger, slug))).toBe("notFound");
    expect(await refusal(createInvitation(stranger, slug))).toBe("notFound");

    const link = await createInvitation(owner, slug, 3);
    expect(await joinWithInvitation(stranger, link.token)).toEqual({ slug });
    expect(await roleOf(slug, stranger.id)).toBe("member");
    expect(await refusal(joinWithInvitation(stranger, link.token))).toBe("alreadyMember");
    // Members (not leaders) cannot make links.
    expect(await refusal(createInvitation(stranger, slug))).toBe("notAllowed");

    const [stored] = await db()
      .select()
      .from(covenInvitations)
      .where(eq(covenInvitations.id, link.id));
    expect(stored?.tokenHash).not.toContain(link.token);
    expect(stored?.uses).toBe(1);

    await revokeInvitation(owner, link.id);
    expect(await refusal(joinWithInvitation(await person(), link.token))).toBe("invitationInvalid");

    const expiring = await createInvitation(owner, slug, 1);
    await db()
      .update(covenInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(covenInvitations.id, expiring.id));
    expect(await refusal(joinWithInvitation(await person(), expiring.token))).toBe(
      "invitationInvalid",
    );
    for (const token of ["", "x".repeat(65), "' or 1=1 --", "\u0000"]) {
      expect(await refusal(joinWithInvitation(await person(), token))).toBe("invitationInvalid");
    }
    expect(
      await refusal(
        joinWithInvitation(await person("free"), (await createInvitation(owner, slug)).token),
      ),
    ).toBe("premiumRequired");
    expect(await refusal(createInvitation(owner, slug, 31))).toBe("notAllowed");
  });

  it("never lets more in than the limit, however many join at once", async () => {
    const owner = await person();
    const { slug } = await createCoven(owner, newCoven({ name: "Small Circle", memberLimit: 5 }));
    const joiners = await Promise.all(Array.from({ length: 12 }, () => person()));
    const results = await Promise.all(joiners.map((joiner) => refusal(joinCoven(joiner, slug))));
    expect(results.filter((r) => r === "allowed")).toHaveLength(4);
    expect(results.filter((r) => r === "full")).toHaveLength(8);
    const row = await covenRow(slug);
    expect(row.memberCount).toBe(5);
    const members = await db().select().from(covenMembers).where(eq(covenMembers.covenId, row.id));
    expect(members).toHaveLength(5);
  });
});

describe("leading and leaving", () => {
  it("removes, bans and lifts a ban; a banned member cannot come back; the count follows", async () => {
    const owner = await person();
    const moderator = await person();
    const member = await person();
    const other = await person();
    const { slug } = await createCoven(owner, newCoven({ name: "Iron Circle" }));
    for (const joiner of [moderator, member, other]) await joinCoven(joiner, slug);
    await setCovenRole(owner, slug, moderator.id, "moderator");

    expect(await refusal(removeCovenMember(member, slug, other.id, { ban: false }))).toBe(
      "notAllowed",
    );
    expect(await refusal(removeCovenMember(moderator, slug, owner.id, { ban: true }))).toBe(
      "notAllowed",
    );
    await removeCovenMember(moderator, slug, other.id, { ban: false });
    expect(await roleOf(slug, other.id)).toBeNull();
    await removeCovenMember(moderator, slug, member.id, { ban: true });
    expect(await roleOf(slug, member.id)).toBe("banned");
    expect((await covenRow(slug)).memberCount).toBe(2);
    expect(await refusal(joinCoven(member, slug))).toBe("banned");
    await removeCovenMember(owner, slug, member.id, { ban: false });
    expect(await joinCoven(member, slug)).toBe("joined");
    expect((await covenRow(slug)).memberCount).toBe(3);
  });

  it("the owner hands over before leaving; the count and the one owner hold", async () => {
    const owner = await person();
    const heir = await person();
    const { slug } = await createCoven(owner, newCoven({ name: "Passing Flame" }));
    await joinCoven(heir, slug);
    expect(await refusal(leaveCoven(owner, slug))).toBe("notAllowed");
    expect(await refusal(transferCovenOwnership(heir, slug, heir.id))).toBe("notAllowed");
    await transferCovenOwnership(owner, slug, heir.id);
    expect(await roleOf(slug, heir.id)).toBe("owner");
    expect(await roleOf(slug, owner.id)).toBe("moderator");
    await leaveCoven(owner, slug);
    expect(await roleOf(slug, owner.id)).toBeNull();
    expect((await covenRow(slug)).memberCount).toBe(1);
    expect(await refusal(leaveCoven(owner, slug))).toBe("notAMember");
  });

  it("an owner without premium keeps the coven but cannot act until premium returns", async () => {
    const owner = await person();
    const { slug } = await createCoven(owner, newCoven({ name: "Lapsed Lantern" }));
    const lapsed = { ...owner, isPremium: false };
    expect(await refusal(createInvitation(lapsed, slug))).toBe("notFound");
    expect(await roleOf(slug, owner.id)).toBe("owner");
    expect(await refusal(createInvitation(owner, slug))).toBe("allowed");
  });

  it("the member limit can be lowered, not below today's members; admins archive and restore", async () => {
    const owner = await person();
    const admin = await person("admin");
    const { slug } = await createCoven(owner, newCoven({ name: "Quiet Grove" }));
    await joinCoven(await person(), slug);
    await setMemberLimit(owner, slug, 10);
    expect((await covenRow(slug)).memberLimit).toBe(10);
    expect(await refusal(setMemberLimit(owner, slug, 1))).toBe("limitRange");
    expect(await refusal(setMemberLimit(owner, slug, 80))).toBe("limitRange");
    await joinCoven(await person(), slug);
    expect(await refusal(setMemberLimit(owner, slug, 2))).toBe("limitBelowMembers");

    expect(await refusal(setCovenArchived(owner, slug, true))).toBe("notAllowed");
    await setCovenArchived(admin, slug, true);
    expect(await refusal(joinCoven(await person(), slug))).toBe("notFound");
    expect(await refusal(createInvitation(owner, slug))).toBe("notAllowed");
    await setCovenArchived(admin, slug, false);
    expect(await joinCoven(await person(), slug)).toBe("joined");
  });
});
