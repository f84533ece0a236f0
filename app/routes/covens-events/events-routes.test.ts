import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCoven, joinCoven } from "#app/modules/covens/index.server";
import { createEvent } from "#app/modules/coven-events/index.server";
import { viewerZone } from "#app/modules/coven-events";
import { eventInput } from "../../../tests/helpers/event-fixtures";
import { member } from "../../../tests/helpers/community";
import { routeArgs } from "../../../tests/helpers/route-args";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import * as listRoute from "./list";
import * as legacyRoute from "./legacy-redirect";
import * as eventRoute from "./event";
import * as csvRoute from "./attendees-csv";

/*
 * The events pages as the framework calls their loaders: the list shows each viewer the events
 * policy.ts lets them see (guests the public ones, premium members the premium ones, a coven's
 * members its coven events), grouped by day in the viewer's zone, filtered; the old address
 * answers 301.
 */

let cleanup: () => Promise<void>;
type Account = Awaited<ReturnType<typeof member>>;
let leader: Account;
let insider: Account;
let outsider: Account;
let free: Account;
let second: Account;
let smallEventId: string;
let covenEventId: string;

const DAY = 86_400_000;

beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  leader = await member({ name: "Event Leader", tier: "full" });
  insider = await member({ name: "Coven Insider", tier: "full" });
  outsider = await member({ name: "Premium Outsider", tier: "full" });
  free = await member({ name: "Free Seeker" });
  second = await member({ name: "Second Seeker", tier: "full" });
  const coven = await createCoven(leader.rules, {
    name: "Moonlit Circle",
    description: "",
    tags: [],
    language: "en",
    visibility: "open",
    memberLimit: 50,
  });
  await joinCoven(insider.rules, coven.slug);
  const at = (days: number, hour: number) => {
    const start = new Date(Math.floor(Date.now() / DAY + days) * DAY + hour * 3_600_000);
    return { start, end: new Date(start.getTime() + 3_600_000) };
  };
  await createEvent(
    leader.rules,
    coven.id,
    eventInput({ title: "Open circle", visibility: "public", ...at(2, 23) }),
  );
  await createEvent(
    leader.rules,
    coven.id,
    eventInput({
      title: "Premium study",
      visibility: "premium",
      onlineUrl: null,
      place: "Oak grove",
      ...at(3, 10),
    }),
  );
  covenEventId = (
    await createEvent(
      leader.rules,
      coven.id,
      eventInput({ title: "Coven rite", visibility: "coven", ...at(20, 10) }),
    )
  ).id;
  smallEventId = (
    await createEvent(
      leader.rules,
      coven.id,
      eventInput({ title: "Small circle", visibility: "premium", capacity: 1, ...at(100, 10) }),
    )
  ).id;
});
afterAll(() => cleanup());

function list(path: string, who: Account | null, zone?: string) {
  const headers: Record<string, string> = {};
  const cookies = [who?.cookie, zone ? `tz=${encodeURIComponent(zone)}` : undefined].filter(
    Boolean,
  );
  if (cookies.length > 0) headers.cookie = cookies.join("; ");
  const request = new Request(`http://localhost:3000${path}`, { headers });
  return listRoute.loader(routeArgs(request, {}) as never);
}

const titles = (loaded: Awaited<ReturnType<typeof list>>) =>
  loaded.days.flatMap((day) => day.items.map((item) => item.title));

describe("/covens/events", () => {
  it("shows each viewer the events they may see", async () => {
    expect(titles(await list("/covens/events", null))).toEqual(["Open circle"]);
    expect(titles(await list("/covens/events", free))).toEqual(["Open circle"]);
    expect(titles(await list("/covens/events", outsider))).toEqual([
      "Open circle",
      "Premium study",
    ]);
    expect(titles(await list("/covens/events", insider))).toEqual([
      "Open circle",
      "Premium study",
      "Coven rite",
    ]);
  });

  it("groups by the day of the viewer's zone, UTC when the cookie is missing or not a zone", async () => {
    const utc = await list("/covens/events", outsider);
    expect(utc.timeZone).toBe("UTC");
    expect(utc.days).toHaveLength(2);
    // 23:00 UTC is already the next day in Tokyo: both events fall on one day there.
    const tokyo = await list("/covens/events", outsider, "Asia/Tokyo");
    expect(tokyo.timeZone).toBe("Asia/Tokyo");
    expect(tokyo.days).toHaveLength(1);
    expect((await list("/covens/events", outsider, "Mars/Olympus")).timeZone).toBe("UTC");
    expect(viewerZone("tz=%E0%A4%A")).toBe("UTC");
  });

  it("filters by format, range and coven", async () => {
    expect(titles(await list("/covens/events?format=in_person", insider))).toEqual([
      "Premium study",
    ]);
    expect(titles(await list("/covens/events?format=online&range=week", insider))).toEqual([
      "Open circle",
    ]);
    const loaded = await list("/covens/events?coven=nobody", insider);
    expect(loaded.total).toBe(0);
    expect(loaded.covens.map((coven) => coven.name)).toEqual(["Moonlit Circle"]);
    // Nonsense parameters fall back to the defaults.
    expect(titles(await list("/covens/events?format=%00&range=year&page=-3", null))).toEqual([
      "Open circle",
    ]);
  });

  it("the archive holds no future events", async () => {
    expect((await list("/covens/events?when=past", insider)).total).toBe(0);
  });
});

describe("/coven-events", () => {
  it("answers 301 to /covens/events, keeping the query", () => {
    const request = new Request("http://localhost:3000/coven-events?when=past");
    let thrown: unknown;
    try {
      legacyRoute.loader(routeArgs(request, {}) as never);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(301);
    expect((thrown as Response).headers.get("location")).toBe("/covens/events?when=past");
  });
});

async function answer(
  run: (args: never) => unknown,
  path: string,
  who: Account | null,
  params: Record<string, string>,
  fields?: Record<string, string>,
) {
  const headers: Record<string, string> = {};
  if (who) headers.cookie = who.cookie;
  if (fields) headers["content-type"] = "application/x-www-form-urlencoded";
  const request = new Request(`http://localhost:3000${path}`, {
    method: fields ? "POST" : "GET",
    headers,
    body: fields ? new URLSearchParams(fields) : undefined,
  });
  try {
    const result = (await run(routeArgs(request, params))) as unknown;
    if (result instanceof Response) return { status: result.status, response: result };
    if (result && typeof result === "object" && "init" in result && "data" in result) {
      const init = (result as { init?: { status?: number } }).init;
      return { status: init?.status ?? 200, body: (result as { data: unknown }).data };
    }
    return { status: 200, body: result };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status };
    const init = (thrown as { init?: { status?: number } }).init;
    return { status: init?.status ?? 500 };
  }
}

type EventPage = {
  event: {
    occurrence: { originalStart: string };
    viewerRsvp: string | null;
    viewerWaitlistPosition: number | null;
    onlineUrl: string | null;
    canManage: boolean;
    counts: { going: number };
  };
};

describe("/covens/events/:id", () => {
  it("is a 404 for a viewer who may not see the event, a 400 for a malformed id", async () => {
    const path = `/covens/events/${covenEventId}`;
    expect(
      (await answer(eventRoute.loader as never, path, outsider, { id: covenEventId })).status,
    ).toBe(404);
    expect(
      (await answer(eventRoute.loader as never, path, insider, { id: covenEventId })).status,
    ).toBe(200);
    expect(
      (await answer(eventRoute.loader as never, "/covens/events/x", null, { id: "x" })).status,
    ).toBe(400);
    expect(
      (
        await answer(eventRoute.loader as never, `${path}?occurrence=soon`, insider, {
          id: covenEventId,
        })
      ).status,
    ).toBe(400);
  });

  it("takes RSVPs through the action: a second member is waitlisted, then promoted when a seat frees", async () => {
    const path = `/covens/events/${smallEventId}`;
    const params = { id: smallEventId };
    const page = async (who: Account) =>
      (await answer(eventRoute.loader as never, path, who, params)).body as EventPage;
    const occurrence = (await page(insider)).event.occurrence.originalStart;
    const rsvp = (who: Account, value: string) =>
      answer(eventRoute.action as never, path, who, params, {
        intent: "rsvp",
        occurrence,
        answer: value,
      });
    expect((await rsvp(insider, "going")).body).toMatchObject({
      ok: true,
      toast: { key: "events.toasts.going" },
    });
    expect((await rsvp(outsider, "going")).body).toMatchObject({
      toast: { key: "events.toasts.waitlisted" },
    });
    const waiting = await page(outsider);
    expect(waiting.event.viewerRsvp).toBe("waitlisted");
    expect(waiting.event.viewerWaitlistPosition).toBe(1);
    expect(waiting.event.onlineUrl).toBeNull();
    await rsvp(insider, "not_going");
    const promoted = await page(outsider);
    expect(promoted.event.viewerRsvp).toBe("going");
    expect(promoted.event.onlineUrl).toBe("https://meet.example/full-moon");
    // A free member does not see the premium event: nothing to answer.
    expect((await rsvp(free, "going")).status).toBe(404);
    // Bad input is a 400 with the input kept.
    const bad = await answer(eventRoute.action as never, path, second, params, {
      intent: "rsvp",
      occurrence,
      answer: "forever",
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ ok: false, values: { answer: "forever" } });
  });

  it("gives the attendee CSV to hosts only", async () => {
    const page = (
      await answer(eventRoute.loader as never, `/covens/events/${smallEventId}`, leader, {
        id: smallEventId,
      })
    ).body as EventPage;
    expect(page.event.canManage).toBe(true);
    const path = `/covens/events/${smallEventId}/attendees.csv?occurrence=${encodeURIComponent(page.event.occurrence.originalStart)}`;
    const host = await answer(csvRoute.loader as never, path, leader, { id: smallEventId });
    expect(host.status).toBe(200);
    const response = (host as { response: Response }).response;
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(await response.text()).toContain("Premium Outsider");
    expect(
      (await answer(csvRoute.loader as never, path, outsider, { id: smallEventId })).status,
    ).toBe(403);
    expect((await answer(csvRoute.loader as never, path, free, { id: smallEventId })).status).toBe(
      404,
    );
  });

  it("lets hosts cancel the event, and no one else", async () => {
    const path = `/covens/events/${covenEventId}`;
    const params = { id: covenEventId };
    expect(
      (await answer(eventRoute.action as never, path, insider, params, { intent: "cancel-event" }))
        .status,
    ).toBe(403);
    expect(
      (await answer(eventRoute.action as never, path, leader, params, { intent: "cancel-event" }))
        .body,
    ).toMatchObject({ ok: true });
    expect(titles(await list("/covens/events", insider))).not.toContain("Coven rite");
  });
});
