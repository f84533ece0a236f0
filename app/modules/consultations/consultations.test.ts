import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { startMailCatcher } from "../../../tests/helpers/mail-catcher";
import { member } from "../../../tests/helpers/community";
import { db } from "#app/db/client.server";
import { NotAllowedError } from "#app/modules/auth";
import { auditLog } from "#app/modules/audit/schema";
import { covenMembers, covens } from "#app/modules/covens/schema";
import { emailOutbox } from "#app/modules/email/schema";
import { drainJobs } from "#app/modules/events/index.server";
import { notifications } from "#app/modules/notifications/schema";
import { payments } from "#app/modules/payments/schema";
import { setClock } from "./clock";
import {
  ConsultationRefusedError,
  adminConsultations,
  bookConsultation,
  cancelConsultation,
  consultationAccess,
  createSlots,
  discardConsultation,
  myConsultations,
  openSlots,
  setSlotPublished,
} from "./consultations.server";
import { consultationSlots, consultations } from "./schema";

// The consultation rules on a real database (both engines): who may book, one consultation per
// member and calendar month under parallel requests, slots taken once, discards and cancellations,
// and the confirmation e-mail with its calendar file through a real SMTP server.
let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  catcher = await startMailCatcher();
  process.env.SMTP_URL = catcher.url;
  process.env.MAIL_FROM = "Sanctuary <post@sanctuary.test>";
  ({ cleanup } = await setupTestDatabase());
});
afterAll(async () => {
  setClock(null);
  await cleanup();
  await catcher.close();
});
afterEach(() => setClock(null));

const at = (iso: string) => new Date(iso);
const NOW = "2031-03-10T12:00:00.000Z";
function clockAt(iso: string) {
  setClock(() => at(iso));
}

let covenCounter = 0;
async function joinCoven(userId: string, options: { archived?: boolean; banned?: boolean } = {}) {
  covenCounter += 1;
  const [coven] = await db()
    .insert(covens)
    .values({
      slug: `circle-${covenCounter}-${Date.now()}`,
      name: `Circle ${covenCounter}`,
      language: "en",
      visibility: "open",
      archivedAt: options.archived ? at("2031-01-01T00:00:00Z") : null,
    })
    .returning({ id: covens.id });
  await db()
    .insert(covenMembers)
    .values({
      covenId: coven!.id,
      userId,
      bannedAt: options.banned ? at("2031-01-01T00:00:00Z") : null,
    });
}

async function paid(userId: string, status: "paid" | "refunded" = "paid") {
  await db()
    .insert(payments)
    .values({
      userId,
      provider: "builtin",
      providerPaymentId: `pay-${userId}-${status}`,
      amount: 3000,
      currency: "USD",
      status,
      paidAt: at("2031-01-05T00:00:00Z"),
    });
}

/** A premium member of a coven: eligible. */
async function eligibleMember(name?: string) {
  const who = await member({ tier: "full", name });
  await joinCoven(who.userId);
  return who;
}

let admin: Awaited<ReturnType<typeof member>>;
async function slotsAt(starts: string[], durationMinutes = 60) {
  const added = await createSlots(admin.rules, { starts: starts.map(at), durationMinutes });
  expect(added).toBe(starts.length);
  const all = await db().select().from(consultationSlots);
  return starts.map((iso) => all.find((s) => s.startsAt.getTime() === at(iso).getTime())!.id);
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ConsultationRefusedError) return error.reason;
    throw error;
  }
  return "booked";
}

beforeAll(async () => {
  admin = await member({ role: "admin" });
});

describe("who may book (SPEC §1: premium coven members and customers)", () => {
  it("answers every kind of viewer", async () => {
    const free = await member();
    const premiumAlone = await member({ tier: "full" });
    const premiumInCoven = await eligibleMember();
    const customer = await member();
    await paid(customer.userId);
    const refunded = await member();
    await paid(refunded.userId, "refunded");
    const bannedPremium = await member({ tier: "full" });
    await joinCoven(bannedPremium.userId, { banned: true });
    const archivedPremium = await member({ tier: "full" });
    await joinCoven(archivedPremium.userId, { archived: true });
    const freeInCoven = await member();
    await joinCoven(freeInCoven.userId);

    expect(await consultationAccess(null)).toBe("guest");
    expect(await consultationAccess(free.rules)).toBe("free");
    expect(await consultationAccess(premiumAlone.rules)).toBe("noCoven");
    expect(await consultationAccess(premiumInCoven.rules)).toBe("eligible");
    expect(await consultationAccess(customer.rules)).toBe("eligible");
    expect(await consultationAccess(refunded.rules)).toBe("free");
    expect(await consultationAccess(bannedPremium.rules)).toBe("noCoven");
    expect(await consultationAccess(archivedPremium.rules)).toBe("noCoven");
    expect(await consultationAccess(freeInCoven.rules)).toBe("free");
    expect(await consultationAccess(admin.rules)).toBe("eligible");
  });

  it("refuses a booking by anyone not eligible, on the server", async () => {
    clockAt(NOW);
    const [slot] = await slotsAt(["2031-03-11T09:00:00Z"]);
    const free = await member();
    const premiumAlone = await member({ tier: "full" });
    expect(await refusal(bookConsultation(null, { slotId: slot! }))).toBe("notEligible");
    expect(await refusal(bookConsultation(free.rules, { slotId: slot! }))).toBe("notEligible");
    expect(await refusal(bookConsultation(premiumAlone.rules, { slotId: slot! }))).toBe(
      "notEligible",
    );
    expect(await db().select().from(consultations).where(eq(consultations.slotId, slot!))).toEqual(
      [],
    );
  });
});

describe("one consultation per member and calendar month", () => {
  it("ten parallel bookings of ten free slots in one month make exactly one", async () => {
    clockAt(NOW);
    const who = await eligibleMember();
    const starts = Array.from(
      { length: 10 },
      (_, i) => `2031-03-${String(12 + i).padStart(2, "0")}T15:00:00Z`,
    );
    const slots = await slotsAt(starts);
    const answers = await Promise.all(
      slots.map((slotId) => refusal(bookConsultation(who.rules, { slotId }))),
    );
    expect(answers.filter((a) => a === "booked")).toHaveLength(1);
    expect(answers.filter((a) => a === "monthUsed")).toHaveLength(9);
    const rows = await db()
      .select()
      .from(consultations)
      .where(eq(consultations.userId, who.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ month: "2031-03", status: "booked" });
  });

  it("allows the next month again, and counts by the slot's UTC month", async () => {
    clockAt(NOW);
    const who = await eligibleMember();
    const [march, lastMarchMinute, april] = await slotsAt([
      "2031-03-20T10:00:00Z",
      "2031-03-31T23:30:00Z",
      "2031-04-15T10:00:00Z",
    ]);
    expect(await refusal(bookConsultation(who.rules, { slotId: march! }))).toBe("booked");
    // 23:30 UTC on 31 March is already April in Tokyo, but it counts for March.
    expect(
      await refusal(
        bookConsultation(who.rules, { slotId: lastMarchMinute!, timeZone: "Asia/Tokyo" }),
      ),
    ).toBe("monthUsed");
    clockAt("2031-04-02T08:00:00Z");
    expect(await refusal(bookConsultation(who.rules, { slotId: april! }))).toBe("booked");
    const mine = await myConsultations(who.userId);
    expect(mine.map((c) => c.month)).toEqual(["2031-04", "2031-03"]);
    expect(mine.map((c) => c.upcoming)).toEqual([true, false]);
  });

  it("takes a slot once, whoever asks at the same moment", async () => {
    clockAt(NOW);
    const [slot] = await slotsAt(["2031-03-25T18:00:00Z"]);
    const people = await Promise.all([eligibleMember(), eligibleMember(), eligibleMember()]);
    const answers = await Promise.all(
      people.map((p) => refusal(bookConsultation(p.rules, { slotId: slot! }))),
    );
    expect(answers.filter((a) => a === "booked")).toHaveLength(1);
    expect(answers.filter((a) => a === "slotTaken")).toHaveLength(2);
    expect((await openSlots()).some((s) => s.id === slot)).toBe(false);
  });

  it("refuses past, unknown and unpublished slots", async () => {
    clockAt(NOW);
    const who = await eligibleMember();
    const [hidden, soon] = await slotsAt(["2031-05-02T10:00:00Z", "2031-06-02T10:00:00Z"]);
    await setSlotPublished(admin.rules, hidden!, false);
    expect(await refusal(bookConsultation(who.rules, { slotId: hidden! }))).toBe("slotGone");
    expect(
      await refusal(
        bookConsultation(who.rules, { slotId: "00000000-0000-4000-8000-000000000000" }),
      ),
    ).toBe("slotGone");
    clockAt("2031-06-02T10:00:00Z");
    expect(await refusal(bookConsultation(who.rules, { slotId: soon! }))).toBe("slotGone");
  });
});

describe("discarding and cancelling", () => {
  it("a discarded consultation frees the slot but still counts for its month; the member is told", async () => {
    clockAt(NOW);
    const who = await eligibleMember("Discarded Member");
    const other = await eligibleMember();
    const [first, second] = await slotsAt(["2031-07-03T10:00:00Z", "2031-07-04T10:00:00Z"]);
    await bookConsultation(who.rules, { slotId: first! });
    const [row] = await db()
      .select()
      .from(consultations)
      .where(eq(consultations.userId, who.userId));
    await expect(discardConsultation(who.rules, row!.id, "nope")).rejects.toBeInstanceOf(
      NotAllowedError,
    );
    await discardConsultation(admin.rules, row!.id, "Came without the agreed preparation.");
    expect(await refusal(bookConsultation(who.rules, { slotId: second! }))).toBe("monthUsed");
    expect(await refusal(bookConsultation(other.rules, { slotId: first! }))).toBe("booked");
    expect(await refusal(discardConsultation(admin.rules, row!.id, "again"))).toBe("notBooked");

    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "consultation.discard"), eq(auditLog.targetId, row!.id)));
    expect(audit?.details).toMatchObject({ reason: "Came without the agreed preparation." });

    await drainJobs();
    const notes = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, who.userId));
    expect(notes.map((n) => n.params)).toContainEqual(
      expect.objectContaining({
        kind: "consultationDiscarded",
        reason: "Came without the agreed preparation.",
      }),
    );
    expect(notes.every((n) => n.type === "consultation")).toBe(true);
    const mails = catcher.messages.filter((m) => m.to.includes(who.email));
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringContaining("discarded")]),
    );
    const list = await adminConsultations("discarded", 1);
    expect(list.rows.map((r) => r.id)).toContain(row!.id);
  });

  it("the member cancels more than 24 hours ahead: slot and month free again; later it is too late", async () => {
    clockAt(NOW);
    const who = await eligibleMember();
    const [a, b] = await slotsAt(["2031-08-10T10:00:00Z", "2031-08-11T10:00:00Z"]);
    await bookConsultation(who.rules, { slotId: a! });
    const [row] = await db()
      .select()
      .from(consultations)
      .where(eq(consultations.userId, who.userId));
    const stranger = await eligibleMember();
    expect(await refusal(cancelConsultation(stranger.rules, row!.id))).toBe("notFound");
    await cancelConsultation(who.rules, row!.id);
    expect((await openSlots(at("2031-08-01T00:00:00Z"))).some((s) => s.id === a)).toBe(true);
    expect(await refusal(bookConsultation(who.rules, { slotId: b! }))).toBe("booked");
    const [second] = await db()
      .select()
      .from(consultations)
      .where(and(eq(consultations.userId, who.userId), eq(consultations.status, "booked")));
    clockAt("2031-08-10T12:00:00Z");
    expect(await refusal(cancelConsultation(who.rules, second!.id))).toBe("tooLate");
  });

  it("the cancellation is e-mailed with a calendar file that cancels the invitation", async () => {
    clockAt(NOW);
    const who = await eligibleMember("Cancelling Member");
    const [slot] = await slotsAt(["2031-09-20T09:00:00Z"], 60);
    const booked = await bookConsultation(who.rules, { slotId: slot! });
    await cancelConsultation(who.rules, booked.id);
    expect(await drainJobs()).toMatchObject({ failed: 0 });
    const rows = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, who.email))
      .orderBy(emailOutbox.createdAt);
    const cancelled = rows.find((r) => /is cancelled/.test(r.subject));
    expect(cancelled).toMatchObject({ status: "sent" });
    expect(cancelled!.textBody).toContain("Cancelling Member");
    const ics = cancelled!.attachments![0]!.content;
    expect(ics).toContain(`UID:consultation-${booked.id}@`);
    expect(ics).toContain("STATUS:CANCELLED");
    expect(ics).toContain("SEQUENCE:1");
    expect(ics).toContain("DTSTART:20310920T090000Z");
  });
});

describe("admin availability", () => {
  it("only admins add or hide slots; every change is audited; a start is added once", async () => {
    clockAt(NOW);
    const who = await eligibleMember();
    await expect(
      createSlots(who.rules, { starts: [at("2031-09-01T10:00:00Z")], durationMinutes: 60 }),
    ).rejects.toBeInstanceOf(NotAllowedError);
    const [slot] = await slotsAt(["2031-09-01T10:00:00Z"]);
    expect(
      await createSlots(admin.rules, {
        starts: [at("2031-09-01T10:00:00Z"), at("2020-01-01T10:00:00Z")],
        durationMinutes: 60,
      }),
    ).toBe(0);
    await setSlotPublished(admin.rules, slot!, false);
    await expect(setSlotPublished(who.rules, slot!, true)).rejects.toBeInstanceOf(NotAllowedError);
    const actions = (
      await db().select().from(auditLog).where(eq(auditLog.actorId, admin.userId))
    ).map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining(["consultation.slots.create", "consultation.slot.unpublish"]),
    );
  });
});

describe("the confirmation", () => {
  it("notifies the member and e-mails an invitation whose calendar file starts at the slot in UTC", async () => {
    clockAt(NOW);
    const who = await eligibleMember("Ics Member");
    const [slot] = await slotsAt(["2031-10-14T16:30:00Z"], 45);
    const booked = await bookConsultation(who.rules, { slotId: slot!, timeZone: "Europe/Berlin" });
    expect(await drainJobs()).toMatchObject({ failed: 0 });

    const [row] = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, who.email));
    expect(row).toMatchObject({ status: "sent", subject: expect.stringContaining("Morgana") });
    // 16:30 UTC is 18:30 (6:30 PM) in Berlin in mid-October (summer time).
    expect(row!.textBody).toMatch(/6:30\sPM/);
    expect(row!.textBody).toContain("Europe/Berlin");
    const [file] = row!.attachments ?? [];
    expect(file).toMatchObject({ filename: "consultation.ics" });
    expect(file!.contentType).toMatch(/^text\/calendar/);
    const ics = file!.content;
    expect(ics).toContain("BEGIN:VEVENT");
    expect(ics).toContain("DTSTART:20311014T163000Z");
    expect(ics).toContain("DTEND:20311014T171500Z");
    expect(ics).toContain(`UID:consultation-${booked.id}@`);
    expect(ics).toContain("SUMMARY:Consultation with master Morgana");

    const [mail] = catcher.messages.filter((m) => m.to.includes(who.email));
    expect(mail?.raw).toMatch(/Content-Type: text\/calendar/i);
    expect(mail?.raw).toContain("consultation.ics");

    const notes = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, who.userId));
    expect(notes).toMatchObject([
      { type: "consultation", params: { kind: "consultationBooked", master: "Morgana" } },
    ]);
  });
});
