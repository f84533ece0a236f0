import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { signedInRequest } from "../../../tests/helpers/accounts";
import { SlugTakenError, findPublicProfile, updateOwnProfile } from "./profiles.server";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
});
afterAll(() => cleanup());

describe("public profiles by id or slug (SPEC §5)", () => {
  it("finds a profile by user id and by slug", async () => {
    const { userId } = await signedInRequest({ name: "Amara Nightbloom" });
    expect((await findPublicProfile(userId))?.slug).toBe("amara-nightbloom");
    expect((await findPublicProfile("amara-nightbloom"))?.userId).toBe(userId);
    expect((await findPublicProfile("AMARA-NIGHTBLOOM"))?.userId).toBe(userId);
  });

  it("does not treat a slug-shaped id as a slug or the other way round", async () => {
    expect(await findPublicProfile("00000000-0000-4000-8000-000000000000")).toBeUndefined();
    expect(await findPublicProfile("nobody-here")).toBeUndefined();
  });

  it("never exposes the e-mail address", async () => {
    const { userId } = await signedInRequest({ name: "Quiet One" });
    const profile = await findPublicProfile(userId);
    expect(JSON.stringify(profile)).not.toContain("@");
  });

  it("gives members with the same name distinct slugs", async () => {
    const a = await signedInRequest({ name: "Orion Vale" });
    const b = await signedInRequest({ name: "Orion Vale" });
    const slugs = [
      (await findPublicProfile(a.userId))?.slug,
      (await findPublicProfile(b.userId))?.slug,
    ];
    expect(slugs).toEqual(["orion-vale", "orion-vale-2"]);
  });

  it("refuses a slug another member uses", async () => {
    const a = await signedInRequest({ name: "Kenji Morita" });
    const b = await signedInRequest({ name: "Someone Else" });
    await expect(
      updateOwnProfile(b.userId, {
        displayName: "X Y",
        slug: "kenji-morita",
        bio: "",
        language: "",
        notificationSound: true,
        broadcastEmails: true,
      }),
    ).rejects.toBeInstanceOf(SlugTakenError);
    await updateOwnProfile(a.userId, {
      displayName: "Kenji M",
      slug: "kenji-morita",
      bio: "hello",
      language: "ja",
      notificationSound: false,
      broadcastEmails: true,
    });
    expect(await findPublicProfile("kenji-morita")).toMatchObject({
      displayName: "Kenji M",
      bio: "hello",
    });
  });
});
