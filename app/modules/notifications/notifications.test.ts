import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member } from "../../../tests/helpers/community";
import { db } from "#app/db/client.server";
import { drainJobs } from "#app/modules/events/index.server";
import { LOCALE_CODES, type Locale } from "#app/i18n/locales";
import { serverT } from "#app/i18n/resources.server";
import { notificationText, type NotificationContent } from "./content";
import { notify } from "./notify.server";
import { notifications } from "./schema";
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  unreadCounts,
} from "./notifications.server";
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

/** Rendered text without the invisible isolation marks around members' words. */
function shown(content: NotificationContent, locale: Locale) {
  const text = notificationText(content, serverT(locale));
  const plain = (value?: string) => value?.replace(/[\u2068\u2069]/g, "");
  return { title: plain(text.title), message: plain(text.message) };
}

describe("notifications are stored as a kind and values (decision 020)", () => {
  it("stores what happened, never text, with the type and tab its kind implies", async () => {
    const m = await member();
    const content = {
      kind: "reply",
      name: "Helper Hazel",
      post: "Hello from Ōsaka!",
      preview: "Stand barefoot.",
    } as const;
    await db().transaction((tx) =>
      notify(tx, { userId: m.userId, content, actionUrl: "/discussions/hello" }),
    );
    const [row] = await db().select().from(notifications).where(eq(notifications.userId, m.userId));
    expect(row).toMatchObject({
      type: "new_reply",
      audience: "community",
      params: content,
      title: null,
      message: null,
      actionUrl: "/discussions/hello",
    });
    expect((await listNotifications(m.userId, "all"))[0]!.content).toEqual(content);
  });

  it("is stored once and read in each reader's language, naming the post", async () => {
    const m = await member();
    await db().transaction((tx) =>
      notify(tx, {
        userId: m.userId,
        content: { kind: "approved", target: "post", post: "Hello from Ōsaka!" },
      }),
    );
    const [item] = await listNotifications(m.userId, "all");
    assert(item);
    expect(shown(item.content, "en")).toEqual({
      title: "Your contribution is live",
      message: "A moderator approved your discussion “Hello from Ōsaka!”. Everyone can see it now.",
    });
    expect(shown(item.content, "de")).toEqual({
      title: "Dein Beitrag ist online",
      message:
        "Das Moderationsteam hat deine Diskussion „Hello from Ōsaka!“ freigegeben. Jetzt können sie alle sehen.",
    });
    expect(shown(item.content, "ar").message).toBe(
      "وافق أحد المشرفين على نقاشك «Hello from Ōsaka!». أصبح بإمكان الجميع رؤيته الآن.",
    );
  });

  it.each(["en", "de", "ar", "ja"] as const)(
    "renders every kind in %s, with members' words isolated and none of them missing",
    (locale) => {
      const kinds: NotificationContent[] = [
        { kind: "reply", name: "Nova", post: "Moon water", preview: "Yes!" },
        { kind: "commentReply", name: "Nova", post: "Moon water", preview: "Yes!" },
        { kind: "mention", name: "Nova", post: "Moon water" },
        { kind: "acceptedAnswer", post: "Moon water" },
        { kind: "pending", target: "comment", name: "Nova", post: "Moon water" },
        { kind: "approved", target: "comment", post: "Moon water" },
        { kind: "rejected", target: "post", post: "Moon water" },
        { kind: "rank", rank: "adept" },
        { kind: "badge", badge: "first-post" },
        { kind: "newMember", name: "Nova" },
      ];
      const t = serverT(locale);
      for (const content of kinds) {
        const text = notificationText(content, t);
        const all = `${text.title} ${text.message ?? ""}`;
        // No key left untranslated, no placeholder left empty.
        expect(all, content.kind).not.toMatch(
          /discussions\.|achievements\.|notifications\.|\{\{|undefined/,
        );
        if ("post" in content && content.kind !== "reply" && content.kind !== "commentReply")
          expect(all).toContain("\u2068Moon water\u2069");
        if ("name" in content) expect(all).toContain("\u2068Nova\u2069");
      }
      expect(shown({ kind: "rank", rank: "adept" }, locale).message).toContain(t("ranks.adept"));
    },
  );

  it.each(LOCALE_CODES)(
    "names the discussion in every notice about a held edit, in %s",
    (locale) => {
      const t = serverT(locale);
      const held: NotificationContent[] = [
        { kind: "pendingEdit", target: "post", name: "Nova", post: "Moon water rites" },
        { kind: "pendingEdit", target: "comment", name: "Nova", post: "Moon water rites" },
        { kind: "editApproved", target: "post", post: "Moon water rites" },
        { kind: "editApproved", target: "comment", post: "Moon water rites" },
        { kind: "editRejected", target: "post", post: "Moon water rites" },
        { kind: "editRejected", target: "comment", post: "Moon water rites" },
      ];
      for (const content of held) {
        const text = notificationText(content, t);
        expect(text.message, JSON.stringify(content)).toContain("\u2068Moon water rites\u2069");
        expect(`${text.title} ${text.message}`).not.toMatch(/discussions\.|\{\{|undefined/);
        if (content.kind === "pendingEdit") expect(text.message).toContain("\u2068Nova\u2069");
      }
    },
  );

  it("keeps notifications stored as text before kinds readable, sanitized (SPEC §5)", async () => {
    const m = await member();
    await db()
      .insert(notifications)
      .values({ userId: m.userId, type: "new_reply", title: "Hello", message: XSS });
    const [item] = await listNotifications(m.userId, "all");
    assert(item);
    expect(item.content.kind).toBe("text");
    const html = item.content.kind === "text" ? item.content.html : "";
    expect(html).not.toMatch(/script|onerror|onclick|iframe|javascript:|<img|style=/i);
    expect(html).toContain("<strong>there</strong>");
    expect(html).toContain('<a href="/discussions/ok" target="_blank" rel="noopener">good</a>');
    expect(html).toContain("<h2>Title</h2>");
    expect(notificationText(item.content, serverT("de"))).toEqual({ title: "Hello", html });
  });

  it("tells every admin, under the Admin tab, that a new member joined", async () => {
    const admin = await member({ role: "admin" });
    const newcomer = await member({ name: "Nova Newcomer" });
    // The notice is the `member.joined` subscriber's job.
    await drainJobs();
    const rows = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.userId), eq(notifications.type, "new_user")));
    const notice = rows.find((r) => r.actionUrl === `/profile/${newcomer.userId}`);
    expect(notice).toMatchObject({
      audience: "admin",
      params: { kind: "newMember", name: "Nova Newcomer" },
    });
    // Members are not told about each other.
    const forMember = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, newcomer.userId), eq(notifications.type, "new_user")));
    expect(forMember).toHaveLength(0);
  });
});

describe("the notification list (SPEC §4)", () => {
  it("keeps the newest 50, splits tabs, counts unread and marks read", async () => {
    const m = await member({ role: "admin" });
    const other = await member();
    await db().delete(notifications).where(eq(notifications.userId, m.userId));
    // A tick between notifications: two written within one clock tick would share a time, and
    // the newest-first order the test reads would then be the ids' order.
    const tick = () => new Promise((resolve) => setTimeout(resolve, 2));
    for (let i = 0; i < 55; i++) {
      await notify(db(), {
        userId: m.userId,
        content: { kind: "acceptedAnswer", post: `Community ${i}` },
      });
      await tick();
    }
    await notify(db(), { userId: m.userId, content: { kind: "newMember", name: "Admin notice" } });

    const all = await listNotifications(m.userId, "all");
    const about = (item: (typeof all)[number]) =>
      "post" in item.content ? item.content.post : "name" in item.content ? item.content.name : "";
    expect(all).toHaveLength(50);
    expect(about(all[0]!)).toBe("Admin notice");
    expect(about(all[1]!)).toBe("Community 54");
    expect((await listNotifications(m.userId, "admin")).map(about)).toEqual(["Admin notice"]);
    expect(await unreadCounts(m.userId)).toEqual({ all: 56, admin: 1, community: 55 });

    // Another member cannot mark someone else's notification read.
    await markNotificationRead(other.userId, all[0]!.id);
    expect((await unreadCounts(m.userId)).admin).toBe(1);
    await markNotificationRead(m.userId, all[0]!.id);
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
      notificationActionSchema.parse({
        intent: "read",
        id: "00000000-0000-4000-8000-000000000000",
        redirectTo,
      });
    expect(read("/discussions/x")).toMatchObject({ redirectTo: "/discussions/x" });
    expect(read("//evil.example/x")).toMatchObject({ redirectTo: undefined });
    expect(read("https://evil.example")).toMatchObject({ redirectTo: undefined });
    expect(read("/\\evil.example")).toMatchObject({ redirectTo: undefined });
  });
});
