import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/client.server";
import { createEvent, reminderTask, rsvp } from "#app/modules/coven-events/index.server";
import { notifications } from "#app/modules/notifications/schema";
import { eventInput, person } from "../../../tests/helpers/event-fixtures";
import { member } from "../../../tests/helpers/community";
import { routeArgs } from "../../../tests/helpers/route-args";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import * as feedRoute from "../covens-events/calendar-feed";
import * as settingsRoute from "./settings";

/*
 * The calendar section of /settings through the route's loader and action: the personal feed
 * address and its regeneration (the old address answers 404 at once), the reminders switch that
 * the reminder task obeys, and the time zone kept in the cookie that server rendering reads;
 * bad input of any shape is a 4xx with a translated message.
 */

let cleanup: () => Promise<void>;
type Account = Awaited<ReturnType<typeof member>>;
let owner: Account;

beforeAll(async () => {
  process.env.PUBLIC_URL = "https://sanctuary.example";
  ({ cleanup } = await setupTestDatabase());
  owner = await member({ name: "Calendar Owner", tier: "full" });
});
afterAll(() => cleanup());

async function load(who: Account, extraCookie?: string) {
  const cookie = [who.cookie, extraCookie].filter(Boolean).join("; ");
  const request = new Request("http://localhost:3000/settings", { headers: { cookie } });
  return settingsRoute.loader(routeArgs(request) as never);
}

async function post(who: Account | null, fields: Record<string, string>) {
  const headers: Record<string, string> = {
    "content-type": "application/x-www-form-urlencoded",
  };
  if (who) headers.cookie = who.cookie;
  const request = new Request("http://localhost:3000/settings", {
    method: "POST",
    headers,
    body: new URLSearchParams(fields),
  });
  const result = (await settingsRoute.action(routeArgs(request) as never)) as unknown as {
    data: { ok: boolean; toast?: { key: string }; formError?: string };
    init?: { status?: number; headers?: HeadersInit };
  };
  return {
    status: result.init?.status ?? 200,
    body: result.data,
    cookies: new Headers(result.init?.headers).getSetCookie(),
  };
}

async function feedStatus(url: string) {
  const secret = /\/calendar\/([^/]+)\.ics$/.exec(url)?.[1] ?? "";
  const request = new Request(url);
  const response = (await feedRoute.loader(routeArgs(request, { secret }) as never)) as Response;
  return response.status;
}

describe("settings: calendar", () => {
  it("shows the feed address; regenerating it ends the old one at once", async () => {
    const before = (await load(owner)).calendar!;
    expect(before.feedUrl).toMatch(/^https:\/\/sanctuary\.example\/calendar\/[\w-]{20,}\.ics$/);
    // The same address on every visit until it is regenerated.
    expect((await load(owner)).calendar!.feedUrl).toBe(before.feedUrl);
    expect(await feedStatus(before.feedUrl)).toBe(200);

    const answer = await post(owner, { intent: "calendar-regenerate" });
    expect(answer.status).toBe(200);
    expect(answer.body.toast?.key).toBe("settings.calendar.toasts.regenerated");
    const after = (await load(owner)).calendar!;
    expect(after.feedUrl).not.toBe(before.feedUrl);
    expect(await feedStatus(before.feedUrl)).toBe(404);
    expect(await feedStatus(after.feedUrl)).toBe(200);
  });

  it("turns reminders off and on, and the reminder task obeys", async () => {
    expect((await load(owner)).calendar!.reminders).toBe(true);
    const host = await person("admin");
    // Within the hour: the one-hour reminder is due now.
    const start = new Date(Date.now() + 30 * 60_000);
    const input = eventInput({ start, end: new Date(start.getTime() + 3_600_000) });
    const { id } = await createEvent(host, null, input);
    await rsvp(owner.rules, id, start, "going");
    const job = {
      eventId: id,
      occurrenceStart: start.toISOString(),
      userId: owner.userId,
      offsetMinutes: 60,
    };
    const reminders = () =>
      db()
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.userId, owner.userId), eq(notifications.type, "new_event")));

    const off = await post(owner, { intent: "calendar-reminders" });
    expect(off.body.toast?.key).toBe("settings.calendar.toasts.remindersOff");
    expect((await load(owner)).calendar!.reminders).toBe(false);
    await reminderTask.run(job);
    expect(await reminders()).toHaveLength(0);

    const on = await post(owner, { intent: "calendar-reminders", reminders: "on" });
    expect(on.body.toast?.key).toBe("settings.calendar.toasts.remindersOn");
    expect((await load(owner)).calendar!.reminders).toBe(true);
    await reminderTask.run(job);
    expect(await reminders()).toHaveLength(1);
  });

  it("keeps a chosen time zone in the cookie the server renders with", async () => {
    expect((await load(owner)).calendar).toMatchObject({ timeZone: "UTC", zoneChosen: false });
    expect((await load(owner)).calendar!.zones).toContain("Asia/Tokyo");
    const chosen = await post(owner, { intent: "calendar-zone", timeZone: " Asia/Tokyo " });
    expect(chosen.status).toBe(200);
    expect(chosen.cookies).toEqual([
      expect.stringMatching(/^tz=Asia%2FTokyo; Path=\/; Max-Age=31536000/),
      expect.stringMatching(/^tz_chosen=1; Path=\//),
    ]);
    const cookie = chosen.cookies.map((line) => line.split(";")[0]).join("; ");
    expect((await load(owner, cookie)).calendar).toMatchObject({
      timeZone: "Asia/Tokyo",
      zoneChosen: true,
    });
    const auto = await post(owner, { intent: "calendar-zone-auto" });
    expect(auto.body.toast?.key).toBe("settings.calendar.toasts.zoneAuto");
    expect(auto.cookies.every((line) => line.includes("Max-Age=0"))).toBe(true);
  });

  it("answers bad input and strangers with a translated 4xx", async () => {
    for (const timeZone of ["Mars/Olympus", "", "x".repeat(5000), "../../etc", "UTC\u202e"]) {
      const bad = await post(owner, { intent: "calendar-zone", timeZone });
      expect(bad.status).toBe(400);
      expect(bad.body.formError).toBe("settings.calendar.errors.zone");
    }
    const missing = await post(owner, { intent: "calendar-zone" });
    expect(missing.status).toBe(400);
    expect(missing.body.formError).toBe("errors.badRequest");
    // Not one of the section's intents: the profile form, which refuses it.
    expect((await post(owner, { intent: "calendar-bogus" })).status).toBe(400);
    const guest = await post(null, { intent: "calendar-regenerate" });
    expect(guest.status).toBe(401);
    expect(guest.body.formError).toBe("settings.toasts.signIn");
  });
});
