import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/client.server";
import { auditLog } from "#app/modules/audit/schema";
import { NotAllowedError } from "#app/modules/auth";
import { findQuick, searchByKind } from "#app/modules/search/index.server";
import { memberActor } from "../../../tests/helpers/actors";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { createAccount } from "#app/modules/auth/index.server";
import { SEED_SPIRITS } from "./seed-content";
import {
  CATALOGUE_TABLES,
  SpiritRefusedError,
  catalogueSpirits,
  createSpirit,
  dayNumber,
  deleteSpirit,
  popularPowers,
  seedSpirits,
  spiritOfTheDay,
  spiritsOfTheDay,
  updateSpirit,
} from "./spirits.server";
import { spiritFieldsSchema } from "./validation";

let cleanup: () => Promise<void>;
let admin: ReturnType<typeof memberActor>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  await seedSpirits();
  const id = await createAccount({
    email: `spirits-admin-${Date.now()}@example.test`,
    password: "correct-horse-battery",
    name: "Spirit Keeper",
  });
  admin = memberActor(id, { role: "admin" });
});
afterAll(() => cleanup());

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe("the catalogues", () => {
  it("are seeded once, in order: the 72 spirits of the Goetia, the archangels, the Elenthos spirits", async () => {
    await seedSpirits();
    const demons = await catalogueSpirits("demons");
    expect(demons).toHaveLength(72);
    expect(demons[0]!.name).toBe("Bael");
    expect(demons[71]!.name).toBe("Andromalius");
    expect((await catalogueSpirits("angels")).map((s) => s.name)).toContain("Raphael");
    expect(await catalogueSpirits("elenthos")).toHaveLength(SEED_SPIRITS.elenthos.length);
  });
});

describe("the spirit of the day", () => {
  it("is the same all day for everyone and the next one the day after, round the catalogue", async () => {
    const morning = new Date("2026-12-01T00:00:01Z");
    const evening = new Date("2026-12-01T23:59:59Z");
    expect((await spiritOfTheDay("demons", morning))!.id).toBe(
      (await spiritOfTheDay("demons", evening))!.id,
    );
    const demons = await catalogueSpirits("demons");
    const today = await spiritOfTheDay("demons", day("2026-12-01"));
    const index = demons.findIndex((s) => s.id === today!.id);
    expect(index).toBe(dayNumber(day("2026-12-01")) % 72);
    const tomorrow = await spiritOfTheDay("demons", day("2026-12-02"));
    expect(tomorrow!.id).toBe(demons[(index + 1) % 72]!.id);
    // 72 days later the same spirit comes round again.
    const later = new Date(day("2026-12-01").getTime() + 72 * 86_400_000);
    expect((await spiritOfTheDay("demons", later))!.id).toBe(today!.id);
    expect((await spiritsOfTheDay(day("2026-12-01"))).map(([c]) => c)).toEqual([
      "demons",
      "angels",
      "elenthos",
    ]);
  });
});

describe("search", () => {
  it("scores a name match 85, a description or power match 70, at most 3 of a catalogue, linking to a search for the name", async () => {
    const named = (await findQuick("Paimon")).results;
    const paimon = named.find((r) => r.kind === "demon" && r.title === "Paimon");
    expect(paimon).toMatchObject({ score: 85, url: "/search?q=Paimon" });
    const byPower = await searchByKind("astronomy");
    const demons = byPower.find((g) => g.kind === "demon");
    expect(demons!.results.length).toBe(3);
    expect(demons!.results.every((r) => r.score === 70)).toBe(true);
  });
});

describe("popular powers", () => {
  it("counts the powers the spirits share, most common first, at most 20", async () => {
    const popular = await popularPowers();
    expect(popular.length).toBe(20);
    for (let i = 1; i < popular.length; i++)
      expect(popular[i - 1]!.spirits).toBeGreaterThanOrEqual(popular[i]!.spirits);
    expect(popular[0]!.power).toBe("divination");
  });
});

describe("editing", () => {
  it("is for admins, audited, and refuses a name the catalogue holds", async () => {
    const fields = spiritFieldsSchema.parse({
      name: "Test Seraph",
      description: "A test.",
      powers: "Light, light\nwarmth",
    });
    expect(fields.powers).toEqual(["light", "warmth"]);
    for (const actor of [
      null,
      memberActor("someone"),
      memberActor("p", { tier: "full", subscribed: true }),
    ])
      await expect(createSpirit(actor, "angels", fields)).rejects.toBeInstanceOf(NotAllowedError);
    const { id } = await createSpirit(admin, "angels", fields);
    await expect(createSpirit(admin, "angels", fields)).rejects.toMatchObject({
      reason: "nameTaken",
    });
    await expect(
      updateSpirit(admin, "angels", id, { ...fields, name: "Michael" }),
    ).rejects.toBeInstanceOf(SpiritRefusedError);
    await updateSpirit(admin, "angels", id, { ...fields, description: "Changed." });
    await expect(deleteSpirit(admin, "demons", id)).rejects.toMatchObject({ reason: "notFound" });
    await deleteSpirit(admin, "angels", id);
    expect(
      await db().select().from(CATALOGUE_TABLES.angels).where(eq(CATALOGUE_TABLES.angels.id, id)),
    ).toEqual([]);
    const actions = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "spirit"), eq(auditLog.targetId, id)));
    expect(actions.map((a) => a.action).sort()).toEqual([
      "spirit.create",
      "spirit.delete",
      "spirit.update",
    ]);
  });

  it("refuses too many or too long powers and huge names", () => {
    const many = Array.from({ length: 13 }, (_, i) => `p${i}`).join(",");
    expect(spiritFieldsSchema.safeParse({ name: "x", powers: many }).success).toBe(false);
    expect(spiritFieldsSchema.safeParse({ name: "x", powers: "p".repeat(61) }).success).toBe(false);
    expect(spiritFieldsSchema.safeParse({ name: "n".repeat(81) }).success).toBe(false);
    expect(spiritFieldsSchema.safeParse({ name: "   " }).success).toBe(false);
  });
});
