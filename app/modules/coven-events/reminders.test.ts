import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db, type Database, type Db } from "#app/db/client.server";
import { createCoven, joinCoven, leaveCoven } from "#app/modules/covens/index.server";
import { emailOutbox } from "#app/modules/email/schema";
import { drainJobs, startJobs, stopJobs } from "#app/modules/events/index.server";
import { notifications } from "#app/modules/notifications/schema";
import { eventInput, person } from "../../../tests/helpers/event-fixtures";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { setClock } from "./clock";
import {
  cancelEvent,
  cancelOccurrence,
  createEvent,
  moveOccurrence,
  rsvp,
  updateEvent,
} from "./events.server";
import { REMINDER_QUEUE, runReminder, type ReminderJob } from "./reminder-task.server";
import { queuedReminders } from "./reminders.server";
import { memberEventSettings } from "./schema";

// Reminders are pg-boss jobs with a start time. The module's clock is set by the tests, and the
// jobs the set clock has reached are released to pg-boss (`releaseDue`), so nothing sleeps.
let database: Database;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  delete process.env.SMTP_URL;
  process.env.PUBLIC_URL = "https://sanctuary.example";
  ({ database, cleanup } = await setupTestDatabase());
});
afterEach(() => setClock(null));
afterAll(() => cleanup());

const HOUR = 3_600_000;
/**
 * The clock the tests set starts on Monday 2030-01-07, 10:00 in Berlin: in the future, so pg-boss
 * (which reads the database's clock) holds every reminder until releaseDue lets it go.
 */
const T0 = new Date("2030-01-07T09:00:00Z");
const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);
function clockAt(instant: Date) {
  setClock(() => instant);
}

/** Makes the reminder jobs due by the test's clock fetchable now (pg-boss reads the database's clock). */
async function releaseDue(instant: Date) {
  await db().execute(
    sql`update pgboss.job set start_after = now() where name = ${REMINDER_QUEUE} and state = 'created' and start_after <= ${instant.toISOString()}::timestamptz`,
  );
}

const queued = (eventId: string) =>
  db().transaction((tx) => queuedReminders(tx as unknown as Db, eventId));

const remindersOf = (userId: string) =>
  db()
    .select({ params: notifications.params })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, "new_event")));

const mailsTo = (email: string) =>
  db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));

describe("reminders", () => {
  it("are scheduled a day and an hour before, survive a restart, and are sent once, in the member's language", async () => {
    clockAt(T0);
    const admin = await person("admin");
    const member = await person("premium", "de");
    const input = eventInput({ start: at(30), end: at(32) });
    const { id } = await createEvent(admin, null, input);
    await rsvp(member, id, input.start, "going");
    const jobs = await queued(id);
    expect(jobs.map((j) => [j.data.offsetMinutes, j.startAfter.toISOString()]).sort()).toEqual(
      [
        [1440, at(6).toISOString()],
        [60, at(29).toISOString()],
      ].sort(),
    );

    // Nothing is due yet.
    await drainJobs();
    expect(await remindersOf(member.id)).toEqual([]);

    // A restart of the job queue: the jobs are rows in the database.
    await stopJobs();
    await startJobs(database, { work: false, retryDelaySeconds: 0 });
    expect(await queued(id)).toHaveLength(2);

    clockAt(at(6));
    await releaseDue(at(6));
    await drainJobs();
    expect(await remindersOf(member.id)).toEqual([
      { params: { kind: "eventReminder", event: "Full moon circle", soon: "day" } },
    ]);
    const [mail] = await mailsTo(member.email);
    expect(mail?.subject).toBe("In 24 Stunden: Full moon circle");
    expect(mail?.textBody).toContain("https://sanctuary.example/covens/events/");
    expect(mail?.textBody).toContain("(Europe/Berlin)");

    // Delivered again (a lost completion): still one reminder.
    const again: ReminderJob = {
      eventId: id,
      occurrenceStart: input.start.toISOString(),
      userId: member.id,
      offsetMinutes: 1440,
    };
    await runReminder(again);
    expect(await remindersOf(member.id)).toHaveLength(1);
    expect(await mailsTo(member.email)).toHaveLength(1);

    clockAt(at(29));
    await releaseDue(at(29));
    await drainJobs();
    expect((await remindersOf(member.id)).map((n) => n.params)).toContainEqual({
      kind: "eventReminder",
      event: "Full moon circle",
      soon: "hour",
    });
    expect(await queued(id)).toEqual([]);
  });

  it("move with the event and its occurrences", async () => {
    clockAt(T0);
    const admin = await person("admin");
    const member = await person();
    // Weekly on Wednesdays at 12:00 in Berlin, from 2030-01-09.
    const input = eventInput({
      start: at(50),
      end: at(51),
      recurrence: { frequency: "weekly", interval: 1, weekdays: ["WE"], until: null },
    });
    const { id } = await createEvent(admin, null, input);
    const second = at(50 + 7 * 24);
    await rsvp(member, id, input.start, "going");
    await rsvp(member, id, second, "going");
    expect(await queued(id)).toHaveLength(4);

    // One occurrence moved by two hours: its reminders follow; the other's stay.
    await moveOccurrence(admin, id, second, at(52 + 7 * 24), at(53 + 7 * 24));
    const startsOf = async (occurrence: Date) =>
      (await queued(id))
        .filter((j) => j.data.occurrenceStart === occurrence.toISOString())
        .map((j) => j.startAfter.toISOString())
        .sort();
    expect(await startsOf(second)).toEqual(
      [at(28 + 7 * 24), at(51 + 7 * 24)].map((d) => d.toISOString()).sort(),
    );
    expect(await startsOf(input.start)).toEqual(
      [at(26), at(49)].map((d) => d.toISOString()).sort(),
    );

    // The whole series moved to Thursdays at 14:00: answers and reminders follow each meeting.
    await updateEvent(admin, id, {
      ...input,
      start: at(50 + 24 + 2),
      end: at(51 + 24 + 2),
      recurrence: { frequency: "weekly", interval: 1, weekdays: ["TH"], until: null },
    });
    expect(await startsOf(at(76))).toEqual([at(52), at(75)].map((d) => d.toISOString()).sort());
    // The second meeting keeps its own move (to Wednesday 14:00).
    expect(await startsOf(at(76 + 7 * 24))).toEqual(
      [at(28 + 7 * 24), at(51 + 7 * 24)].map((d) => d.toISOString()).sort(),
    );
    expect(await queued(id)).toHaveLength(4);
  });

  it("follow a single event moved, and are dropped on cancel or when the member stops going", async () => {
    clockAt(T0);
    const admin = await person("admin");
    const [stays, leaves, quiet] = [await person(), await person(), await person()];
    const input = eventInput({ start: at(40), end: at(42) });
    const { id } = await createEvent(admin, null, input);
    for (const p of [stays, leaves, quiet]) await rsvp(p, id, input.start, "going");
    await db()
      .insert(memberEventSettings)
      .values({ userId: quiet.id, feedToken: `t-${quiet.id}`, reminders: false });
    await rsvp(leaves, id, input.start, "not_going");
    expect((await queued(id)).map((j) => j.data.userId).sort()).toEqual(
      [stays.id, stays.id, quiet.id, quiet.id].sort(),
    );

    await updateEvent(admin, id, { ...input, start: at(60), end: at(62) });
    const jobs = await queued(id);
    expect(jobs.map((j) => j.startAfter.toISOString()).sort()).toEqual(
      [at(36), at(36), at(59), at(59)].map((d) => d.toISOString()).sort(),
    );
    expect(new Set(jobs.map((j) => j.data.occurrenceStart))).toEqual(
      new Set([at(60).toISOString()]),
    );

    // Due: the member who turned reminders off gets none.
    clockAt(at(36));
    await releaseDue(at(36));
    await drainJobs();
    expect(await remindersOf(stays.id)).toHaveLength(1);
    expect(await remindersOf(quiet.id)).toEqual([]);
    expect(await remindersOf(leaves.id)).toEqual([]);

    await cancelEvent(admin, id);
    expect(await queued(id)).toEqual([]);
    // A job already fetched before the cancel does nothing when it runs.
    await runReminder({
      eventId: id,
      occurrenceStart: at(60).toISOString(),
      userId: stays.id,
      offsetMinutes: 60,
    });
    clockAt(at(59));
    await runReminder({
      eventId: id,
      occurrenceStart: at(60).toISOString(),
      userId: stays.id,
      offsetMinutes: 60,
    });
    expect(await remindersOf(stays.id)).toHaveLength(1);
    await drainJobs();
    expect((await remindersOf(stays.id)).map((n) => n.params)).toContainEqual({
      kind: "eventCancelled",
      event: "Full moon circle",
    });
  });

  it("of a cancelled occurrence are dropped, the others kept", async () => {
    clockAt(T0);
    const admin = await person("admin");
    const member = await person();
    // Thursdays at 18:00 in Berlin, from 2030-01-10.
    const start = at(80);
    const input = eventInput({
      start,
      end: at(81),
      recurrence: { frequency: "weekly", interval: 1, weekdays: ["TH"], until: null },
    });
    const { id } = await createEvent(admin, null, input);
    const second = new Date(start.getTime() + 7 * 24 * HOUR);
    await rsvp(member, id, start, "going");
    await rsvp(member, id, second, "going");
    await cancelOccurrence(admin, id, start);
    expect((await queued(id)).map((j) => j.data.occurrenceStart)).toEqual([
      second.toISOString(),
      second.toISOString(),
    ]);
  });

  it("are not sent to a member who left the coven of a coven-only event", async () => {
    clockAt(T0);
    const owner = await person();
    const coven = await createCoven(owner, {
      name: "Reminder circle",
      description: "",
      tags: [],
      language: "en",
      visibility: "open",
      memberLimit: 50,
    });
    const member = await person();
    await joinCoven(member, coven.slug);
    const input = eventInput({ start: at(30), end: at(31), visibility: "coven" });
    const { id } = await createEvent(owner, coven.id, input);
    await rsvp(member, id, input.start, "going");
    await leaveCoven(member, coven.slug);
    clockAt(at(6));
    await releaseDue(at(6));
    await drainJobs();
    expect((await remindersOf(member.id)).map((n) => n.params)).not.toContainEqual(
      expect.objectContaining({ kind: "eventReminder" }),
    );
  });
});
