import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { setupTestDatabase } from "../../tests/helpers/test-db";
import { db } from "./client.server";
import { seedIfEmpty } from "./seed.server";
import { categories, posts } from "#app/modules/discussions/schema";
import { pages } from "#app/modules/pages/schema";
import { profiles } from "#app/modules/profiles/schema";
import { listPosts } from "#app/modules/discussions/posts.server";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
});
afterAll(() => cleanup());

describe("first start", () => {
  it("creates an admin once, demo members, categories, discussions and pages", async () => {
    const admin = await seedIfEmpty({ demo: true });
    expect(admin?.email).toBe("admin@sanctuary.local");
    expect(admin?.password.length).toBeGreaterThanOrEqual(16);
    const [admins] = await db().select({ n: count() }).from(profiles).where(eq(profiles.role, "super_admin"));
    expect(admins.n).toBe(1);
    expect((await db().select({ n: count() }).from(categories))[0].n).toBeGreaterThanOrEqual(5);
    expect((await db().select({ slug: pages.slug }).from(pages)).map((p) => p.slug).sort()).toEqual(["about", "faq", "help", "help-guidelines", "privacy", "refunds", "terms"]);
    const latest = await listPosts({ tab: "latest", viewer: null });
    expect(latest.items.length).toBeGreaterThanOrEqual(5);
    expect((await listPosts({ tab: "answered", viewer: null })).items.length).toBeGreaterThanOrEqual(1);
    expect((await db().select({ n: count() }).from(posts))[0].n).toBe(latest.items.length);
    expect(await seedIfEmpty({ demo: true })).toBeNull();
  });
});
