import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/client.server";
import { petitionNotes, petitions, ritualKinds } from "#app/modules/petitions/schema";
import { seedPetitionKinds } from "#app/modules/petitions/index.server";
import { PETITION_LIMITS } from "#app/modules/petitions";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member } from "../../../tests/helpers/community";
import { callRoute } from "../../../tests/helpers/route-call";
import * as requestRoute from "./request";
import * as petitionRoute from "./petition";
import * as queueRoute from "../admin/petitions";
import * as ritualRoute from "../admin/ritual";

/*
 * The ritual request pages as the framework calls them: /request-ritual files requests and
 * refuses hostile input with a translated 4xx; /request-ritual/{id} is the owner's (and admins')
 * only, without the internal notes; the admin screens are for admins, and their forms refuse
 * bad ids, unknown commands and stale moves.
 */

let cleanup: () => Promise<void>;
type Account = Awaited<ReturnType<typeof member>>;
let admin: Account;
let owner: Account;
let stranger: Account;
let kindId: string;
let petitionId: string;
const NOTE = "internal-only-zephyr";

beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  await seedPetitionKinds();
  admin = await member({ role: "admin", name: "Route Admin" });
  owner = await member({ name: "Route Owner" });
  stranger = await member({ name: "Route Stranger" });
  const [kind] = await db().select({ id: ritualKinds.id }).from(ritualKinds).limit(1);
  kindId = kind!.id;
});
afterAll(() => cleanup());

const valid = () => ({
  kindId,
  intention: "Clear the old grief from my house",
  details: "",
  names: "",
  preferredDate: "",
  consent: "on",
});

describe("/request-ritual", () => {
  it("sends guests to sign in and back", async () => {
    const answer = await callRoute(requestRoute.loader, "/request-ritual", null);
    expect(answer).toMatchObject({ status: 302, location: "/auth?redirectTo=%2Frequest-ritual" });
    const posted = await callRoute(requestRoute.action, "/request-ritual", null, {}, valid());
    expect(posted.status).toBe(302);
  });

  it("files a request and lists it; a second of the kind is a translated 409", async () => {
    const filed = await callRoute(
      requestRoute.action,
      "/request-ritual",
      owner.cookie,
      {},
      valid(),
    );
    expect(filed.status).toBe(200);
    expect(filed.body?.toast?.key).toBe("petitions.submitted");
    const page = (await callRoute(requestRoute.loader, "/request-ritual", owner.cookie)).data as {
      kinds: unknown[];
      mine: Array<{ id: string; status: string }>;
    };
    expect(page.kinds.length).toBeGreaterThan(0);
    expect(page.mine).toHaveLength(1);
    expect(page.mine[0]!.status).toBe("submitted");
    petitionId = page.mine[0]!.id;
    const again = await callRoute(
      requestRoute.action,
      "/request-ritual",
      owner.cookie,
      {},
      valid(),
    );
    expect(again.status).toBe(409);
    expect(again.body?.formError).toBe("petitions.errors.open");
  });

  it("refuses hostile input with 400 and a translated message, writing nothing", async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ ...valid(), consent: "" }, "consent", "petitions.errors.consentRequired"],
      [{ ...valid(), consent: "yes" }, "consent", "petitions.errors.consentRequired"],
      [{ ...valid(), kindId: "" }, "kindId", "petitions.errors.kindRequired"],
      [
        { ...valid(), kindId: "'; drop table petitions; --" },
        "kindId",
        "petitions.errors.kindRequired",
      ],
      [{ ...valid(), intention: "   " }, "intention", "petitions.errors.intentionRequired"],
      [
        { ...valid(), intention: "x".repeat(PETITION_LIMITS.intention + 1) },
        "intention",
        "petitions.errors.tooLong",
      ],
      [{ ...valid(), details: "y".repeat(1_000_000) }, "details", "petitions.errors.tooLong"],
      [
        { ...valid(), names: "z".repeat(PETITION_LIMITS.names + 1) },
        "names",
        "petitions.errors.tooLong",
      ],
      [{ ...valid(), preferredDate: "2026-02-30" }, "preferredDate", "petitions.errors.badDate"],
      [{ ...valid(), preferredDate: "tomorrow" }, "preferredDate", "petitions.errors.badDate"],
      [{ ...valid(), preferredDate: "9999-01-01" }, "preferredDate", "petitions.errors.badDate"],
      // A day that has passed everywhere (two days ago in UTC).
      [
        {
          ...valid(),
          preferredDate: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10),
        },
        "preferredDate",
        "petitions.errors.pastDate",
      ],
    ];
    for (const [fields, field, key] of cases) {
      const answer = await callRoute(
        requestRoute.action,
        "/request-ritual",
        stranger.cookie,
        {},
        fields,
      );
      expect(answer.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(answer.body?.fieldErrors?.[field]).toBe(key);
    }
    const unknown = await callRoute(
      requestRoute.action,
      "/request-ritual",
      stranger.cookie,
      {},
      {
        ...valid(),
        kindId: "00000000-0000-4000-8000-000000000000",
      },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body?.fieldErrors?.kindId).toBe("petitions.errors.kindRequired");
    const json = new Request("http://localhost:3000/request-ritual", {
      method: "POST",
      headers: { cookie: stranger.cookie, "content-type": "application/json" },
      body: JSON.stringify(valid()),
    });
    await expect(
      requestRoute.action({
        request: json,
        url: new URL(json.url),
        params: {},
        context: undefined,
      } as never),
    ).rejects.toMatchObject({ init: { status: 400 } });
    expect(
      await db().select().from(petitions).where(eq(petitions.userId, stranger.userId)),
    ).toHaveLength(0);
  });
});

describe("/request-ritual/{id}", () => {
  it("shows the owner and admins the request, never the notes; others get 404", async () => {
    await db().insert(petitionNotes).values({ petitionId, authorId: admin.userId, body: NOTE });
    const mine = await callRoute(
      petitionRoute.loader,
      `/request-ritual/${petitionId}`,
      owner.cookie,
      { id: petitionId },
    );
    expect(mine.status).toBe(200);
    expect(JSON.stringify(mine.data)).not.toContain(NOTE);
    expect((mine.data as { petition: { intention: string } }).petition.intention).toContain(
      "grief",
    );
    const byAdmin = await callRoute(
      petitionRoute.loader,
      `/request-ritual/${petitionId}`,
      admin.cookie,
      { id: petitionId },
    );
    expect(byAdmin.status).toBe(200);
    const other = await callRoute(
      petitionRoute.loader,
      `/request-ritual/${petitionId}`,
      stranger.cookie,
      { id: petitionId },
    );
    expect(other.status).toBe(404);
    const guest = await callRoute(petitionRoute.loader, `/request-ritual/${petitionId}`, null, {
      id: petitionId,
    });
    expect(guest.status).toBe(302);
    for (const bad of ["not-an-id", "1 or 1=1", "%00", "x".repeat(5000)]) {
      const answer = await callRoute(petitionRoute.loader, `/request-ritual/x`, owner.cookie, {
        id: bad,
      });
      expect(answer.status).toBe(400);
    }
    const nobody = await callRoute(petitionRoute.loader, `/request-ritual/x`, owner.cookie, {
      id: "00000000-0000-4000-8000-000000000000",
    });
    expect(nobody.status).toBe(404);
  });
});

describe("admin screens", () => {
  it("are refused to members (403) and guests (sign in), on loaders and actions", async () => {
    const params = { id: petitionId };
    expect((await callRoute(queueRoute.loader, "/admin/petitions", owner.cookie)).status).toBe(403);
    expect(
      (await callRoute(ritualRoute.loader, "/admin/rituals/x", owner.cookie, params)).status,
    ).toBe(403);
    const accept = { intent: "change", command: "accept", from: "submitted" };
    expect(
      (await callRoute(ritualRoute.action, "/admin/rituals/x", owner.cookie, params, accept))
        .status,
    ).toBe(403);
    expect(
      (await callRoute(ritualRoute.action, "/admin/rituals/x", null, params, accept)).status,
    ).toBe(302);
    const note = { intent: "note", body: "sneaky" };
    expect(
      (await callRoute(ritualRoute.action, "/admin/rituals/x", stranger.cookie, params, note))
        .status,
    ).toBe(403);
    const kind = { intent: "createKind", name: "Member kind", description: "", position: "1" };
    expect(
      (await callRoute(queueRoute.action, "/admin/petitions", owner.cookie, {}, kind)).status,
    ).toBe(403);
    const [row] = await db().select().from(petitions).where(eq(petitions.id, petitionId));
    expect(row!.status).toBe("submitted");
  });

  it("the queue reads odd filters as defaults; the request screen shows notes and commands", async () => {
    const queue = await callRoute(
      queueRoute.loader,
      "/admin/petitions?status=bogus&age=-1&sort=%00&page=abc",
      admin.cookie,
    );
    expect(queue.status).toBe(200);
    expect((queue.data as { filters: unknown }).filters).toEqual({
      status: "",
      age: "",
      sort: "newest",
    });
    const screen = await callRoute(
      ritualRoute.loader,
      `/admin/rituals/${petitionId}`,
      admin.cookie,
      { id: petitionId },
    );
    const view = screen.data as { notes: Array<{ body: string }>; commands: string[] };
    expect(view.notes.map((n) => n.body)).toContain(NOTE);
    expect(view.commands).toEqual(["accept", "decline"]);
  });

  it("refuses hostile changes with 4xx and translated messages; a stale one with 409", async () => {
    const path = `/admin/rituals/${petitionId}`;
    const params = { id: petitionId };
    const bad: Array<[Record<string, string>, number, string]> = [
      [{ intent: "change", command: "explode", from: "submitted" }, 400, "errors.badRequest"],
      [{ intent: "change", command: "accept", from: "limbo" }, 400, "errors.badRequest"],
      [
        {
          intent: "change",
          command: "decline",
          from: "submitted",
          reason: "r".repeat(PETITION_LIMITS.reason + 1),
        },
        400,
        "petitions.errors.tooLong",
      ],
      [
        { intent: "change", command: "decline", from: "submitted" },
        409,
        "petitions.errors.reasonRequired",
      ],
      [
        { intent: "change", command: "close", from: "submitted" },
        409,
        "petitions.errors.notAllowed",
      ],
      [
        { intent: "change", command: "schedule", from: "submitted", date: "not-a-date" },
        400,
        "petitions.errors.badDate",
      ],
      [{ intent: "note", body: "" }, 400, "petitions.errors.noteRequired"],
      [
        { intent: "note", body: "n".repeat(PETITION_LIMITS.note + 1) },
        400,
        "petitions.errors.tooLong",
      ],
      [{ intent: "whatever" }, 400, "errors.badRequest"],
      [{ intent: "photo", photoId: "nope" }, 400, "errors.badId"],
      [
        { intent: "photo", photoId: crypto.randomUUID() },
        409,
        "petitions.errors.photoNotPerformed",
      ],
    ];
    for (const [fields, status, key] of bad) {
      const answer = await callRoute(ritualRoute.action, path, admin.cookie, params, fields);
      expect(answer.status, JSON.stringify(fields).slice(0, 80)).toBe(status);
      expect(answer.body?.formError).toBe(key);
    }
    const badId = await callRoute(
      ritualRoute.action,
      "/admin/rituals/x",
      admin.cookie,
      { id: "nope" },
      { intent: "note", body: "hi" },
    );
    expect(badId.status).toBe(400);
    const gone = await callRoute(
      ritualRoute.action,
      "/admin/rituals/x",
      admin.cookie,
      { id: "00000000-0000-4000-8000-000000000000" },
      { intent: "change", command: "accept", from: "submitted" },
    );
    expect(gone.status).toBe(404);

    const ok = await callRoute(ritualRoute.action, path, admin.cookie, params, {
      intent: "change",
      command: "accept",
      from: "submitted",
    });
    expect(ok.body?.toast?.key).toBe("petitions.request.changed");
    const stale = await callRoute(ritualRoute.action, path, admin.cookie, params, {
      intent: "change",
      command: "accept",
      from: "submitted",
    });
    expect(stale.status).toBe(409);
    expect(stale.body?.formError).toBe("petitions.errors.stale");
    const [row] = await db().select().from(petitions).where(eq(petitions.id, petitionId));
    expect(row!.status).toBe("accepted");
  });

  it("kinds: added, a taken name is a 409, bad values a 400", async () => {
    const add = (fields: Record<string, string>) =>
      callRoute(
        queueRoute.action,
        "/admin/petitions",
        admin.cookie,
        {},
        { intent: "createKind", ...fields },
      );
    expect(
      (await add({ name: "Full moon circle", description: "", position: "3", active: "on" })).body
        ?.toast?.key,
    ).toBe("petitions.kinds.added");
    const taken = await add({ name: "Full moon circle", position: "3" });
    expect(taken.status).toBe(409);
    expect(taken.body?.fieldErrors?.name).toBe("petitions.errors.kindTaken");
    expect((await add({ name: "", position: "1" })).body?.fieldErrors?.name).toBe(
      "petitions.errors.kindNameRequired",
    );
    expect(
      (await add({ name: "k".repeat(PETITION_LIMITS.kindName + 1) })).body?.fieldErrors?.name,
    ).toBe("petitions.errors.tooLong");
    expect((await add({ name: "Odd", position: "-3" })).body?.fieldErrors?.position).toBe(
      "petitions.errors.badPosition",
    );
    expect((await add({ name: "Odd", position: "1e400" })).status).toBe(400);
    const update = await callRoute(
      queueRoute.action,
      "/admin/petitions",
      admin.cookie,
      {},
      { intent: "updateKind", id: "bad", name: "X" },
    );
    expect(update.status).toBe(400);
    const missing = await callRoute(
      queueRoute.action,
      "/admin/petitions",
      admin.cookie,
      {},
      {
        intent: "updateKind",
        id: "00000000-0000-4000-8000-000000000000",
        name: "X",
        position: "1",
      },
    );
    expect(missing.status).toBe(404);
  });
});
