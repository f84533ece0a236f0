import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { signedInRequest } from "../../../tests/helpers/accounts";
import { db } from "#app/db/client.server";
import { auditLog } from "#app/modules/audit/schema";
import { emailOutbox } from "#app/modules/email/schema";
import { drainJobs } from "#app/modules/events/index.server";
import { notifications } from "#app/modules/notifications/schema";
import { mayReceiveMedia } from "#app/modules/media/index.server";
import { mediaFiles } from "#app/modules/media/schema";
import type { Viewer } from "#app/modules/auth/index.server";
import { setClock } from "./clock";
import {
  commandsFrom,
  nextStatus,
  PETITION_COMMANDS,
  PETITION_STATUSES,
  TRANSITIONS,
  type CommandInput,
  type PetitionCommand,
  type PetitionStatus,
} from "./machine";
import {
  addPetitionNote,
  addPetitionPhoto,
  adminPetition,
  changePetition,
  createRitualKind,
  filePetition,
  ownPetitions,
  petitionForViewer,
  petitionQueue,
  seedRitualKinds,
  updateRitualKind,
} from "./petitions.server";
import { PETITION_PHOTOS_MAX, PETITIONS_PER_DAY } from "./policy";
import { petitionHistory, petitions, ritualKinds } from "./schema";
import { SEED_RITUAL_KINDS } from "./seed";

// Ritual requests (decision 057): the state machine, its rules in the database, the limits, who
// sees what, and the notices and e-mails every move sends.
let cleanup: () => Promise<void>;
let admin: Awaited<ReturnType<typeof signedInRequest>>;
let kinds: string[] = [];
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  admin = await signedInRequest({ role: "admin", name: "Keeper Of Rites" });
  await seedRitualKinds(SEED_RITUAL_KINDS);
  await seedRitualKinds(SEED_RITUAL_KINDS); // a second start adds nothing
  const rows = await db().select({ id: ritualKinds.id }).from(ritualKinds);
  kinds = rows.map((row) => row.id);
});
afterEach(() => setClock(null));
afterAll(() => cleanup());

const filing = (kindId: string, intention = "Protection for my home") => ({
  kindId,
  intention,
  details: "A small flat, third floor.",
  names: "Ana",
  preferredDate: "2099-12-21",
  consent: "on" as const,
});

/** A member and a filed request of the first kind. */
async function filed(kindIndex = 0) {
  const member = await signedInRequest({ name: "Petitioner" });
  const result = await filePetition(member.userId, filing(kinds[kindIndex]!));
  if (!result.ok) throw new Error(result.error);
  return { member, id: result.id };
}

const INPUT: Record<PetitionCommand, CommandInput> = {
  accept: { command: "accept" },
  decline: { command: "decline", reason: "We cannot do this one." },
  schedule: { command: "schedule", date: "2027-01-06" },
  perform: { command: "perform", report: "Done at dawn; the candle burned clean." },
  close: { command: "close" },
};

/** Moves a fresh request along the happy path up to `status`. */
async function requestAt(status: PetitionStatus) {
  const { member, id } = await filed();
  const path: PetitionCommand[] = [];
  if (status === "declined") path.push("decline");
  else {
    const order: PetitionStatus[] = ["submitted", "accepted", "scheduled", "performed", "closed"];
    const steps: PetitionCommand[] = ["accept", "schedule", "perform", "close"];
    path.push(...steps.slice(0, order.indexOf(status)));
  }
  let current: PetitionStatus = "submitted";
  for (const command of path) {
    const result = await changePetition(admin.userId, id, current, INPUT[command]);
    if (!result.ok) throw new Error(`${command}: ${result.error}`);
    current = result.to;
  }
  return { member, id };
}

describe("the state machine (pure)", () => {
  it("allows exactly the table's moves and names what each needs", () => {
    for (const status of PETITION_STATUSES) {
      for (const command of PETITION_COMMANDS) {
        const answer = nextStatus(status, INPUT[command]);
        const allowed = TRANSITIONS[command].from.includes(status);
        expect(answer.ok, `${status} --${command}`).toBe(allowed);
      }
    }
    expect(commandsFrom("submitted")).toEqual(["accept", "decline"]);
    expect(commandsFrom("accepted")).toEqual(["decline", "schedule"]);
    expect(commandsFrom("scheduled")).toEqual(["decline", "schedule", "perform"]);
    expect(commandsFrom("performed")).toEqual(["close"]);
    expect(commandsFrom("declined")).toEqual([]);
    expect(commandsFrom("closed")).toEqual([]);
    expect(nextStatus("submitted", { command: "decline", reason: "  " })).toEqual({
      ok: false,
      error: "petitions.errors.reasonRequired",
    });
    expect(nextStatus("accepted", { command: "schedule" })).toEqual({
      ok: false,
      error: "petitions.errors.dateRequired",
    });
    expect(nextStatus("scheduled", { command: "perform", report: "" })).toEqual({
      ok: false,
      error: "petitions.errors.reportRequired",
    });
  });
});

describe("moves in the database", () => {
  it("every allowed move applies, is in the history and the audit log", async () => {
    const allowed: Array<[PetitionStatus, PetitionCommand]> = [];
    for (const command of PETITION_COMMANDS)
      for (const from of TRANSITIONS[command].from) allowed.push([from, command]);
    for (const [from, command] of allowed) {
      const { id } = await requestAt(from);
      const result = await changePetition(admin.userId, id, from, INPUT[command]);
      expect(result, `${from} --${command}`).toEqual({ ok: true, to: TRANSITIONS[command].to });
      const [row] = await db().select().from(petitions).where(eq(petitions.id, id));
      expect(row!.status).toBe(TRANSITIONS[command].to);
      if (command === "decline") expect(row!.declineReason).toBe("We cannot do this one.");
      if (command === "schedule") expect(row!.scheduledFor).toBe("2027-01-06");
      if (command === "perform") expect(row!.report).toContain("candle");
      const history = await db()
        .select()
        .from(petitionHistory)
        .where(eq(petitionHistory.petitionId, id));
      expect(history.at(-1)).toMatchObject({
        fromStatus: from,
        toStatus: TRANSITIONS[command].to,
        actorId: admin.userId,
      });
      const audit = await db()
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.targetId, id), eq(auditLog.action, `petition.${command}`)));
      expect(audit.length).toBeGreaterThan(0);
    }
  });

  it("every refused move is refused and changes nothing", async () => {
    for (const status of PETITION_STATUSES) {
      const { id } = await requestAt(status);
      for (const command of PETITION_COMMANDS) {
        if (TRANSITIONS[command].from.includes(status)) continue;
        const result = await changePetition(admin.userId, id, status, INPUT[command]);
        expect(result, `${status} --${command}`).toEqual({
          ok: false,
          error: "petitions.errors.notAllowed",
        });
      }
      const [row] = await db().select().from(petitions).where(eq(petitions.id, id));
      expect(row!.status).toBe(status);
    }
  });

  it("a move without its reason, date or report is refused", async () => {
    const { id } = await filed();
    expect(await changePetition(admin.userId, id, "submitted", { command: "decline" })).toEqual({
      ok: false,
      error: "petitions.errors.reasonRequired",
    });
    await changePetition(admin.userId, id, "submitted", INPUT.accept);
    expect(
      await changePetition(admin.userId, id, "accepted", { command: "schedule", date: null }),
    ).toEqual({ ok: false, error: "petitions.errors.dateRequired" });
    await changePetition(admin.userId, id, "accepted", INPUT.schedule);
    expect(
      await changePetition(admin.userId, id, "scheduled", { command: "perform", report: " " }),
    ).toEqual({ ok: false, error: "petitions.errors.reportRequired" });
  });

  it("a stale screen (the status it showed is no longer the request's) is refused", async () => {
    const { id } = await filed();
    expect((await changePetition(admin.userId, id, "submitted", INPUT.accept)).ok).toBe(true);
    // A second admin's tab still showed "submitted": declining it now must not apply.
    expect(await changePetition(admin.userId, id, "submitted", INPUT.decline)).toEqual({
      ok: false,
      error: "stale",
    });
    // Two moves at once from the same status: one applies.
    const both = await Promise.all([
      changePetition(admin.userId, id, "accepted", INPUT.schedule),
      changePetition(admin.userId, id, "accepted", INPUT.decline),
    ]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    const history = await db()
      .select()
      .from(petitionHistory)
      .where(eq(petitionHistory.petitionId, id));
    expect(history).toHaveLength(3);
    expect(
      await changePetition(admin.userId, "00000000-0000-4000-8000-000000000000", "submitted", {
        command: "accept",
      }),
    ).toEqual({ ok: false, error: "notFound" });
  });
});

describe("filing", () => {
  it("one open request per kind; another kind, or the same after it ends, is fine", async () => {
    const member = await signedInRequest();
    const first = await filePetition(member.userId, filing(kinds[0]!));
    expect(first.ok).toBe(true);
    expect(await filePetition(member.userId, filing(kinds[0]!))).toEqual({
      ok: false,
      error: "open",
    });
    expect((await filePetition(member.userId, filing(kinds[1]!))).ok).toBe(true);
    if (!first.ok) throw new Error();
    await changePetition(admin.userId, first.id, "submitted", INPUT.decline);
    expect((await filePetition(member.userId, filing(kinds[0]!))).ok).toBe(true);
  });

  it("two requests of one kind at once store one", async () => {
    const member = await signedInRequest();
    const results = await Promise.all([
      filePetition(member.userId, filing(kinds[2]!)),
      filePetition(member.userId, filing(kinds[2]!)),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await ownPetitions(member.userId)).toHaveLength(1);
  });

  it(`allows ${PETITIONS_PER_DAY} new requests per rolling day, then refuses until the day has passed`, async () => {
    const member = await signedInRequest();
    let clock = new Date("2027-03-01T10:00:00Z");
    setClock(() => clock);
    for (let i = 0; i < PETITIONS_PER_DAY; i++) {
      const result = await filePetition(member.userId, filing(kinds[i]!));
      expect(result.ok).toBe(true);
      // Declined at once: not open, and still counted.
      if (result.ok) await changePetition(admin.userId, result.id, "submitted", INPUT.decline);
    }
    expect(await filePetition(member.userId, filing(kinds[3]!))).toEqual({
      ok: false,
      error: "rateLimited",
    });
    clock = new Date("2027-03-02T09:59:00Z");
    expect((await filePetition(member.userId, filing(kinds[3]!))).ok).toBe(false);
    clock = new Date("2027-03-02T10:00:01Z");
    expect((await filePetition(member.userId, filing(kinds[3]!))).ok).toBe(true);
  });

  it("an inactive or unknown kind is refused", async () => {
    const member = await signedInRequest();
    expect(
      await createRitualKind(admin.userId, {
        name: "Retired rite",
        description: "",
        position: 1,
        active: false,
      }),
    ).toBe(true);
    const [retired] = await db()
      .select({ id: ritualKinds.id })
      .from(ritualKinds)
      .where(eq(ritualKinds.name, "Retired rite"));
    expect(await filePetition(member.userId, filing(retired!.id))).toEqual({
      ok: false,
      error: "unknownKind",
    });
    expect(
      await filePetition(member.userId, filing("00000000-0000-4000-8000-000000000000")),
    ).toEqual({ ok: false, error: "unknownKind" });
  });
});

describe("who sees what", () => {
  it("only the owner and admins read a request; notes never reach the member's view", async () => {
    const { member, id } = await filed();
    expect(await addPetitionNote(admin.userId, id, "SECRET-NOTE: check the moon phase")).toBe(true);
    const own = await petitionForViewer({ userId: member.userId, isAdmin: false }, id);
    expect(own?.petition.id).toBe(id);
    expect(JSON.stringify(own)).not.toContain("SECRET-NOTE");
    const other = await signedInRequest();
    expect(await petitionForViewer({ userId: other.userId, isAdmin: false }, id)).toBeNull();
    expect(await petitionForViewer({ userId: admin.userId, isAdmin: true }, id)).not.toBeNull();
    const full = await adminPetition(id);
    expect(full?.notes.map((n) => n.body)).toEqual(["SECRET-NOTE: check the moon phase"]);
    expect(full?.notes[0]?.authorName).toBe("Keeper Of Rites");
  });
});

describe("the queue and the kinds", () => {
  it("filters by status and age, sorts, and counts per status", async () => {
    setClock(() => new Date("2027-05-01T12:00:00Z"));
    const old = await filed(4);
    setClock(() => new Date("2027-05-10T12:00:00Z"));
    const fresh = await filed(4);
    const older = await petitionQueue({ age: "7", sort: "newest", page: 1 });
    const ids = older.rows.map((r) => r.id);
    expect(ids).toContain(old.id);
    expect(ids).not.toContain(fresh.id);
    const submitted = await petitionQueue({ status: "submitted", sort: "oldest", page: 1 });
    expect(submitted.rows.every((r) => r.status === "submitted")).toBe(true);
    const stamps = submitted.rows.map((r) => r.createdAt.getTime());
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
    const all = await petitionQueue({ sort: "newest", page: 1 });
    expect(all.perStatus.submitted).toBeGreaterThanOrEqual(2);
    expect(Object.values(all.perStatus).reduce((a, b) => a + b, 0)).toBe(all.total);
  });

  it("admins add and edit kinds (audited); a taken name is refused", async () => {
    expect(
      await createRitualKind(admin.userId, {
        name: "Moon water",
        description: "Charged under the full moon",
        position: 5,
        active: true,
      }),
    ).toBe(true);
    expect(
      await createRitualKind(admin.userId, {
        name: "Moon water",
        description: "",
        position: 5,
        active: true,
      }),
    ).toBe(false);
    const [row] = await db()
      .select({ id: ritualKinds.id })
      .from(ritualKinds)
      .where(eq(ritualKinds.name, "Moon water"));
    expect(
      await updateRitualKind(admin.userId, row!.id, {
        name: "Candle blessing",
        description: "",
        position: 5,
        active: true,
      }),
    ).toBe("taken");
    expect(
      await updateRitualKind(admin.userId, row!.id, {
        name: "Moon water rite",
        description: "",
        position: 6,
        active: false,
      }),
    ).toBe("updated");
    const audit = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, row!.id));
    expect(audit.map((a) => a.action).sort()).toEqual(["ritualKind.create", "ritualKind.update"]);
  });
});

describe("notices and e-mails", () => {
  it("admins hear of a new request; the member gets a notice and an e-mail for every move", async () => {
    const member = await signedInRequest({ name: "Notice Reader" });
    await drainJobs();
    const result = await filePetition(member.userId, filing(kinds[1]!, "Healing for my aunt"));
    if (!result.ok) throw new Error(result.error);
    await drainJobs();
    const adminNotices = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.userId), eq(notifications.type, "ritual_request")));
    expect(adminNotices.some((n) => n.actionUrl === `/admin/rituals/${result.id}`)).toBe(true);
    expect(adminNotices.find((n) => n.actionUrl === `/admin/rituals/${result.id}`)).toMatchObject({
      audience: "admin",
      params: { kind: "newPetition", name: "Notice Reader" },
    });

    let status: PetitionStatus = "submitted";
    for (const command of ["accept", "schedule", "perform", "close"] as const) {
      const moved = await changePetition(admin.userId, result.id, status, INPUT[command]);
      if (!moved.ok) throw new Error(command);
      status = moved.to;
    }
    await drainJobs();
    const notices = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, member.userId));
    expect(notices.map((n) => (n.params as { status: string }).status)).toEqual(
      expect.arrayContaining(["accepted", "scheduled", "performed", "closed"]),
    );
    expect(notices).toHaveLength(4);
    expect(notices.every((n) => n.actionUrl === `/request-ritual/${result.id}`)).toBe(true);
    const mails = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, member.email));
    expect(mails).toHaveLength(4);
    const scheduled = mails.find((m) => m.textBody.includes("scheduled for"));
    expect(scheduled?.textBody).toContain("January 6, 2027");
    expect(scheduled?.textBody).toContain(`/request-ritual/${result.id}`);
    expect(mails.some((m) => m.subject.includes("Closed"))).toBe(true);
  });
});

describe("photos of a performed ritual", () => {
  /** A finished upload of `ownerId`, as the media engine leaves it. */
  async function upload(ownerId: string, purpose = "petition-photo") {
    const id = crypto.randomUUID();
    const [file] = await db()
      .insert(mediaFiles)
      .values({
        id,
        ownerId,
        purpose,
        storageKey: `${purpose}/${id}`,
        contentType: "image/png",
        size: 1234,
        originalName: "altar.png",
        status: "ready",
      })
      .returning();
    return file!;
  }
  const viewer = (userId: string, isAdmin = false) =>
    ({ user: { id: userId }, isAdmin }) as unknown as Viewer;

  it("are added once performed, reach only the owner and admins, and are audited", async () => {
    const { member, id } = await requestAt("scheduled");
    const early = await upload(admin.userId);
    expect(await addPetitionPhoto(admin.userId, id, early.id)).toEqual({
      ok: false,
      error: "notPerformed",
    });
    await changePetition(admin.userId, id, "scheduled", INPUT.perform);
    expect(await addPetitionPhoto(admin.userId, id, early.id)).toEqual({ ok: true });
    // Not the admin's own upload, or another purpose, or adopted already: refused by the engine.
    const foreign = await upload(member.userId);
    expect(await addPetitionPhoto(admin.userId, id, foreign.id)).toMatchObject({
      ok: false,
      error: "media",
    });
    const poster = await upload(admin.userId, "video-poster");
    expect(await addPetitionPhoto(admin.userId, id, poster.id)).toMatchObject({ error: "media" });
    expect(await addPetitionPhoto(admin.userId, id, early.id)).toMatchObject({ error: "media" });

    const seen = await petitionForViewer({ userId: member.userId, isAdmin: false }, id);
    expect(seen?.photos.map((p) => p.url)).toEqual([`/media/files/${early.id}`]);
    const [file] = await db().select().from(mediaFiles).where(eq(mediaFiles.id, early.id));
    const stranger = await signedInRequest();
    expect(await mayReceiveMedia(viewer(member.userId), file!)).toBe(true);
    expect(await mayReceiveMedia(viewer(stranger.userId), file!)).toBe(false);
    expect(await mayReceiveMedia(null, file!)).toBe(false);
    expect(await mayReceiveMedia(viewer(stranger.userId, true), file!)).toBe(true);
    const audit = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, "petition.photo")));
    expect(audit).toHaveLength(1);

    for (let i = 1; i < PETITION_PHOTOS_MAX; i++) {
      expect((await addPetitionPhoto(admin.userId, id, (await upload(admin.userId)).id)).ok).toBe(
        true,
      );
    }
    expect(await addPetitionPhoto(admin.userId, id, (await upload(admin.userId)).id)).toEqual({
      ok: false,
      error: "full",
    });
  });
});
