import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp } from "../tests/helpers/app";
import { member as communityMember, seedCategories } from "../tests/helpers/community";
import { createPost } from "#app/modules/discussions/index.server";

// What the fuzz test (fuzz.test.ts) only checks as "not 5xx": each kind of bad input gets its
// 4xx and a message in the asker's language.

let app: Awaited<ReturnType<typeof startTestApp>>;
let member: Awaited<ReturnType<typeof communityMember>>;
let slug: string;
beforeAll(async () => {
  app = await startTestApp();
  await seedCategories();
  member = await communityMember({ tier: "full" });
  ({ slug } = await createPost(member.rules, {
    category: "general-discussion",
    title: "Bad input thread",
    content: "Body",
  }));
});
afterAll(() => app.cleanup());

const json = { "content-type": "application/json", "accept-language": "de" };
const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("bad input is a 4xx with a translated message", () => {
  it.each([
    ["null", "null"],
    ["an array", "[]"],
    ["a string", '"x"'],
    ["invalid JSON", "{"],
    ["a NUL byte", '{"email":"a@example.test","password":"\u0000"}'],
    ["an escaped NUL", JSON.stringify({ email: "a\u0000@example.test", password: "x" })],
  ])("the auth API refuses %s as a body with 400", async (_name, body) => {
    for (const endpoint of ["sign-in/email", "sign-up/email", "request-password-reset"]) {
      const response = await app.fetch(`/api/auth/${endpoint}`, {
        method: "POST",
        headers: json,
        body,
      });
      expect(response.status, endpoint).toBe(400);
      expect(await response.json()).toEqual({
        code: "BAD_REQUEST",
        message: "Die Anfrage konnte nicht verarbeitet werden.",
      });
    }
  });

  it("the auth API still takes a JSON object", async () => {
    const response = await app.fetch("/api/auth/sign-in/email", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ email: member.email, password: member.password }),
    });
    expect(response.status).toBe(200);
  });

  it.each([
    "/profile/%E0%A4%A",
    "/discussions/%",
    "/discussions/a%00b",
    "/profile/x%0Ay",
    "/discussions?q=%00",
  ])("an address that does not decode, %s, is a 400 page", async (path) => {
    const response = await app.fetch(path, {
      headers: { accept: "text/html", "accept-language": "fr" },
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("La requête n’a pas pu être traitée.");
  });

  it.each([
    ["JSON", { "content-type": "application/json" }, '{"locale":"de"}'],
    ["no body", {}, undefined],
    ["text", { "content-type": "text/plain" }, "locale=de"],
    ["a broken multipart body", { "content-type": "multipart/form-data; boundary=x" }, "--x\r\n"],
    [
      "a NUL in a field",
      { "content-type": "application/x-www-form-urlencoded" },
      "locale=de&redirectTo=%00",
    ],
  ])("a form action given %s answers 400", async (_name, headers, body) => {
    const response = await app.fetch("/api/locale", {
      method: "POST",
      headers: headers as Record<string, string>,
      body,
    });
    expect(response.status).toBe(400);
  });

  it("a page's form action given a body that is not a form shows the translated error screen", async () => {
    const response = await app.fetch(`/discussions/${slug}`, {
      method: "POST",
      headers: {
        cookie: member.cookie,
        "content-type": "application/json",
        accept: "text/html",
        "accept-language": "de",
      },
      body: '{"intent":"comment"}',
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Die Anfrage konnte nicht verarbeitet werden.");
  });

  // Decision 032: a malformed id is refused before any query, as bad input (it was a 404).
  it.each(["accept", "edit-comment", "delete-comment"])(
    "%s with a comment id that is not a UUID is a bad request (400)",
    async (intent) => {
      const response = await app.fetch(`/discussions/${slug}.data`, {
        method: "POST",
        headers: { cookie: member.cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent, commentId: "not-a-uuid", content: "An edit" }),
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("errors.badId");
    },
  );

  it("react with a target that is not a UUID is a bad request (400)", async () => {
    const response = await app.fetch(`/discussions/${slug}.data`, {
      method: "POST",
      headers: { cookie: member.cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        intent: "react",
        kind: "like",
        targetType: "comment",
        targetId: "' OR 1=1",
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("errors.badId");
  });

  it.each([
    cursor({ at: "2020-01-01T00:00:00Z", id: "not-a-uuid" }),
    cursor({ at: "+275760-09-13T00:00:00.000Z", id: "00000000-0000-4000-8000-000000000000" }),
    cursor({ offset: 1e20 }),
    cursor(null),
    "not base64 at all",
  ])("a tampered cursor starts from the first page (%s)", async (value) => {
    for (const tab of ["latest", "trending"]) {
      const response = await app.fetch(
        `/discussions.data?tab=${tab}&cursor=${encodeURIComponent(value)}`,
      );
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("Bad input thread");
    }
  });

  it.each(["1e309", "-1", "NaN", "99999999999999999999", "1.5"])(
    "a page number of %s shows page 1",
    async (page) => {
      const response = await app.fetch(`/members.data?page=${page}`);
      expect(response.status).toBe(200);
    },
  );

  it("a cookie that is not valid percent-encoding is ignored", async () => {
    const response = await app.fetch("/", {
      headers: { cookie: "i18nextLng=%E0%A4%A; sidebar_state=%" },
    });
    expect(response.status).toBe(200);
  });
});
