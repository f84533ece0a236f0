import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member } from "../../../tests/helpers/community";
import { db } from "#app/db/client.server";
import { notify } from "./notify.server";
import { notifications } from "./schema";
import { listNotifications, markAllNotificationsRead, markNotificationRead, unreadCounts } from "./notifications.server";
import { badgeText, notificationTab } from "./tabs";
import { notificationActionSchema } from "./validation";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
});
afterAll(() => cleanup());

const XSS =
  `<p onclick="alert(1)">Hi <strong>there</strong><script>alert(2)</script><img src=x onerror="alert(3)">` +
  `<a href="javascript:alert(4)">bad</a> <a href="/discussions/ok" target="_blank" rel="noopener">good</a>` +
  `<iframe src="https://evil.example"></iframe><h2 style="color:red">Title</h2></p>`;

describe("notification creation and sanitization (SPEC §5)", () => {
  it("stores only the allowed tags and attributes", async () => {
    const m = await member();
    await db().transaction((tx) => notify(tx, { userId: m.userId, type: "new_reply", title: "Hello", message: XSS }));
    const [row] = await db().select().from(notifications).where(and(eq(notifications.userId, m.userId), eq(notifications.type, "new_reply")));
    expect(row.message).not.toMatch(/script|onerror|onclick|iframe|javascript:|<img|style=/i);
    expect(row.message).toContain("<strong>there</strong>");
    expect(row.message).toContain('<a href="/discussions/ok" target="_blank" rel="noopener">good</a>');
    expect(row.message).toContain("<h2>Title</h2>");
  });

  it("tells every admin, under the Admin tab, that a new member joined", async () => {
    const admin = await member({ role: "admin" });
    const newcomer = await member({ name: "Nova Newcomer" });
    const rows = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.userId), eq(notifications.type, "new_user")));
    const notice = rows.find((r) => r.actionUrl === `/profile/${newcomer.userId}`);
    expect(notice).toMatchObject({ audience: "admin", title: "A new member joined" });
    expect(notice?.message).toContain("Nova Newcomer");
    // Members are not told about each other.
    const forMember = await db().select().from(notifications).where(and(eq(notifications.userId, newcomer.userId), eq(notifications.type, "new_user")));
    expect(forMember).toHaveLength(0);
  });
});

describe("the notification list (SPEC §4)", () => {
  it("keeps the newest 50, splits tabs, counts unread and marks read", async () => {
    const m = await member({ role: "admin" });
    const other = await member();
    await db().delete(notifications).where(eq(notifications.userId, m.userId));
    for (let i = 0; i < 55; i++) {
      await notify(db(), { userId: m.userId, type: "new_reply", title: `Community ${i}`, message: `<p>${i}</p>` });
    }
    await notify(db(), { userId: m.userId, type: "new_user", title: "Admin notice", message: "<p>a</p>", audience: "admin" });

    const all = await listNotifications(m.userId, "all");
    expect(all).toHaveLength(50);
    expect(all[0].title).toBe("Admin notice");
    expect(all[1].title).toBe("Community 54");
    expect((await listNotifications(m.userId, "admin")).map((n) => n.title)).toEqual(["Admin notice"]);
    expect(await unreadCounts(m.userId)).toEqual({ all: 56, admin: 1, community: 55 });

    // Another member cannot mark someone else's notification read.
    await markNotificationRead(other.userId, all[0].id);
    expect((await unreadCounts(m.userId)).admin).toBe(1);
    await markNotificationRead(m.userId, all[0].id);
    expect(await unreadCounts(m.userId)).toEqual({ all: 55, admin: 0, community: 55 });

    await markAllNotificationsRead(m.userId, "community");
    expect(await unreadCounts(m.userId)).toEqual({ all: 0, admin: 0, community: 0 });
    // Marking again never goes below zero.
    await markAllNotificationsRead(m.userId, "all");
    expect(await unreadCounts(m.userId)).toEqual({ all: 0, admin: 0, community: 0 });
  });

  it("shows the Admin tab to admins only", () => {
    expect(notificationTab("admin", false)).toBe("all");
    expect(notificationTab("admin", true)).toBe("admin");
    expect(notificationTab("community", false)).toBe("community");
    expect(notificationTab("bogus", true)).toBe("all");
  });

  it("caps badges at 9+ in the header and 99+ elsewhere (SPEC §9)", () => {
    expect(badgeText(0, 9, "en")).toBeUndefined();
    expect(badgeText(9, 9, "en")).toBe("9");
    expect(badgeText(10, 9, "en")).toBe("9+");
    expect(badgeText(99, 99, "en")).toBe("99");
    expect(badgeText(100, 99, "en")).toBe("99+");
  });

  it("never redirects off the site after marking read", () => {
    const read = (redirectTo: string) =>
      notificationActionSchema.parse({ intent: "read", id: "00000000-0000-4000-8000-000000000000", redirectTo });
    expect(read("/discussions/x")).toMatchObject({ redirectTo: "/discussions/x" });
    expect(read("//evil.example/x")).toMatchObject({ redirectTo: undefined });
    expect(read("https://evil.example")).toMatchObject({ redirectTo: undefined });
    expect(read("/\\evil.example")).toMatchObject({ redirectTo: undefined });
  });
});
