import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { signedInRequest } from "../../../tests/helpers/accounts";
import { db } from "#app/db/client.server";
import { profiles } from "#app/modules/profiles/schema";
import { auth } from "./auth.server";
import { CLIENT_IP_HEADER } from "./rate-limit.server";
import { user } from "./schema";

// better-auth's JSON endpoints, called the way a client on the network calls them (through the
// HTTP handler), so every check that runs here also runs for a direct JSON call.
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
});
afterAll(() => cleanup());

let ip = 0;
async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await auth().handler(
    new Request(`http://localhost:3000/api/auth${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        [CLIENT_IP_HEADER]: `10.1.0.${++ip}`,
        ...headers,
      },
      body: JSON.stringify(body),
    }),
  );
  const json = (await response.json().catch(() => null)) as {
    code?: string;
    message?: string;
  } | null;
  return { status: response.status, json, response };
}

/** A string of `length` letters that does not compress (as an attacker would send). */
function noise(length: number): string {
  return randomBytes(length)
    .toString("base64")
    .replace(/[^a-z]/gi, "x")
    .slice(0, length);
}

let n = 0;
const email = () => `json-${++n}-${Date.now()}@example.test`;
const accountCount = async () => (await db().select({ id: user.id }).from(user)).length;
const accountsWith = async (address: string) =>
  db().select({ id: user.id }).from(user).where(eq(user.email, address));

describe("sign-up through the JSON endpoint", () => {
  it("creates a valid account with a trimmed name and its profile", async () => {
    const address = email();
    const { status } = await post("/sign-up/email", {
      email: `  ${address.toUpperCase()} `,
      password: "valid-password-1",
      name: "  Celeste Moon  ",
    });
    expect(status).toBe(200);
    const [created] = await db()
      .select({ id: user.id, name: user.name, email: user.email })
      .from(user)
      .where(eq(user.email, address));
    expect(created).toMatchObject({ name: "Celeste Moon", email: address });
    const [profile] = await db().select().from(profiles).where(eq(profiles.userId, created!.id));
    expect(profile!.displayName).toBe("Celeste Moon");
  });

  it.each([
    ["a 100,000-character name", () => noise(100_000)],
    ["a 1 MB name", () => noise(1_000_000)],
    ["an empty name", () => ""],
    ["a whitespace-only name", () => "   \t  "],
    ["a one-character name", () => "A"],
    ["a right-to-left override", () => "Eve\u202Eevil"],
    ["a directional isolate", () => "\u2066Mallory\u2069"],
    ["a control character", () => "Null\u0000Byte"],
    ["a line break", () => "Two\nLines"],
    ["only invisible characters", () => "\u200B\u200B\u200B"],
    ["a name that is not a string", () => 42],
  ])("refuses %s with 400 and a translated message, creating nothing", async (_label, name) => {
    const address = email();
    const { status, json } = await post(
      "/sign-up/email",
      { email: address, password: "valid-password-1", name: name() },
      { "accept-language": "de" },
    );
    expect(status).toBe(400);
    expect(json?.code).toBe("INVALID_INPUT");
    expect(json?.message).toMatch(/Anzeigename|Anfrage/);
    expect(await accountsWith(address)).toHaveLength(0);
  });

  it.each([
    ["a 300-character e-mail", `${"a".repeat(290)}@example.test`],
    ["a malformed e-mail", "not-an-address"],
    ["an e-mail with a control character", "evil\u0000@example.test"],
  ])("refuses %s", async (_label, address) => {
    const before = await accountCount();
    const { status, json } = await post("/sign-up/email", {
      email: address,
      password: "valid-password-1",
      name: "Valid Name",
    });
    expect(status).toBe(400);
    expect(json?.message).toBe("Enter a valid e-mail address.");
    expect(await accountCount()).toBe(before);
  });

  it("refuses a password outside 8–128 characters and an avatar URL", async () => {
    expect(
      (await post("/sign-up/email", { email: email(), password: "short", name: "Valid Name" })).json
        ?.message,
    ).toBe("The password must have at least 8 characters.");
    expect(
      (
        await post("/sign-up/email", {
          email: email(),
          password: "p".repeat(129),
          name: "Valid Name",
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await post("/sign-up/email", {
          email: email(),
          password: "valid-password-1",
          name: "Valid Name",
          image: "javascript:alert(1)",
        })
      ).status,
    ).toBe(400);
  });
});

describe("the other JSON endpoints that take names, e-mails or passwords", () => {
  it("update-user refuses an invalid name and accepts a valid one", async () => {
    const { cookie, userId } = await signedInRequest({ name: "Renamed Later" });
    const headers = { cookie, origin: "http://localhost:3000" };
    expect((await post("/update-user", { name: "\u202Egnp.exe" }, headers)).status).toBe(400);
    expect((await post("/update-user", { name: noise(100_000) }, headers)).status).toBe(400);
    expect(
      (await post("/update-user", { image: "https://tracker.example/pixel.png" }, headers)).status,
    ).toBe(400);
    expect((await post("/update-user", { name: "  Properly Renamed " }, headers)).status).toBe(200);
    const [row] = await db().select({ name: user.name }).from(user).where(eq(user.id, userId));
    expect(row!.name).toBe("Properly Renamed");
  });

  it("change-email, change-password, reset and sign-in refuse out-of-bounds input with 400", async () => {
    const { cookie, password } = await signedInRequest({ name: "Bounded" });
    const headers = { cookie, origin: "http://localhost:3000" };
    expect(
      (await post("/change-email", { newEmail: `${"b".repeat(300)}@example.test` }, headers))
        .status,
    ).toBe(400);
    expect(
      (await post("/change-password", { currentPassword: password, newPassword: "short" }, headers))
        .status,
    ).toBe(400);
    expect(
      (
        await post(
          "/change-password",
          { currentPassword: "c".repeat(10_000), newPassword: "long-enough-1" },
          headers,
        )
      ).status,
    ).toBe(400);
    expect(
      (await post("/reset-password", { token: "t".repeat(10_000), newPassword: "long-enough-1" }))
        .status,
    ).toBe(400);
    expect(
      (await post("/request-password-reset", { email: `${"d".repeat(300)}@example.test` })).status,
    ).toBe(400);
    expect(
      (
        await post("/sign-in/email", {
          email: `${"e".repeat(300)}@example.test`,
          password: "whatever-1",
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await post("/sign-in/email", {
          email: "someone@example.test",
          password: "f".repeat(10_000),
        })
      ).status,
    ).toBe(400);
  });
});

describe("better-auth's own reset link", () => {
  it("is not served: our links lead to the reset page, and a token in a path ends up in logs", async () => {
    const response = await auth().handler(
      new Request(
        "http://localhost:3000/api/auth/reset-password/some-token?callbackURL=%2Freset-password",
      ),
    );
    expect(response.status).toBe(404);
  });
});
