import { describe, expect, it } from "vitest";
import { actors, type ActorName } from "../../../tests/helpers/actors";
import { canSeeAdminNotices } from "./policy";
import { notificationTab } from "./tabs";

const seen: Record<ActorName, boolean> = {
  guest: false,
  member: false,
  premium: false,
  lifetime: false,
  author: false,
  admin: true,
  superAdmin: true,
};

describe("notifications policy", () => {
  it.each(Object.entries(seen))(
    "canSeeAdminNotices: %s → %s, and the Admin tab opens only then",
    (name, expected) => {
      const allowed = canSeeAdminNotices(actors[name as ActorName]);
      expect(allowed).toBe(expected);
      expect(notificationTab("admin", allowed)).toBe(expected ? "admin" : "all");
    },
  );
});
