import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member, seedCategories } from "../../../tests/helpers/community";
import { db } from "#app/db/client.server";
import { CLIENT_IP_HEADER } from "#app/modules/auth/index.server";
import { posts } from "#app/modules/discussions/schema";
import { profiles } from "#app/modules/profiles/schema";
import { dropdownSearch, submittedSearch } from "#app/modules/search/index.server";
import { updateSettings } from "#app/modules/settings/index.server";
import { routeArgs } from "../../../tests/helpers/route-args";
import { loader as listLoader } from "#app/routes/discussions/list";
import { loader as threadLoader } from "#app/routes/discussions/thread";
import { loader as exploreLoader } from "#app/routes/explore";
import { loader as homeLoader } from "#app/routes/home";
import { loader as membersLoader } from "#app/routes/members";
import { loader as profileLoader } from "#app/routes/account/public-profile";
import { loader as robotsLoader } from "#app/routes/system/robots";
import { loader as sitemapLoader } from "#app/routes/system/sitemap-xml";
import { eq } from "drizzle-orm";
import { getReadingAccess } from "./reading.server";
import { listablePath, readingAccess } from "./policy";

let cleanup: () => Promise<void>;
let admin: Awaited<ReturnType<typeof member>>;
let reader: Awaited<ReturnType<typeof member>>;
const SLUG = "candle-colours-for-new-moon";
const TITLE = "Candle colours for the new moon";
const BODY = "White for cleansing, green for growth; the wick trimmed before the first light.";

beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  await seedCategories();
  admin = await member({ role: "admin", name: "Ada Admin" });
  reader = await member({ name: "Rhea Reader" });
  await db()
    .update(profiles)
    .set({ reputation: 50, slug: "rhea-reader" })
    .where(eq(profiles.userId, reader.userId));
  await db().insert(posts).values({
    title: TITLE,
    slug: SLUG,
    content: BODY,
    category: "general-discussion",
    userId: reader.userId,
    status: "published",
  });
});
afterAll(() => cleanup());

let ip = 0;
/** A guest's request (a new client address each, so search rate limits never interfere). */
const guest = (path: string) =>
  new Request(`http://localhost:3000${path}`, {
    headers: { [CLIENT_IP_HEADER]: `198.51.100.${++ip}` },
  });
const signedIn = (path: string, cookie: string) =>
  new Request(`http://localhost:3000${path}`, {
    headers: { cookie, [CLIENT_IP_HEADER]: `203.0.113.${++ip}` },
  });

/** Runs a loader and returns the status and data it refused with (a thrown `data()`). */
async function refusal(run: () => Promise<unknown>) {
  const thrown = (await run().then(
    () => null,
    (error: unknown) => error,
  )) as { type?: string; init?: { status?: number }; data?: Record<string, unknown> } | null;
  if (thrown?.type !== "DataWithResponseInit")
    throw new Error(`expected a refusal, got ${JSON.stringify(thrown)}`);
  return { status: thrown.init?.status, data: thrown.data };
}

const args = routeArgs;

describe("the reading policy", () => {
  it("gives guests titles only while reading is members-only, everyone everything otherwise", () => {
    expect(readingAccess({ membersOnly: false, signedIn: false })).toBe("full");
    expect(readingAccess({ membersOnly: true, signedIn: false })).toBe("titles");
    expect(readingAccess({ membersOnly: true, signedIn: true })).toBe("full");
    expect(listablePath("/members", "titles")).toBe(false);
    expect(listablePath("/profile/rhea", "titles")).toBe(false);
    expect(listablePath("/discussions", "titles")).toBe(true);
    expect(listablePath("/members", "full")).toBe(true);
  });
});

describe("open browsing (the default, SPEC §1)", () => {
  it("lets a guest read threads, profiles, the member list and search members and bodies", async () => {
    expect(await getReadingAccess(guest("/"))).toBe("full");
    const thread = (await threadLoader(args(guest(`/discussions/${SLUG}`), { slug: SLUG }))) as {
      thread: { post: { content: string } };
    };
    expect(thread.thread.post.content).toBe(BODY);
    expect(
      (
        (await profileLoader(
          args(guest("/profile/rhea-reader"), { identifier: "rhea-reader" }),
        )) as { profile: { displayName: string } }
      ).profile.displayName,
    ).toBe("Rhea Reader");
    expect(
      ((await membersLoader(args(guest("/members")))) as { members: unknown[] }).members.length,
    ).toBeGreaterThan(0);
    const list = (await listLoader(args(guest("/discussions")))) as {
      items: Array<{ excerpt: string }>;
      titlesOnly: boolean;
    };
    expect(list.titlesOnly).toBe(false);
    expect(list.items[0]!.excerpt).toContain("White for cleansing");
    const found = await dropdownSearch(guest("/api/search?q=wick"), "wick");
    expect("results" in found && found.results.map((r) => r.title)).toEqual([TITLE]);
    const people = await dropdownSearch(guest("/api/search?q=Rhea"), "Rhea");
    expect("results" in people && people.results.some((r) => r.kind === "member")).toBe(true);
    const sitemap = await (await sitemapLoader()).text();
    expect(sitemap).toContain("/members</loc>");
  });
});

describe("members-only reading (admin setting on)", () => {
  beforeAll(async () => {
    await updateSettings(admin.userId, { members_only_reading: "true" });
  });

  it("shows a guest a thread's title and the sign-up screen (401), never its body", async () => {
    expect(await getReadingAccess(guest("/"))).toBe("titles");
    const { status, data } = await refusal(() =>
      threadLoader(args(guest(`/discussions/${SLUG}`), { slug: SLUG })),
    );
    expect(status).toBe(401);
    expect(data).toEqual({ kind: "membersOnly", screen: "discussion", title: TITLE });
    expect(JSON.stringify(data)).not.toContain("cleansing");
    // A made-up address tells nothing either way.
    expect(
      (await refusal(() => threadLoader(args(guest("/discussions/nope"), { slug: "nope" })))).data,
    ).toEqual({ kind: "membersOnly", screen: "discussion", title: null });
  });

  it("lists titles without excerpts, and no member highlights on the home page", async () => {
    const list = (await listLoader(args(guest("/discussions")))) as {
      items: Array<{ title: string; excerpt: string }>;
      titlesOnly: boolean;
    };
    expect(list.titlesOnly).toBe(true);
    expect(list.items.map((i) => i.title)).toContain(TITLE);
    expect(list.items.every((i) => i.excerpt === "")).toBe(true);
    expect(((await homeLoader(args(guest("/")))) as { voices: unknown[] }).voices).toEqual([]);
  });

  it("keeps profiles, the member list and /explore behind the sign-up screen", async () => {
    expect(
      await refusal(() =>
        profileLoader(args(guest("/profile/rhea-reader"), { identifier: "rhea-reader" })),
      ),
    ).toEqual({ status: 401, data: { kind: "membersOnly", screen: "profile", title: null } });
    expect((await refusal(() => membersLoader(args(guest("/members"))))).status).toBe(401);
    expect((await refusal(() => exploreLoader(args(guest("/explore"))))).data).toMatchObject({
      kind: "membersOnly",
      screen: "explore",
    });
  });

  it("searches titles only for guests: no members, no body matches, no excerpts", async () => {
    const byBody = await dropdownSearch(guest("/api/search?q=wick"), "wick");
    expect("results" in byBody && byBody.results).toEqual([]);
    const byTitle = await dropdownSearch(guest("/api/search?q=candle"), "candle");
    expect("results" in byTitle && byTitle.results.map((r) => [r.title, r.excerpt])).toEqual([
      [TITLE, ""],
    ]);
    const people = await submittedSearch(guest("/search?q=Rhea"), "Rhea");
    expect(people.groups.flatMap((g) => g.results).filter((r) => r.kind === "member")).toEqual([]);
  });

  it("leaves member pages out of sitemap.xml and asks crawlers to stay away from them", async () => {
    const sitemap = await (await sitemapLoader()).text();
    expect(sitemap).not.toContain("/members</loc>");
    expect(sitemap).toContain("/discussions</loc>");
    const robots = await (await robotsLoader()).text();
    expect(robots).toContain("Disallow: /members");
    expect(robots).toContain("Disallow: /profile/");
  });

  it("changes nothing for members", async () => {
    const request = () => signedIn(`/discussions/${SLUG}`, reader.cookie);
    expect(await getReadingAccess(request())).toBe("full");
    expect(
      (
        (await threadLoader(args(request(), { slug: SLUG }))) as {
          thread: { post: { content: string } };
        }
      ).thread.post.content,
    ).toBe(BODY);
    expect(
      ((await membersLoader(args(signedIn("/members", reader.cookie)))) as { members: unknown[] })
        .members.length,
    ).toBeGreaterThan(0);
    const found = await dropdownSearch(signedIn("/api/search?q=wick", reader.cookie), "wick");
    expect("results" in found && found.results.map((r) => r.title)).toEqual([TITLE]);
    // A free member still meets the premium gate on /explore, not the sign-up screen.
    expect(
      await refusal(() => exploreLoader(args(signedIn("/explore", reader.cookie)))),
    ).toMatchObject({ status: 403, data: { kind: "premium" } });
  });
});
