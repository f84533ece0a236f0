import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { signedInRequest } from "../../../tests/helpers/accounts";
import { db } from "#app/db/client.server";
import { auditLog } from "#app/modules/audit/schema";
import { getAllSettings, getPublicSettings, updateSettings } from "./settings.server";
import { siteSettings } from "./schema";
import { siteSettingsSchema } from "./validation";

let cleanup: () => Promise<void>;
let adminId: string;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  ({ userId: adminId } = await signedInRequest({ role: "admin" }));
});
afterAll(() => cleanup());

describe("site settings", () => {
  it("defaults the theme colours when nothing is stored", async () => {
    const settings = await getPublicSettings();
    expect(settings.primary_color).toBe("#8B5CF6");
    expect(settings.secondary_color).toBe("#64748b");
    expect(settings.site_name).toBe("Sanctuary");
  });

  it("never sends private settings to browsers", async () => {
    await updateSettings(adminId, {
      admin_email: "owner@example.test",
      site_name: "Moonlit Circle",
    });
    const publicSettings = await getPublicSettings();
    expect(publicSettings.site_name).toBe("Moonlit Circle");
    expect(publicSettings).not.toHaveProperty("admin_email");
    expect(JSON.stringify(publicSettings)).not.toContain("owner@example.test");
    expect((await getAllSettings()).admin_email).toBe("owner@example.test");
  });

  it("hides a row marked private even under a public key", async () => {
    await db()
      .insert(siteSettings)
      .values({ settingKey: "secret_note", settingValue: "hidden", isPublic: false });
    expect(await getPublicSettings()).not.toHaveProperty("secret_note");
  });

  it("records each change in the audit log with before and after", async () => {
    await updateSettings(adminId, { primary_color: "#112233" });
    const rows = await db().select().from(auditLog).where(eq(auditLog.action, "settings.update"));
    expect(rows.at(-1)?.details).toEqual({ primary_color: { from: "#8B5CF6", to: "#112233" } });
    expect(await updateSettings(adminId, { primary_color: "#112233" })).toEqual([]);
  });

  it("versions the favicon so browsers refetch it", async () => {
    await updateSettings(adminId, { favicon_url: "/uploads/site/a.png" });
    const first = (await getPublicSettings()).favicon_version;
    await new Promise((r) => setTimeout(r, 5));
    await updateSettings(adminId, { favicon_url: "/uploads/site/b.png" });
    const second = (await getPublicSettings()).favicon_version;
    expect(first).toBeDefined();
    expect(second).not.toBe(first);
  });

  it("validates colours as six hex digits and normalises them", () => {
    const base = { site_name: "S", site_description: "", secondary_color: "#64748b" };
    expect(siteSettingsSchema.safeParse({ ...base, primary_color: "#abc" }).success).toBe(false);
    const ok = siteSettingsSchema.parse({ ...base, primary_color: "AABBCC" });
    expect(ok.primary_color).toBe("#aabbcc");
  });
});
