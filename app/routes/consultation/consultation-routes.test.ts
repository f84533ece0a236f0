import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/client.server";
import { auditLog } from "#app/modules/audit/schema";
import { setClock } from "#app/modules/consultations";
import { consultationSlots, consultations } from "#app/modules/consultations/schema";
import { covenMembers, covens } from "#app/modules/covens/schema";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member } from "../../../tests/helpers/community";
import { callRoute } from "../../../tests/helpers/route-call";
import * as adminRoute from "../admin/consultations";
import * as pageRoute from "./consultation";

/*
 * /consultation and /admin/consultations as the framework calls them: the page tells each viewer
 * whether they may book and why not; the forms refuse hostile input with a 4xx and write nothing;
 * only admins reach the admin screen; slots typed in the admin's zone are stored as instants.
 */

let cleanup: () => Promise<void>;
type Account = Awaited<ReturnType<typeof member>>;
let admin: Account;
let free: Account;
let premiumAlone: Account;
let eligible: Account;

const NOW = new Date("2031-03-10T12:00:00.000Z");
const BERLIN = "tz=Europe%2FBerlin";

beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  admin = await member({ role: "admin", name: "Consult Admin" });
  free = await member({ name: "Free Seeker" });
  premiumAlone = await member({ tier: "full", name: "Lone Premium" });
  eligible = await member({ tier: "full", name: "Coven Premium" });
  const [coven] = await db()
    .insert(covens)
    .values({ slug: "route-circle", name: "Route Circle", language: "en", visibility: "open" })
    .returning({ id: covens.id });
  await db().insert(covenMembers).values({ covenId: coven!.id, userId: eligible.userId });
});
afterAll(() => cleanup());
afterEach(() => setClock(null));

async function addSlots(fields: Record<string, string>, cookie = `${admin.cookie}; ${BERLIN}`) {
  return callRoute(
    adminRoute.action,
    "/admin/consultations",
    cookie,
    {},
    {
      intent: "createSlots",
      duration: "60",
      repeat: "none",
      weeks: "1",
      ...fields,
    },
  );
}

describe("/consultation", () => {
  it("tells each viewer whether they may book", async () => {
    const access = async (cookie: string | null) =>
      ((await callRoute(pageRoute.loader, "/consultation", cookie)).data as { access: string })
        .access;
    expect(await access(null)).toBe("guest");
    expect(await access(free.cookie)).toBe("free");
    expect(await access(premiumAlone.cookie)).toBe("noCoven");
    expect(await access(eligible.cookie)).toBe("eligible");
    expect(await access(admin.cookie)).toBe("eligible");
  });

  it("books a slot with the rules agreed, and offers no other time of that month", async () => {
    setClock(() => NOW);
    expect((await addSlots({ start: "2031-03-20T10:00" })).body?.ok).toBe(true);
    expect((await addSlots({ start: "2031-03-21T10:00" })).body?.ok).toBe(true);
    const page = await callRoute(pageRoute.loader, "/consultation", eligible.cookie);
    const { slots } = page.data as { slots: Array<{ id: string; startsAt: string }> };
    // 10:00 in Berlin in March (winter time) is 09:00 UTC.
    expect(slots.map((s) => s.startsAt)).toEqual([
      "2031-03-20T09:00:00.000Z",
      "2031-03-21T09:00:00.000Z",
    ]);

    const withoutRules = await callRoute(
      pageRoute.action,
      "/consultation",
      eligible.cookie,
      {},
      {
        intent: "book",
        slotId: slots[0]!.id,
      },
    );
    expect(withoutRules.status).toBe(400);
    expect(withoutRules.body?.fieldErrors?.rules).toBe("consultations.errors.rulesRequired");

    const booked = await callRoute(
      pageRoute.action,
      "/consultation",
      eligible.cookie,
      {},
      {
        intent: "book",
        slotId: slots[0]!.id,
        rules: "on",
      },
    );
    expect(booked.body).toMatchObject({ ok: true, toast: { key: "consultations.page.booked" } });
    const second = await callRoute(
      pageRoute.action,
      "/consultation",
      eligible.cookie,
      {},
      {
        intent: "book",
        slotId: slots[1]!.id,
        rules: "on",
      },
    );
    expect(second.status).toBe(409);
    expect(second.body?.formError).toBe("consultations.refusals.monthUsed");
    const after = (await callRoute(pageRoute.loader, "/consultation", eligible.cookie)).data as {
      slots: unknown[];
      usedMonths: string[];
      mine: Array<{ status: string; upcoming: boolean; canCancel: boolean }>;
    };
    expect(after.slots).toEqual([]);
    expect(after.usedMonths).toEqual(["2031-03"]);
    expect(after.mine).toMatchObject([{ status: "booked", upcoming: true, canCancel: true }]);
  });

  it("refuses ineligible members and hostile input with a 4xx, writing nothing", async () => {
    setClock(() => NOW);
    await addSlots({ start: "2031-04-02T10:00" });
    const [slot] = await db()
      .select()
      .from(consultationSlots)
      .where(eq(consultationSlots.startsAt, new Date("2031-04-02T08:00:00Z")));
    const before = (await db().select().from(consultations)).length;
    const asFree = await callRoute(
      pageRoute.action,
      "/consultation",
      free.cookie,
      {},
      {
        intent: "book",
        slotId: slot!.id,
        rules: "on",
      },
    );
    expect(asFree.status).toBe(403);
    expect(asFree.body?.formError).toBe("consultations.refusals.notEligible");
    const asGuest = await callRoute(
      pageRoute.action,
      "/consultation",
      null,
      {},
      {
        intent: "book",
        slotId: slot!.id,
        rules: "on",
      },
    );
    expect(asGuest.status).toBe(403);
    for (const fields of <Array<Record<string, string>>>[
      { intent: "book", slotId: "'; drop table consultations; --", rules: "on" },
      { intent: "book", slotId: slot!.id, rules: "yes please" },
      { intent: "cancel", id: "x".repeat(5_000) },
      { intent: "destroy", id: slot!.id },
      { intent: "book", slotId: `${slot!.id}\u202e`, rules: "on" },
    ]) {
      const answer = await callRoute(
        pageRoute.action,
        "/consultation",
        eligible.cookie,
        {},
        fields,
      );
      expect(answer.status, JSON.stringify(fields)).toBe(400);
    }
    const notMine = await callRoute(
      pageRoute.action,
      "/consultation",
      eligible.cookie,
      {},
      {
        intent: "cancel",
        id: crypto.randomUUID(),
      },
    );
    expect(notMine.status).toBe(404);
    expect((await db().select().from(consultations)).length).toBe(before);
  });
});

describe("/admin/consultations", () => {
  it("is for admins only", async () => {
    expect((await callRoute(adminRoute.loader, "/admin/consultations", free.cookie)).status).toBe(
      403,
    );
    expect((await callRoute(adminRoute.loader, "/admin/consultations", null)).status).toBe(302);
    const posted = await addSlots({ start: "2031-05-05T10:00" }, eligible.cookie);
    expect(posted.status).toBe(403);
    expect(
      await db()
        .select()
        .from(consultationSlots)
        .where(eq(consultationSlots.startsAt, new Date("2031-05-05T08:00:00Z"))),
    ).toEqual([]);
  });

  it("adds every weekday for N weeks in the admin's zone, and refuses nonsense", async () => {
    setClock(() => NOW);
    // Monday 2 June 2031, two weeks: ten weekdays at 09:30 Berlin (summer time: 07:30 UTC).
    const added = await addSlots({ start: "2031-06-02T09:30", repeat: "weekdays", weeks: "2" });
    expect(added.body?.toast).toMatchObject({ key: "consultations.admin.added" });
    const rows = await db().select().from(consultationSlots);
    const june = rows
      .filter((r) => r.startsAt.toISOString().startsWith("2031-06"))
      .map((r) => r.startsAt.toISOString())
      .sort();
    expect(june).toHaveLength(10);
    expect(june[0]).toBe("2031-06-02T07:30:00.000Z");
    expect(june.every((iso) => ![0, 6].includes(new Date(iso).getUTCDay()))).toBe(true);

    for (const fields of <Array<Record<string, string>>>[
      { start: "yesterday" },
      { start: "2031-06-02T09:30", duration: "7" },
      { start: "2031-06-02T09:30", repeat: "weekdays", weeks: "99" },
      { start: "2031-06-02T09:30", weeks: "-1" },
      { start: "2031-06-02T09:30", repeat: "hourly" },
    ]) {
      const answer = await addSlots(fields);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
    }
    const impossible = await addSlots({ start: "2031-02-30T10:00" });
    expect(impossible.body?.toast).toMatchObject({ key: "consultations.admin.noneAdded" });
  });

  it("lists the bookings and discards one with a reason, audited", async () => {
    setClock(() => NOW);
    const list = await callRoute(
      adminRoute.loader,
      "/admin/consultations?show=upcoming",
      admin.cookie,
    );
    const { bookings } = list.data as {
      bookings: { rows: Array<{ id: string; memberName: string }> };
    };
    const booking = bookings.rows.find((b) => b.memberName === "Coven Premium");
    expect(booking).toBeTruthy();
    const noReason = await callRoute(
      adminRoute.action,
      "/admin/consultations",
      admin.cookie,
      {},
      {
        intent: "discard",
        id: booking!.id,
        reason: " ",
      },
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body?.fieldErrors?.reason).toBe("consultations.errors.reasonRequired");
    const discarded = await callRoute(
      adminRoute.action,
      "/admin/consultations",
      admin.cookie,
      {},
      {
        intent: "discard",
        id: booking!.id,
        reason: "Shared the reading publicly.",
      },
    );
    expect(discarded.body?.ok).toBe(true);
    const again = await callRoute(
      adminRoute.action,
      "/admin/consultations",
      admin.cookie,
      {},
      {
        intent: "discard",
        id: booking!.id,
        reason: "Again",
      },
    );
    expect(again.status).toBe(409);
    const shown = await callRoute(
      adminRoute.loader,
      "/admin/consultations?show=discarded&page=abc",
      admin.cookie,
    );
    expect(JSON.stringify(shown.data)).toContain("Shared the reading publicly.");
    const audits = await db().select().from(auditLog).where(eq(auditLog.targetId, booking!.id));
    expect(audits.map((a) => a.action)).toEqual(["consultation.discard"]);
    const odd = await callRoute(
      adminRoute.loader,
      "/admin/consultations?show=<script>",
      admin.cookie,
    );
    expect(odd.status).toBe(200);
  });
});
