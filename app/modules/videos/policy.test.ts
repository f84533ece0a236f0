import { describe, expect, it } from "vitest";
import { actors, type ActorName } from "../../../tests/helpers/actors";
import {
  canAddVideo,
  canFollow,
  canModerateVideos,
  canRateVideo,
  canSeeVideo,
  type VideoRules,
} from "./policy";

const NAMES = Object.keys(actors) as ActorName[];
const by = (status: VideoRules["status"], isActive = true): VideoRules => ({
  uploaderId: "author",
  status,
  isActive,
});

/** Each rule against every actor: the expected answer per actor, in the order of NAMES. */
function table(rule: (name: ActorName) => boolean): Record<ActorName, boolean> {
  return Object.fromEntries(NAMES.map((name) => [name, rule(name)])) as Record<ActorName, boolean>;
}

describe("videos policy", () => {
  it("lets premium members and admins share a video (SPEC §2 /add-video)", () => {
    expect(table((n) => canAddVideo(actors[n]))).toEqual({
      guest: false,
      member: false,
      premium: true,
      lifetime: true,
      author: false,
      admin: true,
      superAdmin: true,
    });
  });

  it("shows a published, active video to everyone", () => {
    expect(Object.values(table((n) => canSeeVideo(actors[n], by("published"))))).not.toContain(
      false,
    );
  });

  it.each(["pending", "rejected", "hidden"] as const)(
    "shows a %s video to its uploader and admins only",
    (state) => {
      const video = state === "hidden" ? by("published", false) : by(state);
      expect(table((n) => canSeeVideo(actors[n], video))).toEqual({
        guest: false,
        member: false,
        premium: false,
        lifetime: false,
        author: true,
        admin: true,
        superAdmin: true,
      });
    },
  );

  it("lets admins moderate", () => {
    expect(table((n) => canModerateVideos(actors[n]))).toEqual({
      guest: false,
      member: false,
      premium: false,
      lifetime: false,
      author: false,
      admin: true,
      superAdmin: true,
    });
  });

  it("lets members rate published videos of others, never their own or an unpublished one", () => {
    expect(table((n) => canRateVideo(actors[n], by("published")))).toEqual({
      guest: false,
      member: true,
      premium: true,
      lifetime: true,
      author: false,
      admin: true,
      superAdmin: true,
    });
    expect(Object.values(table((n) => canRateVideo(actors[n], by("pending"))))).not.toContain(true);
  });

  it("lets members follow tags and others, never themselves", () => {
    expect(table((n) => canFollow(actors[n], { kind: "uploader", target: "author" }))).toEqual({
      guest: false,
      member: true,
      premium: true,
      lifetime: true,
      author: false,
      admin: true,
      superAdmin: true,
    });
    expect(canFollow(actors.guest, { kind: "tag", target: "moon" })).toBe(false);
    expect(canFollow(actors.author, { kind: "tag", target: "moon" })).toBe(true);
  });
});
