import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCoven, joinCoven } from "#app/modules/covens/covens.server";
import { createEvent } from "#app/modules/coven-events/events.server";
import { viewerZone } from "#app/modules/coven-events/viewer-zone";
import { eventInput } from "../../../tests/helpers/event-fixtures";
import { member } from "../../../tests/helpers/community";
import { routeArgs } from "../../../tests/helpers/route-args";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import * as listRoute from "./list";
import * as legacyRoute from "./legacy-redirect";

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

const DAY = 86_400_000;

beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  leader = await member({ name: "Event Leader", tier: "full" });
  insider = await member({ name: "Coven Insider", tier: "full" });
  outsider = await member({ name: "Premium Outsider", tier: "full" });
  free = await member({ name: "Free Seeker" });
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
  await createEvent(
    leader.rules,
    coven.id,
    eventInput({ title: "Coven rite", visibility: "coven", ...at(20, 10) }),
  );
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
