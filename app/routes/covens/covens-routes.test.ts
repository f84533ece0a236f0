import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "#app/lib/config.server";
import { and, eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member } from "../../../tests/helpers/community";
import { routeArgs } from "../../../tests/helpers/route-args";
import { countQueries } from "../../../tests/helpers/query-count";
import { db, type Database } from "#app/db/client.server";
import { createCoven, setCovenArchived, type NewCoven } from "#app/modules/covens/index.server";
import { communityCounts, forgetCommunityCounts } from "#app/modules/shell/index.server";
import {
  covenInvitations,
  covenJoinRequests,
  covenMembers,
  covens,
} from "#app/modules/covens/schema";
import * as listRoute from "./list";
import * as createRoute from "./create";
import * as mineRoute from "./my-covens";
import * as covenRoute from "./coven";
import * as inviteRoute from "./invite";

/*
 * The covens pages as the framework calls their loaders and actions: the Premium gate for
 * everyone without premium, creating, joining an open coven, asking and being approved, the
 * invitation link (accepted, then refused once revoked), forbidden actions answered 403/404 and
 * changing nothing, malformed ids a 400.
 */

let database: Database;
let cleanup: () => Promise<void>;
type Account = Awaited<ReturnType<typeof member>>;
let owner: Account;
let premium: Account;
let another: Account;
let free: Account;
let admin: Account;

beforeAll(async () => {
  ({ database, cleanup } = await setupTestDatabase());
  owner = await member({ name: "Coven Owner", tier: "full" });
  premium = await member({ name: "Premium Seeker", tier: "full" });
  another = await member({ name: "Another Seeker", tier: "full" });
  free = await member({ name: "Free Member" });
  admin = await member({ role: "admin", name: "Coven Admin" });
});
afterAll(() => cleanup());

interface Answer {
  status: number;
  location?: string | null;
  kind?: string;
  fallback?: string;
  body?: {
    ok: boolean;
    toast?: { key: string };
    fieldErrors?: Record<string, string>;
    formError?: string;
    values?: Record<string, string>;
    data?: { invitationLink?: string };
  };
  data?: unknown;
}

function request(path: string, who: Account | null, fields?: Record<string, string>) {
  const headers: Record<string, string> = {};
  if (who) headers.cookie = who.cookie;
  if (fields) headers["content-type"] = "application/x-www-form-urlencoded";
  return new Request(`http://localhost:3000${path}`, {
    method: fields ? "POST" : "GET",
    headers,
    body: fields ? new URLSearchParams(fields) : undefined,
  });
}

/** What a loader or action answered: its data, or the status it threw. */
async function call(
  run: (args: never) => unknown,
  path: string,
  who: Account | null,
  params: Record<string, string> = {},
  fields?: Record<string, string>,
): Promise<Answer> {
  try {
    const result = (await run(routeArgs(request(path, who, fields), params))) as
      { data: Answer["body"]; init?: { status?: number } } | Record<string, unknown>;
    if (result && typeof result === "object" && "init" in result && "data" in result)
      return {
        status: (result.init as { status?: number } | undefined)?.status ?? 200,
        body: result.data as Answer["body"],
      };
    return { status: 200, data: result };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get("location") };
    const answer = thrown as {
      data: { kind?: string; fallback?: string } | null;
      init?: { status?: number };
    };
    if (answer && typeof answer === "object" && "init" in answer)
      return {
        status: answer.init?.status ?? 500,
        kind: answer.data?.kind,
        fallback: answer.data?.fallback,
      };
    throw thrown;
  }
}

let counter = 0;
async function coven(partial: Partial<NewCoven> = {}, by: Account = owner) {
  counter += 1;
  return createCoven(by.rules, {
    name: `Circle ${counter}`,
    description: "We meet at **every** full moon.",
    tags: ["lunar"],
    language: "en",
    visibility: "open",
    memberLimit: 50,
    ...partial,
  });
}

async function membership(covenSlug: string, who: Account) {
  const [row] = await db()
    .select({ role: covenMembers.role, bannedAt: covenMembers.bannedAt })
    .from(covenMembers)
    .innerJoin(covens, eq(covens.id, covenMembers.covenId))
    .where(and(eq(covens.slug, covenSlug), eq(covenMembers.userId, who.userId)));
  return row ?? null;
}

const act = (slug: string, who: Account | null, fields: Record<string, string>) =>
  call(covenRoute.action, `/covens/${slug}`, who, { slug }, fields);

describe("the Premium gate", () => {
  it("meets guests and free members on every covens page, with SPEC's text on the list", async () => {
    const { slug } = await coven();
    for (const who of [null, free]) {
      const list = await call(listRoute.loader, "/covens", who);
      expect(list).toMatchObject({
        status: 403,
        kind: "premium",
        fallback: "covens.premiumFallback",
      });
      expect((await call(createRoute.loader, "/covens/create", who)).status).toBe(403);
      expect((await call(mineRoute.loader, "/covens/my-covens", who)).status).toBe(403);
      expect((await call(covenRoute.loader, `/covens/${slug}`, who, { slug })).status).toBe(403);
      const joined = await act(slug, who, { intent: "join" });
      expect(joined.status).toBe(403);
    }
    expect(await membership(slug, free)).toBeNull();
  });
});

describe("creating a coven", () => {
  it("makes the member its owner and redirects to its page", async () => {
    const answer = await call(
      createRoute.action,
      "/covens/create",
      premium,
      {},
      {
        name: "Brass Lantern Circle",
        description: "Lamps and *lore*",
        tags: "Tarot, lunar, tarot",
        language: "fr",
        visibility: "request",
        memberLimit: "12",
      },
    );
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/covens/brass-lantern-circle");
    const [row] = await db().select().from(covens).where(eq(covens.slug, "brass-lantern-circle"));
    expect(row).toMatchObject({
      tags: ["tarot", "lunar"],
      language: "fr",
      visibility: "request",
      memberLimit: 12,
      memberCount: 1,
    });
    expect(row!.descriptionHtml).toContain("<em>lore</em>");
    expect(await membership("brass-lantern-circle", premium)).toMatchObject({ role: "owner" });
  });

  it("refuses bad input with each field's error and the input kept", async () => {
    const answer = await call(
      createRoute.action,
      "/covens/create",
      premium,
      {},
      {
        name: "ab",
        description: "Fine",
        tags: "one, two, three, four, five, six",
        language: "xx",
        visibility: "secret",
        memberLimit: "500",
      },
    );
    expect(answer.status).toBe(400);
    expect(answer.body?.fieldErrors).toEqual({
      name: "covens.errors.nameTooShort",
      tags: "covens.errors.tagsTooMany",
      language: "covens.errors.languageRequired",
      visibility: "covens.errors.visibilityRequired",
      memberLimit: "covens.errors.limitRange",
    });
    expect(answer.body?.values).toMatchObject({ name: "ab", description: "Fine" });
  });

  it("stores an uploaded banner re-encoded and cropped to 1200 × 400; refuses what is not an image", async () => {
    const picture = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: "#6b21a8" },
    })
      .png()
      .toBuffer();
    const post = (file: Blob, name: string) => {
      const form = new FormData();
      for (const [key, value] of Object.entries({
        name,
        description: "",
        tags: "",
        language: "en",
        visibility: "open",
        memberLimit: "50",
      }))
        form.set(key, value);
      form.set("banner", file, "banner.png");
      const sent = new Request("http://localhost:3000/covens/create", {
        method: "POST",
        headers: { cookie: premium.cookie },
        body: form,
      });
      return createRoute.action(routeArgs(sent)).then(
        (result) => result as unknown as { data: Answer["body"]; init?: { status?: number } },
        (thrown: unknown) => {
          if (thrown instanceof Response) return thrown;
          throw thrown;
        },
      );
    };
    const created = await post(new Blob([picture], { type: "image/png" }), "Bannered Grove");
    expect(created).toBeInstanceOf(Response);
    const [row] = await db().select().from(covens).where(eq(covens.slug, "bannered-grove"));
    expect(row!.bannerUrl).toMatch(/^\/uploads\/covens\/[0-9a-f-]+\.webp$/);
    const stored = await sharp(
      path.resolve(config().DATA_DIR, row!.bannerUrl!.replace(/^\//, "")),
    ).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(["webp", 1200, 400]);

    const refused = await post(new Blob(["not an image"], { type: "image/png" }), "Imageless");
    expect(refused).toMatchObject({
      init: { status: 400 },
      data: { fieldErrors: { banner: "covens.errors.bannerType" } },
    });
    expect(await db().select().from(covens).where(eq(covens.slug, "imageless"))).toEqual([]);
  });

  it("never gives a coven the slug of a page beside it", async () => {
    const { slug } = await coven({ name: "Create" });
    expect(slug).toMatch(/^create-[0-9a-f]{6}$/);
  });
});

describe("the list", () => {
  it("shows open and request covens, hides invite-only ones from strangers, in one query", async () => {
    const open = await coven({ name: "Listed Open Grove", tags: ["herbal"] });
    const hidden = await coven({ name: "Listed Hidden Grove", visibility: "invite" });
    const answer = await call(listRoute.loader, "/covens?q=Listed", another);
    const slugs = (answer.data as { covens: Array<{ slug: string }> }).covens.map((c) => c.slug);
    expect(slugs).toContain(open.slug);
    expect(slugs).not.toContain(hidden.slug);
    const asOwner = await call(listRoute.loader, "/covens?q=Listed", owner);
    const ownerSlugs = (asOwner.data as { covens: Array<{ slug: string }> }).covens.map(
      (c) => c.slug,
    );
    expect(ownerSlugs).toContain(hidden.slug);
    const tagged = await call(listRoute.loader, "/covens?tag=herbal", another);
    expect((tagged.data as { covens: Array<{ slug: string }> }).covens.map((c) => c.slug)).toEqual([
      open.slug,
    ]);
    // The session, the viewer and the one page query: no query per coven.
    const { queries } = await countQueries(database, () =>
      call(listRoute.loader, "/covens?sort=size", another),
    );
    expect(queries).toBeLessThanOrEqual(4);
  });
});

describe("joining", () => {
  it("joins an open coven at once", async () => {
    const { slug } = await coven();
    const answer = await act(slug, premium, { intent: "join" });
    expect(answer).toMatchObject({
      status: 200,
      body: { ok: true, toast: { key: "covens.toasts.joined" } },
    });
    expect(await membership(slug, premium)).toMatchObject({ role: "member" });
    const mine = await call(mineRoute.loader, "/covens/my-covens", premium);
    expect((mine.data as { covens: Array<{ slug: string }> }).covens.map((c) => c.slug)).toContain(
      slug,
    );
  });

  it("asks to join a request coven, and a leader approves with the message shown", async () => {
    const { slug } = await coven({ visibility: "request" });
    const asked = await act(slug, premium, { intent: "join", message: "I read the cards daily." });
    expect(asked.body?.toast?.key).toBe("covens.toasts.requested");
    expect(await membership(slug, premium)).toBeNull();
    const again = await act(slug, premium, { intent: "join" });
    expect(again).toMatchObject({
      status: 409,
      body: { formError: "covens.refusals.alreadyRequested" },
    });

    const settings = await call(covenRoute.loader, `/covens/${slug}?tab=settings`, owner, { slug });
    const requests = (settings.data as { requests: Array<{ id: string; message: string }> })
      .requests;
    expect(requests).toHaveLength(1);
    expect(requests[0]!.message).toBe("I read the cards daily.");

    // A plain member may not decide it.
    const refused = await act(slug, another, {
      intent: "decide",
      requestId: requests[0]!.id,
      decision: "approve",
    });
    expect(refused.status).toBe(403);
    expect(await membership(slug, premium)).toBeNull();

    const approved = await act(slug, owner, {
      intent: "decide",
      requestId: requests[0]!.id,
      decision: "approve",
    });
    expect(approved.body?.toast?.key).toBe("covens.toasts.approved");
    expect(await membership(slug, premium)).toMatchObject({ role: "member" });
    const [request] = await db()
      .select({ status: covenJoinRequests.status })
      .from(covenJoinRequests)
      .where(eq(covenJoinRequests.id, requests[0]!.id));
    expect(request!.status).toBe("approved");
  });
});

describe("invitation links", () => {
  it("are shown once, accepted, and refused once revoked", async () => {
    const { slug } = await coven({ visibility: "invite" });
    // A stranger does not learn that it exists.
    expect((await call(covenRoute.loader, `/covens/${slug}`, premium, { slug })).status).toBe(404);

    const created = await act(slug, owner, { intent: "invite", days: "3" });
    const link = created.body?.data?.invitationLink ?? "";
    const token = link.split("/covens/invite/")[1]!;
    expect(token).toMatch(/^[\w-]{20,}$/);
    const [stored] = await db()
      .select({ tokenHash: covenInvitations.tokenHash })
      .from(covenInvitations)
      .innerJoin(covens, eq(covens.id, covenInvitations.covenId))
      .where(eq(covens.slug, slug));
    expect(stored!.tokenHash).not.toContain(token);

    const preview = await call(inviteRoute.loader, `/covens/invite/${token}`, premium, { token });
    expect((preview.data as { coven: { slug: string } }).coven.slug).toBe(slug);
    const accepted = await call(
      inviteRoute.action,
      `/covens/invite/${token}`,
      premium,
      { token },
      {},
    );
    expect(accepted).toMatchObject({ status: 302, location: `/covens/${slug}` });
    expect(await membership(slug, premium)).toMatchObject({ role: "member" });

    const settings = await call(covenRoute.loader, `/covens/${slug}?tab=settings`, owner, { slug });
    const [invitation] = (settings.data as { invitations: Array<{ id: string; uses: number }> })
      .invitations;
    expect(invitation!.uses).toBe(1);
    const revoked = await act(slug, owner, { intent: "revoke", invitationId: invitation!.id });
    expect(revoked.body?.toast?.key).toBe("covens.toasts.revoked");

    expect(
      (await call(inviteRoute.loader, `/covens/invite/${token}`, another, { token })).status,
    ).toBe(404);
    const refused = await call(
      inviteRoute.action,
      `/covens/invite/${token}`,
      another,
      { token },
      {},
    );
    expect(refused).toMatchObject({
      status: 404,
      body: { formError: "covens.refusals.invitationInvalid" },
    });
    expect(await membership(slug, another)).toBeNull();
  });
});

describe("forbidden actions", () => {
  it("answer 403 or 404 and change nothing", async () => {
    const { slug } = await coven();
    await act(slug, premium, { intent: "join" });
    await act(slug, another, { intent: "join" });
    // A plain member removes, bans, promotes or edits no one.
    for (const fields of <Array<Record<string, string>>>[
      { intent: "remove", userId: another.userId },
      { intent: "ban", userId: another.userId },
      { intent: "role", userId: another.userId, role: "moderator" },
      { intent: "transfer", userId: premium.userId },
      { intent: "invite", days: "7" },
      { intent: "archive", archived: "true" },
    ]) {
      const answer = await act(slug, premium, fields);
      expect(answer.status, fields.intent).toBe(403);
    }
    const update = await act(slug, premium, {
      intent: "update",
      name: "Taken Over",
      description: "",
      tags: "",
      language: "en",
      visibility: "open",
      memberLimit: "50",
    });
    expect(update.status).toBe(403);
    expect(await membership(slug, another)).toMatchObject({ role: "member", bannedAt: null });
    expect(await membership(slug, owner)).toMatchObject({ role: "owner" });
    const [row] = await db().select().from(covens).where(eq(covens.slug, slug));
    expect(row).toMatchObject({ archivedAt: null, memberCount: 3 });
    expect(row!.name).not.toBe("Taken Over");
    // The owner cannot leave before handing ownership over; the settings tab is leaders' only.
    expect((await act(slug, owner, { intent: "leave" })).status).toBe(403);
    expect(
      (await call(covenRoute.loader, `/covens/${slug}?tab=settings`, premium, { slug })).status,
    ).toBe(403);
    // An invite-only coven is a 404 to a stranger, for its actions too.
    const hidden = await coven({ visibility: "invite" });
    expect((await act(hidden.slug, premium, { intent: "join" })).status).toBe(404);
    expect((await act(hidden.slug, premium, { intent: "leave" })).status).toBe(404);
  });

  it("lets leaders lead: moderator, ban, owner, and an admin archive", async () => {
    const { slug } = await coven();
    await act(slug, premium, { intent: "join" });
    await act(slug, another, { intent: "join" });
    expect(
      (await act(slug, owner, { intent: "role", userId: premium.userId, role: "moderator" }))
        .status,
    ).toBe(200);
    expect(await membership(slug, premium)).toMatchObject({ role: "moderator" });
    expect((await act(slug, premium, { intent: "ban", userId: another.userId })).status).toBe(200);
    expect((await membership(slug, another))?.bannedAt).not.toBeNull();
    expect((await act(slug, another, { intent: "join" })).body?.formError).toBe(
      "covens.refusals.banned",
    );
    expect((await act(slug, owner, { intent: "transfer", userId: premium.userId })).status).toBe(
      200,
    );
    expect(await membership(slug, premium)).toMatchObject({ role: "owner" });
    expect(await membership(slug, owner)).toMatchObject({ role: "moderator" });
    expect((await act(slug, admin, { intent: "archive", archived: "true" })).status).toBe(200);
    // Archived: gone from the list, still there for its members.
    const list = await call(listRoute.loader, "/covens", owner);
    expect(
      (list.data as { covens: Array<{ slug: string }> }).covens.map((c) => c.slug),
    ).not.toContain(slug);
    expect((await call(covenRoute.loader, `/covens/${slug}`, owner, { slug })).status).toBe(200);
    expect((await call(covenRoute.loader, `/covens/${slug}`, free, { slug })).status).toBe(403);
  });
});

describe("the side navigation's Covens badge", () => {
  it("counts the covens that are not archived", async () => {
    forgetCommunityCounts();
    const before = (await communityCounts()).covens;
    const { slug } = await coven();
    forgetCommunityCounts();
    expect((await communityCounts()).covens).toBe(before + 1);
    await setCovenArchived(admin.rules, slug, true);
    forgetCommunityCounts();
    expect((await communityCounts()).covens).toBe(before);
  });
});

describe("malformed ids", () => {
  it("are a 400 naming errors.badId before any query", async () => {
    const { slug } = await coven();
    for (const fields of <Array<Record<string, string>>>[
      { intent: "remove", userId: "not-a-uuid" },
      { intent: "ban", userId: "'; drop table covens; --" },
      { intent: "role", userId: "1", role: "moderator" },
      { intent: "transfer", userId: "" },
      { intent: "decide", requestId: "nope", decision: "approve" },
      { intent: "revoke", invitationId: "00000000-0000-0000-0000-00000000000Z" },
    ]) {
      const answer = await act(slug, owner, fields);
      expect(answer.status, fields.intent).toBe(400);
      expect(answer.body?.formError, fields.intent).toBe("errors.badId");
    }
    expect((await act(slug, owner, { intent: "conjure" })).status).toBe(400);
  });
});
