import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { signedInRequest } from "../../../tests/helpers/accounts";
import { routeArgs } from "../../../tests/helpers/route-args";
import { db } from "#app/db/client.server";
import { auditLog } from "#app/modules/audit/schema";
import { action as pageAction, loader as pageLoader } from "#app/routes/pages/testimonials";
import { action as adminAction, loader as adminLoader } from "#app/routes/admin/testimonials";
import { TESTIMONIAL_MAX, TESTIMONIALS_PER_PAGE } from "./policy";
import { testimonials } from "./schema";
import { TESTIMONIAL_RATE, decideTestimonial, submitTestimonial } from "./testimonials.server";

// Testimonials: members send them, admins decide (audited), /testimonials shows approved ones.
let cleanup: () => Promise<void>;
let admin: Awaited<ReturnType<typeof signedInRequest>>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  admin = await signedInRequest({ role: "admin", name: "Testimonial Keeper" });
});
afterAll(() => cleanup());

const form = (path: string, fields: Record<string, string>, cookie: string) =>
  new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
const page = async (cookie = "", query = "") =>
  pageLoader(
    routeArgs(new Request(`http://localhost:3000/testimonials${query}`, { headers: { cookie } })),
  );
const adminPage = (cookie = admin.cookie) =>
  adminLoader(
    routeArgs(new Request("http://localhost:3000/admin/testimonials", { headers: { cookie } })),
  );

interface Answer {
  init: { status: number } | null;
  data: {
    ok: boolean;
    fieldErrors?: Record<string, string>;
    formError?: string;
    toast?: { key: string };
  };
}
const send = async (fields: Record<string, string>, cookie: string) =>
  (await pageAction(routeArgs(form("/testimonials", fields, cookie)))) as unknown as Answer;
const decide = async (fields: Record<string, string>, cookie = admin.cookie) =>
  (await adminAction(routeArgs(form("/admin/testimonials", fields, cookie)))) as unknown as Answer;

async function thrown(
  run: () => Promise<unknown>,
): Promise<{ status: number; location?: string | null }> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response)
      return { status: error.status, location: error.headers.get("location") };
    return { status: (error as { init?: { status?: number } }).init?.status ?? 0 };
  }
  throw new Error("expected a throw");
}

const story = "Sanctuary helped me find a patient study group and good sources.";

describe("testimonials", () => {
  it("a member sends one: it waits, is not shown, and a second one is refused while it waits", async () => {
    const member = await signedInRequest({ name: "Willow Ash" });
    const sent = await send({ body: story, showName: "on" }, member.cookie);
    expect(sent.data).toMatchObject({ ok: true, toast: { key: "testimonials.submitted" } });
    const [row] = await db()
      .select()
      .from(testimonials)
      .where(eq(testimonials.userId, member.userId));
    expect(row).toMatchObject({ status: "pending", showName: true, body: story });

    const seen = await page(member.cookie);
    expect(seen.testimonials).toEqual([]);
    expect(seen.own).toEqual({ status: "pending" });
    expect(seen.displayName).toBe("Willow Ash");

    const again = await send({ body: `${story} Again.` }, member.cookie);
    expect(again.init?.status).toBe(409);
    expect(again.data.formError).toBe("testimonials.errors.pending");
    expect(
      await db().select().from(testimonials).where(eq(testimonials.userId, member.userId)),
    ).toHaveLength(1);
  });

  it("refuses empty, short, huge and malformed input with 400 and a translated message", async () => {
    const member = await signedInRequest();
    const cases: Array<[Record<string, string>, string]> = [
      [{}, "testimonials.errors.bodyRequired"],
      [{ body: "   " }, "testimonials.errors.bodyRequired"],
      [{ body: "Too short" }, "testimonials.errors.bodyTooShort"],
      [{ body: "x".repeat(TESTIMONIAL_MAX + 1) }, "testimonials.errors.bodyTooLong"],
      [{ body: "y".repeat(2_000_000) }, "testimonials.errors.bodyTooLong"],
    ];
    for (const [fields, key] of cases) {
      const answer = await send(fields, member.cookie);
      expect(answer.init?.status).toBe(400);
      expect(answer.data.fieldErrors?.body).toBe(key);
    }
    const json = new Request("http://localhost:3000/testimonials", {
      method: "POST",
      headers: { cookie: member.cookie, "content-type": "application/json" },
      body: JSON.stringify({ body: story }),
    });
    expect((await thrown(() => pageAction(routeArgs(json)))).status).toBe(400);
    expect(
      await db().select().from(testimonials).where(eq(testimonials.userId, member.userId)),
    ).toHaveLength(0);
  });

  it("guests read the page and are sent to sign in to write", async () => {
    const guest = await page();
    expect(guest.displayName).toBeNull();
    expect(guest.signInPath).toBe("/auth?redirectTo=%2Ftestimonials");
    const answer = await thrown(() =>
      pageAction(routeArgs(form("/testimonials", { body: story }, ""))),
    );
    expect(answer).toEqual({ status: 302, location: "/auth?redirectTo=%2Ftestimonials" });
  });

  it("only admins decide: members get 403 on the screen and the action, nothing changes", async () => {
    const author = await signedInRequest();
    await submitTestimonial(author.userId, { body: story, showName: true });
    const [row] = await db()
      .select()
      .from(testimonials)
      .where(eq(testimonials.userId, author.userId));
    const member = await signedInRequest({ tier: "premium" });
    expect((await thrown(() => adminPage(member.cookie))).status).toBe(403);
    expect(
      (await thrown(() => decide({ id: row!.id, decision: "approve" }, member.cookie))).status,
    ).toBe(403);
    expect((await thrown(() => decide({ id: row!.id, decision: "approve" }, ""))).status).toBe(302);
    const [after] = await db().select().from(testimonials).where(eq(testimonials.id, row!.id));
    expect(after!.status).toBe("pending");
  });

  it("an admin approves and rejects: audited, approved ones shown with the chosen name, newest first", async () => {
    const named = await signedInRequest({ name: "Rowan Vale" });
    const hidden = await signedInRequest({ name: "Secret Name" });
    const refused = await signedInRequest({ name: "Spam Sender" });
    await send({ body: `${story} Named.`, showName: "on" }, named.cookie);
    await send({ body: `${story} Hidden.` }, hidden.cookie);
    await send({ body: "Buy cheap things at my shop, best prices!!" }, refused.cookie);
    const queue = await adminPage();
    const idOf = (userText: string) => queue.pending.find((p) => p.body.includes(userText))!.id;
    expect(queue.pending.map((p) => p.author)).toEqual(
      expect.arrayContaining(["Rowan Vale", "Secret Name"]),
    );

    expect((await decide({ id: idOf("Named."), decision: "approve" })).data.toast?.key).toBe(
      "admin.testimonials.approved",
    );
    expect((await decide({ id: idOf("Hidden."), decision: "approve" })).data.toast?.key).toBe(
      "admin.testimonials.approved",
    );
    expect((await decide({ id: idOf("cheap"), decision: "reject" })).data.toast?.key).toBe(
      "admin.testimonials.rejected",
    );
    // Decided already (another admin was quicker): 409, no second audit entry.
    const twice = await decide({ id: idOf("Named."), decision: "reject" });
    expect(twice.init?.status).toBe(409);
    expect(twice.data.formError).toBe("admin.testimonials.gone");

    const shown = (await page()).testimonials;
    expect(shown.map((t) => t.body)).toEqual([`${story} Hidden.`, `${story} Named.`]);
    expect(shown[0]).toMatchObject({ author: null, authorSlug: null });
    expect(shown[1]!.author).toBe("Rowan Vale");
    expect(JSON.stringify(await page())).not.toContain("Secret Name");
    expect(JSON.stringify(await page())).not.toContain("cheap");

    const audit = await db()
      .select({ action: auditLog.action, target: auditLog.targetId })
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.userId), eq(auditLog.targetType, "testimonial")));
    expect(audit.map((a) => a.action).sort()).toEqual([
      "testimonial.approve",
      "testimonial.approve",
      "testimonial.reject",
    ]);

    // The refused author may write a new one; the approved one sees it is published.
    expect((await page(refused.cookie)).own).toEqual({ status: "rejected" });
    expect((await page(named.cookie)).own).toEqual({ status: "approved" });
    expect((await send({ body: `${story} Second try.` }, refused.cookie)).data.ok).toBe(true);
  });

  it("refuses malformed ids and decisions with 400, and unknown ids with 409", async () => {
    const cases: Array<Record<string, string>> = [
      { id: "not-a-uuid", decision: "approve" },
      { id: "'; drop table testimonials; --", decision: "approve" },
      { id: "00000000-0000-4000-8000-000000000000", decision: "publish" },
      {},
    ];
    for (const fields of cases) {
      const answer = await decide(fields);
      expect(answer.init?.status, JSON.stringify(fields)).toBe(400);
      expect(answer.data.formError).toMatch(/^errors\./);
    }
    expect(
      (await decide({ id: "00000000-0000-4000-8000-000000000000", decision: "approve" })).init
        ?.status,
    ).toBe(409);
  });

  it("pages the approved ones, and a page past the end is empty, not an error", async () => {
    const authors = await Promise.all(
      Array.from({ length: TESTIMONIALS_PER_PAGE + 1 }, () => signedInRequest()),
    );
    for (const author of authors) {
      await submitTestimonial(author.userId, {
        body: `${story} ${author.userId}`,
        showName: false,
      });
    }
    const pending = await db()
      .select({ id: testimonials.id })
      .from(testimonials)
      .where(eq(testimonials.status, "pending"));
    for (const row of pending) await decideTestimonial(admin.userId, row.id, "approve");
    const first = await page();
    expect(first.testimonials).toHaveLength(TESTIMONIALS_PER_PAGE);
    expect(first.pageCount).toBe(2);
    const second = await page("", "?page=2");
    expect(second.testimonials.length).toBeGreaterThan(0);
    const ids = new Set([...first.testimonials, ...second.testimonials].map((t) => t.id));
    expect(ids.size).toBe(first.testimonials.length + second.testimonials.length);
    expect((await page("", "?page=999")).testimonials).toEqual([]);
    expect((await page("", "?page=-4&page=abc")).page).toBe(1);
  });

  it("limits how many a member sends a day", async () => {
    const member = await signedInRequest();
    for (let i = 0; i < TESTIMONIAL_RATE.limit; i++) {
      expect(await submitTestimonial(member.userId, { body: story, showName: true })).toBe(
        "submitted",
      );
      const [row] = await db()
        .select({ id: testimonials.id })
        .from(testimonials)
        .where(and(eq(testimonials.userId, member.userId), eq(testimonials.status, "pending")));
      await decideTestimonial(admin.userId, row!.id, "reject");
    }
    const answer = await send({ body: story }, member.cookie);
    expect(answer.init?.status).toBe(429);
    expect(answer.data.formError).toBe("testimonials.errors.rateLimited");
  });
});
