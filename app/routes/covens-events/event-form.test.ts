import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/client.server";
import en from "#app/i18n/locales/en.json";
import { occurrencesBetween } from "#app/modules/calendar";
import { setClock } from "#app/modules/coven-events";
import {
  createEvent,
  eventsBetween,
  rsvp,
  runMessageEmails,
} from "#app/modules/coven-events/index.server";
import {
  covenEventChanges,
  covenEventMessages,
  covenEvents,
} from "#app/modules/coven-events/schema";
import { createCoven, joinCoven } from "#app/modules/covens/index.server";
import { emailOutbox } from "#app/modules/email/schema";
import { drainJobs } from "#app/modules/events/index.server";
import { notifications } from "#app/modules/notifications/schema";
import { eventInput } from "../../../tests/helpers/event-fixtures";
import { member } from "../../../tests/helpers/community";
import { routeArgs } from "../../../tests/helpers/route-args";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import * as newRoute from "./new";
import * as editRoute from "./edit";
import * as eventRoute from "./event";
import * as listRoute from "./list";

/*
 * The event form and the hosts' tools as the framework calls them: who may create and edit
 * (policy.ts), what bad input of every shape answers (a 4xx with a translated message, the input
 * kept), the pattern stored as an RRULE and expanded, one date of a series moved or cancelled
 * without the others, and "message attendees" reaching the members going, once, within its limit.
 */

let cleanup: () => Promise<void>;
type Account = Awaited<ReturnType<typeof member>>;
let leader: Account;
let insider: Account;
let outsider: Account;
let free: Account;
let admin: Account;
let coven: { id: string; slug: string };

beforeAll(async () => {
  delete process.env.SMTP_URL;
  process.env.PUBLIC_URL = "https://sanctuary.example";
  ({ cleanup } = await setupTestDatabase());
  leader = await member({ name: "Form Leader", tier: "full" });
  insider = await member({ name: "Form Insider", tier: "full" });
  outsider = await member({ name: "Form Outsider", tier: "full" });
  free = await member({ name: "Form Free" });
  admin = await member({ name: "Form Admin", role: "admin" });
  coven = await createCoven(leader.rules, {
    name: "Silver Branch",
    description: "",
    tags: [],
    language: "en",
    visibility: "open",
    memberLimit: 50,
  });
  await joinCoven(insider.rules, coven.slug);
});
afterEach(() => setClock(null));
afterAll(() => cleanup());

interface Answer {
  status: number;
  body?: unknown;
  location?: string | null;
}

async function call(
  run: (args: never) => unknown,
  path: string,
  who: Account | null,
  params: Record<string, string>,
  fields?: Record<string, string> | FormData,
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (who) headers.cookie = who.cookie;
  if (fields && !(fields instanceof FormData))
    headers["content-type"] = "application/x-www-form-urlencoded";
  const request = new Request(`http://localhost:3000${path}`, {
    method: fields ? "POST" : "GET",
    headers,
    body: fields instanceof FormData ? fields : fields ? new URLSearchParams(fields) : undefined,
  });
  try {
    const result = (await run(routeArgs(request, params))) as unknown;
    if (result instanceof Response) return { status: result.status };
    if (result && typeof result === "object" && "init" in result && "data" in result) {
      const init = (result as { init?: { status?: number } }).init;
      return { status: init?.status ?? 200, body: (result as { data: unknown }).data };
    }
    return { status: 200, body: result };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get("location") };
    const init = (thrown as { init?: { status?: number } }).init;
    return { status: init?.status ?? 500 };
  }
}

/** A text key of the English messages ("events.form.errors.title"), or undefined. */
function message(key: string): string | undefined {
  let node: unknown = en;
  for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === "string" ? node : undefined;
}

/** A weekly circle every second Thursday at 19:30 in Berlin, from 2031-01-02, for 10 weeks. */
const FORM = {
  title: "Circle of the Silver Branch",
  description: "Bring **sage**.",
  timeZone: "Europe/Berlin",
  startDate: "2031-01-02",
  startTime: "19:30",
  endDate: "2031-01-02",
  endTime: "21:00",
  onlineUrl: "https://meet.example/silver",
  place: "",
  capacity: "",
  visibility: "coven",
  repeat: "weekly",
  interval: "2",
  "day-TH": "on",
  until: "2031-03-13",
};

const create = (who: Account | null, fields: Record<string, string>) =>
  call(newRoute.action as never, "/covens/events/new", who, {}, fields);

async function storedEvent(id: string) {
  const [row] = await db().select().from(covenEvents).where(eq(covenEvents.id, id));
  if (!row) throw new Error("no event");
  return row;
}

function createdId(answer: Answer): string {
  expect(answer.status).toBe(302);
  const id = /^\/covens\/events\/([0-9a-f-]{36})$/.exec(answer.location ?? "")?.[1];
  if (!id) throw new Error(`not redirected to an event: ${answer.location}`);
  return id;
}

describe("/covens/events/new", () => {
  it("is for those who may host: a coven's leaders, the admins", async () => {
    const load = (who: Account | null, query = "") =>
      call(newRoute.loader as never, `/covens/events/new${query}`, who, {});
    const guest = await load(null);
    expect(guest.status).toBe(302);
    expect(guest.location).toContain("/auth");
    expect((await load(free)).status).toBe(403);
    expect((await load(insider)).status).toBe(403);
    const led = (await load(leader, `?coven=${coven.slug}`)).body as {
      hosts: { siteWide: boolean; covens: Array<{ id: string }> };
      values: Record<string, string>;
      moons: Array<{ kind: string; at: string }>;
    };
    expect(led.hosts).toEqual({
      siteWide: false,
      covens: [{ id: coven.id, name: "Silver Branch" }],
    });
    expect(led.values.host).toBe(coven.id);
    expect(led.moons.map((moon) => moon.kind)).toContain("full");
    // An admin hosts site-wide, and for any coven named in the address.
    const byAdmin = (await load(admin, `?coven=${coven.slug}`)).body as typeof led;
    expect(byAdmin.hosts.siteWide).toBe(true);
    expect(byAdmin.values.host).toBe(coven.id);
    expect((await load(admin)).body).toMatchObject({ values: { host: "site" } });
  });

  it("creates a series stored as an RRULE and expanded by the calendar", async () => {
    const id = createdId(await create(leader, { ...FORM, host: coven.id }));
    const row = await storedEvent(id);
    expect(row.rrule).toBe("FREQ=WEEKLY;INTERVAL=2;BYDAY=TH;UNTIL=20310313T225900Z");
    expect(row.startAt.toISOString()).toBe("2031-01-02T18:30:00.000Z");
    expect(row.covenId).toBe(coven.id);
    const starts = occurrencesBetween(
      { start: row.startAt, end: row.endAt, timeZone: row.timeZone, rrule: row.rrule, changes: [] },
      new Date("2031-01-01T00:00:00Z"),
      new Date("2031-12-31T00:00:00Z"),
    ).map((occurrence) => occurrence.start.toISOString().slice(0, 10));
    expect(starts).toEqual([
      "2031-01-02",
      "2031-01-16",
      "2031-01-30",
      "2031-02-13",
      "2031-02-27",
      "2031-03-13",
    ]);
    // The coven's members see it in their list of that window; an outsider does not.
    const seen = await eventsBetween(
      insider.rules,
      new Date("2031-01-01T00:00:00Z"),
      new Date("2031-02-01T00:00:00Z"),
    );
    expect(seen.filter((item) => item.id === id)).toHaveLength(3);
    const hidden = await eventsBetween(
      outsider.rules,
      new Date("2031-01-01T00:00:00Z"),
      new Date("2031-02-01T00:00:00Z"),
    );
    expect(hidden.some((item) => item.id === id)).toBe(false);
  });

  it("monthly on a weekday: the start's place in its month, or the last one", async () => {
    const monthly = { ...FORM, repeat: "monthly", until: "", "day-TH": "" };
    // 2031-01-16 is the third Thursday.
    const third = createdId(
      await create(leader, {
        ...monthly,
        host: coven.id,
        startDate: "2031-01-16",
        endDate: "2031-01-16",
      }),
    );
    expect((await storedEvent(third)).rrule).toBe("FREQ=MONTHLY;BYDAY=3TH");
    // 2031-01-30 is the fifth and last Thursday.
    const last = createdId(
      await create(leader, {
        ...monthly,
        host: coven.id,
        startDate: "2031-01-30",
        endDate: "2031-01-30",
      }),
    );
    expect((await storedEvent(last)).rrule).toBe("FREQ=MONTHLY;BYDAY=-1TH");
  });

  it("refuses hosts the policy does not allow", async () => {
    // A plain member of the coven, a leader for a site-wide event, a free member.
    expect((await create(insider, { ...FORM, host: coven.id })).status).toBe(403);
    const siteWide = await create(leader, { ...FORM, host: "site", visibility: "public" });
    expect(siteWide.status).toBe(403);
    expect(siteWide.body).toMatchObject({ ok: false, formError: "events.refusals.notAllowed" });
    expect((await create(free, { ...FORM, host: coven.id })).status).toBe(403);
    // A coven that does not exist.
    expect(
      (await create(admin, { ...FORM, host: "00000000-0000-4000-8000-000000000000" })).status,
    ).toBe(404);
    // The admins host site-wide.
    createdId(await create(admin, { ...FORM, host: "site", visibility: "premium" }));
  });

  it("answers malformed and huge input with a 400, a translated message beside the field and the input kept", async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ title: "" }, "title"],
      [{ title: "x".repeat(201) }, "title"],
      [{ description: "y".repeat(20_001) }, "description"],
      [{ timeZone: "Mars/Olympus" }, "timeZone"],
      [{ timeZone: "x".repeat(5000) }, "timeZone"],
      [{ startDate: "2031-02-31", endDate: "2031-02-31" }, "startDate"],
      [{ startDate: "yesterday" }, "startDate"],
      [{ startTime: "25:99" }, "startTime"],
      [{ endTime: "18:00" }, "endTime"],
      [{ endDate: "2031-01-20" }, "endTime"],
      [{ capacity: "0" }, "capacity"],
      [{ capacity: "many" }, "capacity"],
      [{ capacity: "99999999" }, "capacity"],
      [{ capacity: "2.5" }, "capacity"],
      [{ onlineUrl: "javascript:alert(1)" }, "onlineUrl"],
      [{ onlineUrl: `https://x.example/${"a".repeat(2_000)}` }, "onlineUrl"],
      [{ place: "p".repeat(301) }, "place"],
      [{ visibility: "secret" }, "visibility"],
      [{ host: "site", visibility: "coven" }, "visibility"],
      [{ repeat: "yearly" }, "repeat"],
      [{ interval: "13" }, "interval"],
      [{ interval: "-1" }, "interval"],
      [{ until: "2040-01-01" }, "until"],
      [{ until: "2030-12-01" }, "until"],
      [{ until: "soon" }, "until"],
      [{ host: "not-a-uuid" }, "host"],
    ];
    for (const [change, field] of cases) {
      const fields = { ...FORM, host: coven.id, ...change };
      const answer = await create(admin, fields);
      const body = answer.body as {
        fieldErrors: Record<string, string>;
        values: Record<string, string>;
      };
      expect(answer.status, `${JSON.stringify(change).slice(0, 80)}`).toBe(400);
      const key = body.fieldErrors[field];
      expect(key, `${field} of ${JSON.stringify(change).slice(0, 80)}`).toBeDefined();
      expect(message(key!), key).toBeDefined();
      expect(body.values.title).toBe(fields.title);
    }
    // Nothing at all, and a body that is not a form.
    expect((await create(admin, {})).status).toBe(400);
    const json = new Request("http://localhost:3000/covens/events/new", {
      method: "POST",
      headers: { cookie: admin.cookie, "content-type": "application/json" },
      body: JSON.stringify(FORM),
    });
    let status = 0;
    try {
      await newRoute.action(routeArgs(json) as never);
    } catch (thrown) {
      status = (thrown as { init?: { status?: number } }).init?.status ?? 500;
    }
    expect(status).toBe(400);
  });

  it("stores a cover image resized, refuses a file that is no image", async () => {
    const sharp = (await import("sharp")).default;
    const png = await sharp({
      create: { width: 2400, height: 2400, channels: 3, background: "#442266" },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...FORM, host: coven.id })) form.set(name, value);
    form.set("cover", new File([new Uint8Array(png)], "cover.png", { type: "image/png" }));
    const id = createdId(
      await call(newRoute.action as never, "/covens/events/new", leader, {}, form),
    );
    const row = await storedEvent(id);
    expect(row.coverUrl).toMatch(/^\/uploads\/events\/[\w.-]+$/);

    const bad = new FormData();
    for (const [name, value] of Object.entries({ ...FORM, host: coven.id })) bad.set(name, value);
    bad.set("cover", new File(["not an image"], "cover.png", { type: "image/png" }));
    const refused = await call(newRoute.action as never, "/covens/events/new", leader, {}, bad);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ fieldErrors: { cover: "events.form.errors.cover" } });
  });
});

describe("/covens/events/:id/edit", () => {
  it("is for the event's hosts: 404 to those who may not see it, 403 to other members", async () => {
    const id = createdId(await create(leader, { ...FORM, host: coven.id }));
    const path = `/covens/events/${id}/edit`;
    const load = (who: Account | null) => call(editRoute.loader as never, path, who, { id });
    const filled = (await load(leader)).body as {
      values: Record<string, string>;
      hostName: string;
    };
    expect(filled.hostName).toBe("Silver Branch");
    expect(filled.values).toMatchObject({
      title: FORM.title,
      startDate: "2031-01-02",
      startTime: "19:30",
      timeZone: "Europe/Berlin",
      repeat: "weekly",
      interval: "2",
      "day-TH": "on",
      until: "2031-03-13",
      visibility: "coven",
    });
    expect((await load(insider)).status).toBe(403);
    expect((await load(outsider)).status).toBe(404);
    expect((await load(admin)).status).toBe(200);
    expect(
      (await call(editRoute.loader as never, "/covens/events/x/edit", leader, { id: "x" })).status,
    ).toBe(400);

    const save = (who: Account, fields: Record<string, string>) =>
      call(editRoute.action as never, path, who, { id }, fields);
    expect((await save(insider, { ...FORM, title: "Taken over" })).status).toBe(403);
    const bad = await save(leader, { ...FORM, capacity: "-4" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ fieldErrors: { capacity: "events.form.errors.capacity" } });
    const saved = await save(leader, {
      ...FORM,
      title: "Circle, weekly now",
      interval: "1",
      "day-MO": "on",
      capacity: "12",
    });
    expect(saved).toMatchObject({ status: 302, location: `/covens/events/${id}` });
    const row = await storedEvent(id);
    expect(row).toMatchObject({
      title: "Circle, weekly now",
      rrule: "FREQ=WEEKLY;BYDAY=MO,TH;UNTIL=20310313T225900Z",
      capacity: 12,
      covenId: coven.id,
    });
  });
});

describe("one date of a series", () => {
  it("is moved or cancelled by its hosts; the other dates stay", async () => {
    const id = createdId(await create(leader, { ...FORM, host: coven.id }));
    const path = `/covens/events/${id}`;
    const second = "2031-01-16T18:30:00.000Z";
    const third = "2031-01-30T18:30:00.000Z";
    const post = (who: Account, fields: Record<string, string>) =>
      call(eventRoute.action as never, path, who, { id }, fields);
    const move = {
      intent: "move-occurrence",
      occurrence: second,
      startDate: "2031-01-17",
      startTime: "20:00",
      endDate: "2031-01-17",
      endTime: "22:00",
    };
    expect((await post(insider, move)).status).toBe(403);
    // Nonsense times, an instant that is not one of the series.
    expect((await post(leader, { ...move, endTime: "19:00" })).status).toBe(400);
    expect((await post(leader, { ...move, startDate: "2031-13-01" })).status).toBe(400);
    expect(
      (await post(leader, { ...move, occurrence: "2031-01-17T18:30:00.000Z" })).body,
    ).toMatchObject({
      formError: "events.refusals.occurrence",
    });
    expect((await post(leader, move)).body).toMatchObject({
      ok: true,
      toast: { key: "events.toasts.occurrenceMoved" },
    });
    expect(
      (await post(leader, { intent: "cancel-occurrence", occurrence: third })).body,
    ).toMatchObject({ ok: true });

    const shown = (
      await eventsBetween(
        insider.rules,
        new Date("2031-01-01T00:00:00Z"),
        new Date("2031-02-28T00:00:00Z"),
      )
    )
      .filter((item) => item.id === id)
      .map((item) => [item.occurrenceStart.toISOString(), item.start.toISOString()]);
    expect(shown).toEqual([
      ["2031-01-02T18:30:00.000Z", "2031-01-02T18:30:00.000Z"],
      [second, "2031-01-17T19:00:00.000Z"],
      ["2031-02-13T18:30:00.000Z", "2031-02-13T18:30:00.000Z"],
      ["2031-02-27T18:30:00.000Z", "2031-02-27T18:30:00.000Z"],
    ]);
    const changes = await db()
      .select()
      .from(covenEventChanges)
      .where(eq(covenEventChanges.eventId, id));
    expect(changes).toHaveLength(2);
  });
});

describe("message attendees", () => {
  it("reaches the members going to that date (and the waitlist when asked), once, within the limit", async () => {
    setClock(() => new Date("2030-06-01T10:00:00Z"));
    const going = await member({ name: "Going Member", tier: "full" });
    const waiting = await member({ name: "Waiting Member", tier: "full" });
    const elsewhere = await member({ name: "Other Date Member", tier: "full" });
    const start = new Date("2030-06-10T17:00:00Z");
    const { id } = await createEvent(
      admin.rules,
      null,
      eventInput({
        title: "Solstice vigil",
        visibility: "premium",
        capacity: 2,
        start,
        end: new Date(start.getTime() + 3_600_000),
        recurrence: { frequency: "weekly", interval: 1, weekdays: ["MO"], until: null },
      }),
    );
    const next = new Date(start.getTime() + 7 * 86_400_000);
    await rsvp(going.rules, id, start, "going");
    await rsvp(insider.rules, id, start, "going");
    await rsvp(waiting.rules, id, start, "going");
    await rsvp(elsewhere.rules, id, next, "going");
    await rsvp(outsider.rules, id, start, "maybe");
    const path = `/covens/events/${id}`;
    const send = (who: Account, fields: Record<string, string>) =>
      call(
        eventRoute.action as never,
        path,
        who,
        { id },
        {
          intent: "message",
          occurrence: start.toISOString(),
          ...fields,
        },
      );

    expect((await send(going, { message: "Let me in" })).status).toBe(403);
    const empty = await send(admin, { message: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ fieldErrors: { message: "events.message.errors.empty" } });
    expect((await send(admin, { message: "z".repeat(2_001) })).status).toBe(400);

    expect((await send(admin, { message: "Bring a white candle." })).body).toMatchObject({
      ok: true,
      toast: { key: "events.toasts.messageSent", params: { recipients: 2 } },
    });
    await drainJobs();
    const inbox = async (who: Account) =>
      db()
        .select({ params: notifications.params })
        .from(notifications)
        .where(and(eq(notifications.userId, who.userId), eq(notifications.type, "new_event")));
    const messagesTo = async (who: Account) =>
      (await inbox(who)).filter((row) => (row.params as { kind: string }).kind === "eventMessage");
    expect(await messagesTo(going)).toEqual([
      {
        params: {
          kind: "eventMessage",
          event: "Solstice vigil",
          name: "Form Admin",
          preview: "Bring a white candle.",
        },
      },
    ]);
    expect(await messagesTo(insider)).toHaveLength(1);
    expect(await messagesTo(waiting)).toHaveLength(0);
    expect(await messagesTo(elsewhere)).toHaveLength(0);
    expect(await messagesTo(outsider)).toHaveLength(0);
    const mailsTo = (who: Account) =>
      db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, who.email));
    const [mail] = await mailsTo(going);
    expect(mail?.subject).toBe("A message about Solstice vigil");
    expect(mail?.textBody).toContain("Bring a white candle.");
    expect(mail?.textBody).toContain(
      `https://sanctuary.example/covens/events/${id}?occurrence=${encodeURIComponent(start.toISOString())}`,
    );
    expect(await mailsTo(waiting)).toHaveLength(0);
    // The e-mail job delivered again: no one is mailed twice.
    const [stored] = await db()
      .select({ id: covenEventMessages.id })
      .from(covenEventMessages)
      .where(eq(covenEventMessages.eventId, id));
    await runMessageEmails(stored!.id);
    expect(await mailsTo(going)).toHaveLength(1);

    // With the waitlist.
    expect(
      (await send(admin, { message: "A seat may free up.", includeWaitlist: "on" })).body,
    ).toMatchObject({ toast: { params: { recipients: 3 } } });
    await drainJobs();
    expect(await messagesTo(waiting)).toHaveLength(1);
    expect(await mailsTo(waiting)).toHaveLength(1);
    expect(await messagesTo(going)).toHaveLength(2);

    // The third message passes, the fourth within 24 hours does not; a day later it does.
    expect((await send(admin, { message: "Third." })).status).toBe(200);
    const limited = await send(admin, { message: "Fourth." });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ formError: "events.refusals.rateLimited" });
    expect(message("events.refusals.rateLimited")).toBeDefined();
    setClock(() => new Date("2030-06-02T10:00:01Z"));
    expect((await send(admin, { message: "Fourth, a day later." })).status).toBe(200);

    // A date no one is going to.
    const lonely = await call(
      eventRoute.action as never,
      path,
      admin,
      { id },
      {
        intent: "message",
        occurrence: new Date(start.getTime() + 14 * 86_400_000).toISOString(),
        message: "Anyone?",
      },
    );
    expect(lonely.body).toMatchObject({ formError: "events.refusals.noRecipients" });
  });
});

describe("/covens/events", () => {
  it("offers 'New event' to those who may host", async () => {
    const listed = async (who: Account | null) =>
      (
        (await call(listRoute.loader as never, "/covens/events", who, {})).body as {
          canCreate: boolean;
        }
      ).canCreate;
    expect(await listed(null)).toBe(false);
    expect(await listed(insider)).toBe(false);
    expect(await listed(leader)).toBe(true);
    expect(await listed(admin)).toBe(true);
  });
});
