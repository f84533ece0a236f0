import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/client.server";
import { CLIENT_IP_HEADER } from "#app/modules/auth/index.server";
import { covenEvents } from "#app/modules/coven-events/schema";
import { covens } from "#app/modules/covens/schema";
import { posts } from "#app/modules/discussions/schema";
import { updateSettings } from "#app/modules/settings/index.server";
import { member } from "../../../tests/helpers/community";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { findQuick, searchByKind, submittedSearch } from "./search.server";
import type { SearchGroup } from "./types";

/*
 * Covens and events in site search: only what every visitor may discover (open and request
 * covens, public events, nothing archived or cancelled), whoever asks; nothing for guests while
 * reading is members-only; never a coven's feed post.
 */

let cleanup: () => Promise<void>;
let admin: Awaited<ReturnType<typeof member>>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  admin = await member({ role: "admin", name: "Search Admin" });
});
afterAll(() => cleanup());

const DAY = 86_400_000;
let seq = 0;

async function coven(values: {
  name: string;
  description?: string;
  visibility: "open" | "request" | "invite";
  archived?: boolean;
  activeDaysAgo?: number;
}): Promise<{ id: string; slug: string }> {
  seq += 1;
  const slug = `coven-${seq}`;
  const [row] = await db()
    .insert(covens)
    .values({
      slug,
      name: values.name,
      description: values.description ?? "A quiet circle.",
      language: "en",
      visibility: values.visibility,
      archivedAt: values.archived ? new Date() : null,
      lastActivityAt: new Date(Date.now() - (values.activeDaysAgo ?? 0) * DAY),
    })
    .returning({ id: covens.id });
  assert(row);
  return { id: row.id, slug };
}

async function event(values: {
  title: string;
  description?: string;
  visibility?: "public" | "premium" | "coven";
  covenId?: string;
  cancelled?: boolean;
  /** Days from now to the (first) start; negative in the past. */
  startsInDays: number;
  /** A weekly series without an end. */
  series?: boolean;
}): Promise<string> {
  seq += 1;
  const start = new Date(Date.now() + values.startsInDays * DAY);
  const end = new Date(start.getTime() + 2 * 3_600_000);
  const [row] = await db()
    .insert(covenEvents)
    .values({
      uid: `search-test-${seq}@sanctuary.test`,
      title: values.title,
      description: values.description ?? "Bring a candle.",
      startAt: start,
      endAt: end,
      timeZone: "Europe/Berlin",
      rrule: values.series ? "FREQ=WEEKLY" : null,
      seriesEndAt: values.series ? null : end,
      visibility: values.visibility ?? "public",
      covenId: values.covenId ?? null,
      cancelledAt: values.cancelled ? new Date() : null,
    })
    .returning({ id: covenEvents.id });
  assert(row);
  return row.id;
}

const group = (groups: SearchGroup[], kind: string) => groups.find((g) => g.kind === kind);
const titles = (groups: SearchGroup[], kind: string) =>
  (group(groups, kind)?.results ?? []).map((r) => r.title);

let address = 0;
function searchRequest(cookie?: string) {
  address += 1;
  const headers = new Headers({ [CLIENT_IP_HEADER]: `10.61.${address >> 8}.${address & 255}` });
  if (cookie) headers.set("cookie", cookie);
  return new Request("http://localhost:3000/search", { headers });
}

describe("covens", () => {
  let open: { id: string; slug: string };
  beforeAll(async () => {
    open = await coven({ name: "Hawthorn Open Circle", visibility: "open", activeDaysAgo: 3 });
    await coven({ name: "Hawthorn Petition Lodge", visibility: "request", activeDaysAgo: 1 });
    await coven({ name: "Hawthorn Secret Grove", visibility: "invite" });
    await coven({ name: "Hawthorn Old Circle", visibility: "open", archived: true });
    await coven({ name: "Hawthorn Sealed Lodge", visibility: "invite", archived: true });
    await coven({
      name: "Willow Coven",
      visibility: "open",
      description: "We gather hawthorn berries each autumn.",
    });
  });

  it("finds open and request covens, never invite-only or archived ones, most recently active first", async () => {
    const groups = await searchByKind("hawthorn");
    expect(titles(groups, "coven")).toEqual([
      "Hawthorn Petition Lodge",
      "Hawthorn Open Circle",
      "Willow Coven",
    ]);
    const circle = group(groups, "coven")!.results[1]!;
    expect(circle).toMatchObject({ url: `/covens/${open.slug}`, score: 85 });
    expect(circle.details.date?.meaning).toBe("active");
    // A description match scores as a body match, with its excerpt.
    expect(group(groups, "coven")!.results[2]).toMatchObject({
      score: 70,
      excerpt: "We gather hawthorn berries each autumn.",
    });
  });

  it("answers an admin exactly as anyone: search does not depend on who asks", async () => {
    const asAdmin = await submittedSearch(searchRequest(admin.cookie), "hawthorn");
    expect(titles(asAdmin.groups, "coven")).not.toContain("Hawthorn Secret Grove");
    expect(titles(asAdmin.groups, "coven")).not.toContain("Hawthorn Old Circle");
    expect(titles(asAdmin.groups, "coven")).toHaveLength(3);
  });

  it("reaches the header dropdown with the coven label", async () => {
    const results = await findQuick("petition lodge");
    expect(results.results.map((r) => [r.kind, r.labelKey, r.title])).toEqual([
      ["coven", "search.kinds.coven", "Hawthorn Petition Lodge"],
    ]);
  });
});

describe("events", () => {
  let upcomingSoon: string;
  let invitedHost: { id: string; slug: string };
  beforeAll(async () => {
    const host = await coven({ name: "Rowan Hosts", visibility: "open" });
    invitedHost = await coven({ name: "Rowan Hidden Hosts", visibility: "invite" });
    const archivedHost = await coven({ name: "Rowan Gone", visibility: "open", archived: true });
    upcomingSoon = await event({ title: "Equinox rite", startsInDays: 2, covenId: host.id });
    await event({ title: "Equinox gathering far ahead", startsInDays: 40 });
    await event({ title: "Equinox weekly meditation", startsInDays: -30, series: true });
    await event({ title: "Equinox rite last year", startsInDays: -300 });
    await event({ title: "Equinox rite last month", startsInDays: -25 });
    await event({ title: "Equinox premium rite", startsInDays: 3, visibility: "premium" });
    await event({
      title: "Equinox coven rite",
      startsInDays: 3,
      visibility: "coven",
      covenId: host.id,
    });
    await event({ title: "Equinox cancelled rite", startsInDays: 4, cancelled: true });
    await event({ title: "Equinox archived rite", startsInDays: 5, covenId: archivedHost.id });
    await event({ title: "Equinox hidden host rite", startsInDays: 6, covenId: invitedHost.id });
  });

  it("finds public events only, not cancelled nor of archived covens: upcoming first, soonest first, then past ones latest first", async () => {
    const groups = await searchByKind("equinox");
    expect(titles(groups, "event")).toEqual([
      // A series under way counts as happening now.
      "Equinox weekly meditation",
      "Equinox rite",
      "Equinox hidden host rite",
      "Equinox gathering far ahead",
      "Equinox rite last month",
      "Equinox rite last year",
    ]);
  });

  it("links to the event's page and shows its start and host, except an invite-only host's name", async () => {
    const results = group(await searchByKind("equinox"), "event")!.results;
    const rite = results.find((r) => r.title === "Equinox rite")!;
    expect(rite.url).toBe(`/covens/events/${upcomingSoon}`);
    expect(rite.labelKey).toBe("search.kinds.event");
    expect(rite.details).toMatchObject({ host: "Rowan Hosts", date: { meaning: "starts" } });
    // A series under way shows when it began as such, not as a start in the past.
    expect(
      results.find((r) => r.title === "Equinox weekly meditation")!.details.date,
    ).toMatchObject({ meaning: "recurring" });
    expect(results.find((r) => r.title === "Equinox rite last year")!.details.date).toMatchObject({
      meaning: "starts",
    });
    const hidden = results.find((r) => r.title === "Equinox hidden host rite")!;
    expect(hidden.details.host).toBeUndefined();
    expect(JSON.stringify(results)).not.toContain("Rowan Hidden Hosts");
  });

  it("never finds premium, coven-only or cancelled events, even for an admin", async () => {
    const asAdmin = await submittedSearch(searchRequest(admin.cookie), "equinox");
    for (const title of ["Equinox premium rite", "Equinox coven rite", "Equinox cancelled rite"])
      expect(titles(asAdmin.groups, "event")).not.toContain(title);
  });
});

describe("the kind filter", () => {
  it("searches only the chosen kind and lists the kinds to choose from", async () => {
    const filtered = await submittedSearch(searchRequest(), "hawthorn", { kind: "coven" });
    expect(filtered.kind).toBe("coven");
    expect(filtered.groups.map((g) => g.kind)).toEqual(["coven"]);
    expect(filtered.kinds.map((k) => k.name)).toEqual([
      "post",
      "member",
      "video",
      "article",
      "coven",
      "event",
      "page",
      "faq",
      "demon",
      "angel",
      "elenthos",
    ]);
    expect(filtered.kinds.find((k) => k.name === "event")?.headingKey).toBe("search.events");

    const events = await submittedSearch(searchRequest(), "equinox", { kind: "event" });
    expect(events.groups.map((g) => g.kind)).toEqual(["event"]);
    expect((await submittedSearch(searchRequest(), "hawthorn", { kind: "event" })).groups).toEqual(
      [],
    );
  });

  it("searches every kind for an unknown kind", async () => {
    for (const kind of ["nonsense", "", "COVEN", "coven'--"]) {
      const found = await submittedSearch(searchRequest(), "hawthorn", { kind });
      expect(found.kind).toBeNull();
      expect(found.groups.map((g) => g.kind)).toContain("coven");
    }
  });
});

describe("members-only reading", () => {
  it("gives guests no covens and no events, and no filter for them; members keep both", async () => {
    await updateSettings(admin.userId, { members_only_reading: "true" });
    try {
      const guest = await submittedSearch(searchRequest(), "hawthorn");
      expect(group(guest.groups, "coven")).toBeUndefined();
      expect(group((await submittedSearch(searchRequest(), "equinox")).groups, "event")).toBe(
        undefined,
      );
      expect(guest.kinds.map((k) => k.name)).toEqual([
        "post",
        "video",
        "article",
        "page",
        "faq",
        "demon",
        "angel",
        "elenthos",
      ]);
      const filtered = await submittedSearch(searchRequest(), "equinox", { kind: "event" });
      expect(filtered).toMatchObject({ kind: null });
      expect(group(filtered.groups, "event")).toBeUndefined();

      const signedIn = await submittedSearch(searchRequest(admin.cookie), "hawthorn");
      expect(titles(signedIn.groups, "coven")).toHaveLength(3);
    } finally {
      await updateSettings(admin.userId, { members_only_reading: "false" });
    }
  });
});

describe("coven posts", () => {
  it("never appear in site search, in any kind (decision 037)", async () => {
    const host = await coven({ name: "Yarrow Feed Coven", visibility: "open" });
    await db().insert(posts).values({
      title: "Yarrow feed secret",
      slug: "yarrow-feed-secret",
      content: "Yarrow tincture notes for the coven only.",
      category: "",
      covenId: host.id,
      userId: admin.userId,
      status: "published",
    });
    const groups = await searchByKind("yarrow");
    expect(group(groups, "post")).toBeUndefined();
    expect(JSON.stringify(groups)).not.toContain("Yarrow feed secret");
    expect(titles(groups, "coven")).toEqual(["Yarrow Feed Coven"]);
  });
});
