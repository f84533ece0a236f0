import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedSpirits } from "#app/modules/spirits/index.server";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member } from "../../../tests/helpers/community";
import { callRoute } from "../../../tests/helpers/route-call";
import * as mediaRoute from "./media";
import * as adminRoute from "../admin/spirits";

/*
 * /media as everyone sees it, and /admin/spirits as the framework calls it: admins only, hostile
 * input a 4xx with translated messages that writes nothing.
 */

let cleanup: () => Promise<void>;
let admin: Awaited<ReturnType<typeof member>>;
let free: Awaited<ReturnType<typeof member>>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  await seedSpirits();
  admin = await member({ role: "admin", name: "Spirit Admin" });
  free = await member({ name: "Spirit Reader" });
});
afterAll(() => cleanup());

describe("/media", () => {
  it("shows the spirits of the day, 20 popular powers and the three catalogues to a guest", async () => {
    const page = await callRoute(mediaRoute.loader, "/media", null);
    const data = page.data as {
      today: unknown[];
      popular: unknown[];
      catalogues: Array<{ catalogue: string; spirits: unknown[] }>;
    };
    expect(data.today).toHaveLength(3);
    expect(data.popular).toHaveLength(20);
    expect(data.catalogues.map((c) => [c.catalogue, c.spirits.length > 0])).toEqual([
      ["demons", true],
      ["angels", true],
      ["elenthos", true],
    ]);
  });
});

describe("/admin/spirits", () => {
  it("is for admins only", async () => {
    expect((await callRoute(adminRoute.loader, "/admin/spirits", free.cookie)).status).toBe(403);
    const post = await callRoute(
      adminRoute.action,
      "/admin/spirits",
      free.cookie,
      {},
      {
        intent: "create",
        catalogue: "angels",
        name: "Sneaky",
      },
    );
    expect(post.status).toBe(403);
  });

  it("adds a spirit, and answers hostile input with translated errors, keeping what was typed", async () => {
    const added = await callRoute(
      adminRoute.action,
      "/admin/spirits",
      admin.cookie,
      {},
      {
        intent: "create",
        catalogue: "elenthos",
        name: "Quillara",
        description: "A test spirit.",
        powers: "Patience\nwriting",
      },
    );
    expect(added.body?.ok).toBe(true);
    const again = await callRoute(
      adminRoute.action,
      "/admin/spirits",
      admin.cookie,
      {},
      {
        intent: "create",
        catalogue: "elenthos",
        name: "Quillara",
      },
    );
    expect(again.status).toBe(409);
    expect(again.body?.formError).toBe("spirits.refusals.nameTaken");
    const bad = await callRoute(
      adminRoute.action,
      "/admin/spirits",
      admin.cookie,
      {},
      {
        intent: "create",
        catalogue: "gods",
        name: "n".repeat(81),
        powers: Array.from({ length: 13 }, (_, i) => `p${i}`).join("\n"),
      },
    );
    expect(bad.status).toBe(400);
    expect(bad.body?.fieldErrors).toMatchObject({
      catalogue: "spirits.errors.catalogue",
      name: "spirits.errors.nameTooLong",
      powers: "spirits.errors.powers",
    });
    expect(bad.body?.values?.name).toHaveLength(81);
    const missing = await callRoute(
      adminRoute.action,
      "/admin/spirits",
      admin.cookie,
      {},
      {
        intent: "delete",
        catalogue: "angels",
        id: crypto.randomUUID(),
      },
    );
    expect(missing.status).toBe(404);
    const page = await callRoute(
      adminRoute.loader,
      "/admin/spirits?catalogue=elenthos",
      admin.cookie,
    );
    expect(JSON.stringify(page.data)).toContain("Quillara");
    const unknown = await callRoute(
      adminRoute.loader,
      "/admin/spirits?catalogue=zzz",
      admin.cookie,
    );
    expect((unknown.data as { catalogue: string }).catalogue).toBe("demons");
  });
});
