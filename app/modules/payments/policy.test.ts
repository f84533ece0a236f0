import { describe, expect, it } from "vitest";
import { actors, type ActorName } from "../../../tests/helpers/actors";
import { canViewReceipt } from "./policy";

const seen: Record<ActorName, boolean> = {
  guest: false,
  member: false,
  premium: false,
  lifetime: false,
  author: true,
  admin: true,
  superAdmin: true,
};

describe("payments policy", () => {
  it.each(Object.entries(seen))(
    "canViewReceipt of the author's payment: %s → %s",
    (name, expected) => {
      expect(canViewReceipt(actors[name as ActorName], { ownerId: actors.author!.id })).toBe(
        expected,
      );
    },
  );
});
