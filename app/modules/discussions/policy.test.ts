import { describe, expect, it } from "vitest";
import { actors, type ActorName } from "../../../tests/helpers/actors";
import {
  canAcceptAnswer,
  canFeature,
  canModify,
  canReadCategory,
  canReport,
  canSeeEveryComment,
  needsModeration,
  postRefusal,
  threadCommentRefusal,
} from "./policy";

// Each rule as a table: what every kind of actor may do with the author's content.
const AUTHOR = actors.author!.id;
const table = (row: Record<ActorName, unknown>) => Object.entries(row) as [ActorName, unknown][];

const open = { isActive: true, subscriptionTierRequired: null, isReadOnly: false };
const premiumOnly = { ...open, subscriptionTierRequired: "full" };
const readOnly = { ...open, isReadOnly: true };
const inactive = { ...open, isActive: false };

describe("discussions policy", () => {
  it.each(
    table({
      guest: false,
      member: false,
      premium: false,
      lifetime: false,
      author: true,
      admin: true,
      superAdmin: true,
    }),
  )("canModify: %s → %s", (name, expected) => {
    expect(canModify(AUTHOR, actors[name])).toBe(expected);
  });

  it.each(
    table({
      guest: false,
      member: false,
      premium: false,
      lifetime: false,
      author: true,
      admin: false,
      superAdmin: false,
    }),
  )("canAcceptAnswer: %s → %s", (name, expected) => {
    expect(canAcceptAnswer(actors[name], { authorId: AUTHOR })).toBe(expected);
  });

  it.each(
    table({
      guest: false,
      member: false,
      premium: false,
      lifetime: false,
      author: false,
      admin: true,
      superAdmin: true,
    }),
  )("canFeature and canSeeEveryComment: %s → %s", (name, expected) => {
    expect(canFeature(actors[name])).toBe(expected);
    expect(canSeeEveryComment(actors[name])).toBe(expected);
  });

  it.each(
    table({
      guest: false,
      member: true,
      premium: true,
      lifetime: true,
      author: false,
      admin: true,
      superAdmin: true,
    }),
  )("canReport published content: %s → %s", (name, expected) => {
    expect(canReport(actors[name], { authorId: AUTHOR, status: "published" })).toBe(expected);
  });

  it("reports nothing that is not published", () => {
    for (const status of ["pending", "rejected"])
      expect(canReport(actors.member, { authorId: AUTHOR, status })).toBe(false);
  });

  it.each(
    table({
      guest: false,
      member: false,
      premium: false,
      lifetime: false,
      author: false,
      admin: true,
      superAdmin: true,
    }),
  )("canReadCategory of an inactive category: %s → %s", (name, expected) => {
    expect(canReadCategory(inactive, actors[name])).toBe(expected);
    expect(canReadCategory(open, actors[name])).toBe(true);
  });

  it.each(
    table({
      guest: ["signIn", "signIn", "signIn", "signIn"],
      member: [null, "premiumRequired", "readOnly", "inactive"],
      premium: [null, null, "readOnly", "inactive"],
      lifetime: [null, null, "readOnly", "inactive"],
      author: [null, "premiumRequired", "readOnly", "inactive"],
      admin: [null, null, null, null],
      superAdmin: [null, null, null, null],
    }),
  )("postRefusal in open, premium, read-only, inactive categories: %s → %j", (name, expected) => {
    expect(
      [open, premiumOnly, readOnly, inactive].map((category) =>
        postRefusal(category, actors[name]),
      ),
    ).toEqual(expected);
  });

  it("tells who is waiting on an unpublished thread why they cannot comment", () => {
    const pending = { status: "pending", authorId: AUTHOR };
    expect(threadCommentRefusal(pending, open, actors.author)).toBe("awaitingReview");
    expect(threadCommentRefusal(pending, open, actors.admin)).toBe("inReview");
    expect(threadCommentRefusal({ status: "rejected", authorId: AUTHOR }, open, actors.admin)).toBe(
      "notApproved",
    );
    expect(
      threadCommentRefusal({ status: "published", authorId: AUTHOR }, open, actors.guest),
    ).toBe("signIn");
  });

  // Guests write nothing, so only members have a moderation rule.
  const { guest: _guest, ...members } = actors;
  const moderated: Record<Exclude<ActorName, "guest">, boolean> = {
    member: true,
    premium: false,
    lifetime: false,
    author: true,
    admin: false,
    superAdmin: false,
  };
  it.each(Object.entries(moderated))(
    "needsModeration of a new member's work: %s → %s",
    (name, expected) => {
      const actor = members[name as keyof typeof members];
      expect(needsModeration(actor, 0)).toBe(expected);
      expect(needsModeration(actor, 3)).toBe(false);
    },
  );
});
