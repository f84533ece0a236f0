import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/client.server";
import { createCoven, joinCoven } from "#app/modules/covens/index.server";
import { drainJobs } from "#app/modules/events/index.server";
import { notifications } from "#app/modules/notifications/schema";
import { eventInput, person } from "../../../tests/helpers/event-fixtures";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { createEvent, EventRefusedError, rsvp, updateEvent } from "./events.server";
import { covenEventRsvps } from "./schema";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
});
afterAll(() => cleanup());

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof EventRefusedError) return error.reason;
    throw error;
  }
  return "allowed";
}

const noticesOf = (userId: string) =>
  db()
    .select({
      type: notifications.type,
      params: notifications.params,
      url: notifications.actionUrl,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId));

async function answers(eventId: string, occurrenceStart: Date) {
  const rows = await db()
    .select({
      userId: covenEventRsvps.userId,
      status: covenEventRsvps.status,
      position: covenEventRsvps.waitlistPosition,
    })
    .from(covenEventRsvps)
    .where(
      and(
        eq(covenEventRsvps.eventId, eventId),
        eq(covenEventRsvps.occurrenceStart, occurrenceStart),
      ),
    );
  return rows;
}

async function covenWith(memberCount: number) {
  const owner = await person();
  const coven = await createCoven(owner, {
    name: `Circle ${Math.random().toString(36).slice(2, 8)}`,
    description: "",
    tags: [],
    language: "en",
    visibility: "open",
    memberLimit: 50,
  });
  const members = [];
  for (let i = 0; i < memberCount; i++) {
    const member = await person();
    await joinCoven(member, coven.slug);
    members.push(member);
  }
  return { owner, coven, members };
}

describe("creating events", () => {
  it("a coven's leaders host its events; its members hear of them, admins of the new coven", async () => {
    const admin = await person("admin");
    const { owner, coven, members } = await covenWith(2);
    const [member, other] = members as [typeof owner, typeof owner];
    expect(await refusal(createEvent(member, coven.id, eventInput()))).toBe("notAllowed");
    expect(await refusal(createEvent(owner, null, eventInput()))).toBe("notAllowed");
    expect(await refusal(createEvent(owner, coven.id, eventInput({ title: " " })))).toBe("title");
    expect(
      await refusal(createEvent(owner, coven.id, eventInput({ onlineUrl: "javascript:alert(1)" }))),
    ).toBe("link");
    const { id } = await createEvent(owner, coven.id, eventInput({ visibility: "coven" }));
    await drainJobs();
    for (const someone of [member, other]) {
      expect(await noticesOf(someone.id)).toContainEqual({
        type: "new_event",
        params: { kind: "newEvent", event: "Full moon circle", coven: expect.any(String) },
        url: `/covens/events/${id}`,
      });
    }
    expect((await noticesOf(owner.id)).filter((n) => n.type === "new_event")).toHaveLength(0);
    expect(await noticesOf(admin.id)).toContainEqual(
      expect.objectContaining({ type: "new_coven", url: `/covens/${coven.slug}` }),
    );
    // Site-wide events are the admins'.
    expect(await refusal(createEvent(admin, null, eventInput()))).toBe("allowed");
  });

  it("a coven-only event is not there for outsiders", async () => {
    const { owner, coven } = await covenWith(0);
    const input = eventInput({ visibility: "coven" });
    const { id } = await createEvent(owner, coven.id, input);
    const outsider = await person();
    expect(await refusal(rsvp(outsider, id, input.start, "going"))).toBe("notFound");
    expect(await refusal(rsvp(null, id, input.start, "going"))).toBe("notAllowed");
  });
});

describe("RSVPs with a capacity", () => {
  it("past the seats members wait in order; a seat that comes free goes to the first waiting", async () => {
    const admin = await person("admin");
    const input = eventInput({ capacity: 2 });
    const { id } = await createEvent(admin, null, input);
    const [a, b, c, d] = [await person(), await person(), await person(), await person("free")];
    expect(await rsvp(a, id, input.start, "going")).toBe("going");
    expect(await rsvp(b, id, input.start, "going")).toBe("going");
    expect(await rsvp(c, id, input.start, "going")).toBe("waitlisted");
    expect(await rsvp(d, id, input.start, "going")).toBe("waitlisted");
    // Asking again keeps one's place.
    expect(await rsvp(c, id, input.start, "going")).toBe("waitlisted");
    expect(await refusal(rsvp(a, id, new Date(input.start.getTime() + 60_000), "going"))).toBe(
      "occurrence",
    );

    expect(await rsvp(a, id, input.start, "not_going")).toBe("not_going");
    const after = new Map((await answers(id, input.start)).map((r) => [r.userId, r]));
    expect(after.get(c.id)).toMatchObject({ status: "going", position: null });
    expect(after.get(d.id)).toMatchObject({ status: "waitlisted" });
    await drainJobs();
    expect(await noticesOf(c.id)).toContainEqual({
      type: "new_event",
      params: { kind: "eventPromoted", event: "Full moon circle" },
      url: `/covens/events/${id}`,
    });
    expect(await noticesOf(d.id)).toEqual([]);

    // "maybe" also gives the seat up; more seats later go to whoever still waits.
    expect(await rsvp(b, id, input.start, "maybe")).toBe("maybe");
    expect((await answers(id, input.start)).find((r) => r.userId === d.id)?.status).toBe("going");
    expect(await rsvp(a, id, input.start, "going")).toBe("waitlisted");
    await updateEvent(admin, id, { ...input, capacity: 3 });
    expect((await answers(id, input.start)).find((r) => r.userId === a.id)?.status).toBe("going");
  });

  it("twenty members at once for five seats: exactly five go, fifteen wait in distinct places", async () => {
    const admin = await person("admin");
    const input = eventInput({ capacity: 5 });
    const { id } = await createEvent(admin, null, input);
    const people = [];
    for (let i = 0; i < 20; i++) people.push(await person());
    const outcomes = await Promise.all(people.map((p) => rsvp(p, id, input.start, "going")));
    expect(outcomes.filter((s) => s === "going")).toHaveLength(5);
    const rows = await answers(id, input.start);
    expect(rows.filter((r) => r.status === "going")).toHaveLength(5);
    const positions = rows
      .filter((r) => r.status === "waitlisted")
      .map((r) => r.position)
      .sort((x, y) => (x ?? 0) - (y ?? 0));
    expect(positions).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
  });
});
