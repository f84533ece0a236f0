import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member } from "../../../tests/helpers/community";
import { callRoute } from "../../../tests/helpers/route-call";
import { db } from "#app/db/client.server";
import { drainJobs } from "#app/modules/events/index.server";
import { emailOutbox } from "#app/modules/email/schema";
import { notifications } from "#app/modules/notifications/schema";
import { profiles } from "#app/modules/profiles/schema";
import { covenMembers, covens } from "#app/modules/covens/schema";
import { session } from "#app/modules/auth/schema";
import { updateOwnProfile } from "#app/modules/profiles/index.server";
import * as listRoute from "#app/routes/admin/broadcasts";
import * as detailRoute from "#app/routes/admin/broadcast";
import * as unsubscribeRoute from "#app/routes/email/unsubscribe";
import { audienceMembers } from "./audience.server";
import { createBroadcast, getBroadcast, saveTranslation, startSending } from "./broadcasts.server";
import { broadcastDeliveries } from "./schema";
import { sendBroadcast } from "./send.server";
import type { Audience } from "./types";
import { unsubscribeToken, verifyUnsubscribeToken } from "./unsubscribe.server";

type Member = Awaited<ReturnType<typeof member>>;
let cleanup: () => Promise<void>;
let admin: Member;
let free: Member;
let premium: Member;
let arabic: Member;
let covenMember: Member;
let dormant: Member;
let covenId: string;

beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  admin = await member({ role: "admin", name: "Ada Admin" });
  free = await member({ name: "Fern Free" });
  premium = await member({ tier: "full", name: "Pia Premium" });
  arabic = await member({ name: "Amal Arabic" });
  covenMember = await member({ name: "Cora Coven" });
  dormant = await member({ name: "Dov Dormant" });
  await db().update(profiles).set({ language: "ar" }).where(eq(profiles.userId, arabic.userId));
  const [coven] = await db()
    .insert(covens)
    .values({ slug: "moon-circle", name: "Moon Circle", language: "en", visibility: "open" })
    .returning({ id: covens.id });
  covenId = coven!.id;
  await db().insert(covenMembers).values({ covenId, userId: covenMember.userId, role: "owner" });
  // Dov signed in two months ago and not since.
  await db()
    .update(session)
    .set({ updatedAt: new Date(Date.now() - 60 * 86_400_000) })
    .where(eq(session.userId, dormant.userId));
  await drainJobs();
});
afterAll(() => cleanup());

async function membersOf(audience: Audience): Promise<Set<string>> {
  const result = (await db().execute(audienceMembers(audience))) as unknown as {
    rows: { user_id: string }[];
  };
  return new Set(result.rows.map((row) => row.user_id));
}

const ours = () => [admin, free, premium, arabic, covenMember, dormant].map((m) => m.userId);

function broadcastNotices(userId: string) {
  return db()
    .select()
    .from(notifications)
    .where(
      and(eq(notifications.userId, userId), sql`${notifications.params}->>'kind' = 'broadcast'`),
    );
}

function outboxFor(email: string, subject: string) {
  return db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.subject, subject)));
}

describe("audience selection", () => {
  it("holds whom each filter names", async () => {
    const everyone = await membersOf({ kind: "everyone" });
    for (const id of ours()) expect(everyone.has(id)).toBe(true);

    const premiumSet = await membersOf({ kind: "premium" });
    expect(premiumSet.has(premium.userId)).toBe(true);
    expect(premiumSet.has(admin.userId)).toBe(true); // admins have premium access (SPEC §6)
    expect(premiumSet.has(free.userId)).toBe(false);

    const freeSet = await membersOf({ kind: "free" });
    expect(freeSet.has(free.userId)).toBe(true);
    expect(freeSet.has(premium.userId)).toBe(false);
    expect(freeSet.has(admin.userId)).toBe(false);

    expect([...(await membersOf({ kind: "coven", covenId }))]).toEqual([covenMember.userId]);
    expect([...(await membersOf({ kind: "language", language: "ar" }))]).toEqual([arabic.userId]);

    const active = await membersOf({ kind: "active", days: 30 });
    expect(active.has(free.userId)).toBe(true);
    expect(active.has(dormant.userId)).toBe(false);
    expect((await membersOf({ kind: "active", days: 90 })).has(dormant.userId)).toBe(true);
  });
});

describe("sending", () => {
  it("reaches every member exactly once across a crash and repeated runs of the job", async () => {
    const subject = "Full moon gathering";
    const id = await createBroadcast(admin.userId, {
      subject,
      body: "Join us **tonight** at the [circle](https://example.org).",
      audience: { kind: "everyone" },
      channels: { inApp: true, email: true },
    });
    await saveTranslation(id, {
      language: "ar",
      subject: "لقاء البدر",
      body: "انضموا إلينا الليلة.",
    });
    const recipients = await startSending(admin.userId, id);
    expect(recipients).toBeGreaterThanOrEqual(6);
    // Sending twice (a double click) starts nothing more.
    expect(await startSending(admin.userId, id)).toBeNull();

    const pending = await db()
      .select({ userId: broadcastDeliveries.userId })
      .from(broadcastDeliveries)
      .where(eq(broadcastDeliveries.broadcastId, id))
      .orderBy(broadcastDeliveries.userId);
    const crashAt = pending[2]!.userId;
    // The worker "dies" while writing the third member's notification: the batch rolls back.
    await db().execute(
      sql.raw(`create or replace function broadcast_crash() returns trigger language plpgsql as $$
        begin
          if new.user_id = '${crashAt}' and new.params->>'kind' = 'broadcast' then
            raise exception 'simulated crash';
          end if;
          return new;
        end $$`),
    );
    await db().execute(
      sql.raw(
        "create trigger broadcast_crash before insert on notifications for each row execute function broadcast_crash()",
      ),
    );
    await expect(sendBroadcast(id, { batchSize: 2 })).rejects.toThrow();
    const midway = (await getBroadcast(id))!;
    expect(midway.status).toBe("sending");
    expect(midway.delivered).toBe(2);
    expect(await broadcastNotices(crashAt)).toHaveLength(0);

    // The restarted worker: the queued job, a repeat of it and a second worker at the same time.
    await db().execute(sql.raw("drop trigger broadcast_crash on notifications"));
    await Promise.all([sendBroadcast(id, { batchSize: 2 }), sendBroadcast(id, { batchSize: 3 })]);
    await drainJobs();
    await sendBroadcast(id);

    const done = (await getBroadcast(id))!;
    expect(done.status).toBe("sent");
    expect(done.sentAt).not.toBeNull();
    expect(done.delivered).toBe(recipients);
    expect(done.notified).toBe(recipients);
    expect(done.emailed).toBe(recipients);
    expect(done.optedOut).toBe(0);
    for (const someone of [admin, free, premium, covenMember, dormant]) {
      expect(await broadcastNotices(someone.userId)).toHaveLength(1);
      expect(await outboxFor(someone.email, subject)).toHaveLength(1);
    }
    // Amal reads Arabic: the translation reaches her, in the bell and by e-mail.
    const [notice] = await broadcastNotices(arabic.userId);
    expect(notice!.params).toMatchObject({ kind: "broadcast", subject: "لقاء البدر" });
    expect(await outboxFor(arabic.email, "لقاء البدر")).toHaveLength(1);
    expect(await outboxFor(arabic.email, subject)).toHaveLength(0);

    // The e-mail carries the one-click unsubscribe (RFC 8058): the headers and a link.
    const [mail] = await outboxFor(free.email, subject);
    const link = `/email/unsubscribe/${unsubscribeToken(free.userId)}`;
    expect(mail!.headers?.["List-Unsubscribe"]).toMatch(new RegExp(`^<https?://[^>]+${link}>$`));
    expect(mail!.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail!.textBody).toContain(link);
    expect(mail!.htmlBody).toContain(link);
    expect(mail!.htmlBody).toContain("<strong>tonight</strong>");
  });

  it("sends only to the chosen audience and channel", async () => {
    const subject = "Coven only";
    const id = await createBroadcast(admin.userId, {
      subject,
      body: "For the Moon Circle.",
      audience: { kind: "coven", covenId },
      channels: { inApp: true, email: false },
    });
    expect(await startSending(admin.userId, id)).toBe(1);
    await drainJobs();
    const done = (await getBroadcast(id))!;
    expect(done).toMatchObject({ status: "sent", recipients: 1, notified: 1, emailed: 0 });
    expect(await outboxFor(covenMember.email, subject)).toHaveLength(0);
    const notices = await broadcastNotices(free.userId);
    expect(notices.some((n) => (n.params as { subject: string }).subject === subject)).toBe(false);
  });
});

describe("unsubscribe", () => {
  it("takes a signed token only", () => {
    const token = unsubscribeToken(free.userId);
    expect(verifyUnsubscribeToken(token)).toBe(free.userId);
    expect(verifyUnsubscribeToken(`${premium.userId}.${token.split(".")[1]}`)).toBeNull();
    expect(verifyUnsubscribeToken("nonsense")).toBeNull();
    expect(verifyUnsubscribeToken(undefined)).toBeNull();
  });

  it("is honoured from the one-click POST and from settings", async () => {
    const token = unsubscribeToken(free.userId);
    const path = `/email/unsubscribe/${token}`;
    // Opening the link changes nothing (mail scanners follow links).
    expect((await callRoute(unsubscribeRoute.loader, path, null, { token })).status).toBe(200);
    expect((await profileOf(free.userId)).broadcastEmails).toBe(true);
    // A mail program's one-click POST (RFC 8058), without any session.
    const answer = await callRoute(
      unsubscribeRoute.action,
      path,
      null,
      { token },
      {
        "List-Unsubscribe": "One-Click",
      },
    );
    expect(answer.status).toBe(200);
    expect((await profileOf(free.userId)).broadcastEmails).toBe(false);
    const forged = `${free.userId}.${"A".repeat(43)}`;
    expect(
      (
        await callRoute(
          unsubscribeRoute.action,
          `/email/unsubscribe/${forged}`,
          null,
          { token: forged },
          {
            "List-Unsubscribe": "One-Click",
          },
        )
      ).status,
    ).toBe(400);

    // Pia turns announcement e-mails off in settings.
    await updateOwnProfile(premium.userId, {
      displayName: "Pia Premium",
      slug: (await profileOf(premium.userId)).slug,
      bio: "",
      language: "",
      notificationSound: true,
      broadcastEmails: false,
    });

    const subject = "After unsubscribing";
    const id = await createBroadcast(admin.userId, {
      subject,
      body: "Still in the bell.",
      audience: { kind: "everyone" },
      channels: { inApp: true, email: true },
    });
    const recipients = (await startSending(admin.userId, id))!;
    await drainJobs();
    const done = (await getBroadcast(id))!;
    expect(done.optedOut).toBe(2);
    expect(done.emailed).toBe(recipients - 2);
    expect(await outboxFor(free.email, subject)).toHaveLength(0);
    expect(await outboxFor(premium.email, subject)).toHaveLength(0);
    expect(await outboxFor(admin.email, subject)).toHaveLength(1);
    const notices = await broadcastNotices(free.userId);
    expect(
      notices.filter((n) => (n.params as { subject: string }).subject === subject),
    ).toHaveLength(1);
  });
});

async function profileOf(userId: string) {
  const [row] = await db().select().from(profiles).where(eq(profiles.userId, userId));
  return row!;
}

describe("malformed input", () => {
  const list = "/admin/broadcast";
  const good = {
    subject: "Hello",
    body: "Body",
    audience: "everyone",
    inApp: "on",
    email: "on",
  };

  it("refuses bad compose forms with 400 and a translated message", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ ...good, subject: "" }, "subject"],
      [{ ...good, subject: "x".repeat(201) }, "subject"],
      [{ ...good, body: "   " }, "body"],
      [{ ...good, audience: "aliens" }, "audience"],
      [{ ...good, audience: "coven", covenId: "not-a-uuid" }, "covenId"],
      [{ ...good, audience: "language", language: "xx" }, "language"],
      [{ ...good, audience: "active", days: "0" }, "days"],
      [{ ...good, audience: "active", days: "abc" }, "days"],
      [{ subject: "Hi", body: "B", audience: "everyone" }, "inApp"],
    ];
    for (const [fields, field] of cases) {
      const answer = await callRoute(listRoute.action, list, admin.cookie, {}, fields);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.body?.fieldErrors?.[field]).toMatch(/^admin\.broadcast\.errors\./);
    }
  });

  it("creates a draft from a good form, answers bad ids with 400 and a sent one with 409", async () => {
    const created = await callRoute(listRoute.action, list, admin.cookie, {}, good);
    expect(created.status).toBe(302);
    const id = created.location!.split("/").pop()!;
    const path = `/admin/broadcast/${id}`;
    expect((await callRoute(detailRoute.loader, path, admin.cookie, { id })).status).toBe(200);
    expect(
      (await callRoute(detailRoute.loader, "/admin/broadcast/nope", admin.cookie, { id: "nope" }))
        .status,
    ).toBe(400);
    const bad = await callRoute(
      detailRoute.action,
      path,
      admin.cookie,
      { id },
      {
        intent: "translate",
        language: "klingon",
        subject: "",
        body: "",
      },
    );
    expect(bad.status).toBe(400);
    expect(
      (await callRoute(detailRoute.action, path, admin.cookie, { id }, { intent: "explode" }))
        .status,
    ).toBe(400);
    const sent = await callRoute(
      detailRoute.action,
      path,
      admin.cookie,
      { id },
      { intent: "send" },
    );
    expect(sent.status).toBe(200);
    const again = await callRoute(
      detailRoute.action,
      path,
      admin.cookie,
      { id },
      { intent: "send" },
    );
    expect(again.status).toBe(409);
    await drainJobs();
  });

  it("keeps members out", async () => {
    const answer = await callRoute(listRoute.loader, list, free.cookie);
    expect([302, 403, 404]).toContain(answer.status);
    const posted = await callRoute(listRoute.action, list, free.cookie, {}, good);
    expect([302, 403, 404]).toContain(posted.status);
  });
});
