import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { signedInRequest } from "../../../tests/helpers/accounts";
import { auth } from "./auth.server";
import { CLIENT_IP_HEADER, consumeRateLimit } from "./rate-limit.server";
import { signIn, signUp } from "./sign-in.server";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
});
afterAll(() => cleanup());

let ip = 0;
/** Each test uses its own client address so rate limits of one test do not touch another. */
const fromNewIp = () =>
  new Request("http://localhost:3000/auth", {
    method: "POST",
    headers: { [CLIENT_IP_HEADER]: `10.0.0.${++ip}` },
  });

describe("sign in and sign up", () => {
  it("signs up, then signs in with a session cookie", async () => {
    const up = await signUp(fromNewIp(), {
      email: "luna@example.test",
      password: "moonlight-8",
      displayName: "Luna",
    });
    expect(up.ok).toBe(true);
    const result = await signIn(fromNewIp(), {
      email: "luna@example.test",
      password: "moonlight-8",
    });
    expect(result.ok).toBe(true);
    if (result.ok) {
      const cookie = result.headers.get("set-cookie") ?? "";
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
    }
  });

  it("answers a wrong password and an unknown e-mail the same way", async () => {
    await signedInRequest({ name: "Known" });
    const wrong = await signIn(fromNewIp(), {
      email: "luna@example.test",
      password: "not-the-password",
    });
    const unknown = await signIn(fromNewIp(), {
      email: "nobody@example.test",
      password: "not-the-password",
    });
    expect(wrong).toEqual({ ok: false, error: "invalidCredentials" });
    expect(unknown).toEqual(wrong);
  });

  it("refuses a second account with the same e-mail", async () => {
    expect(
      await signUp(fromNewIp(), {
        email: "luna@example.test",
        password: "another-one-8",
        displayName: "Luna Two",
      }),
    ).toEqual({ ok: false, error: "emailTaken" });
  });

  it("limits sign-in attempts per account across addresses", async () => {
    const results = [];
    for (let i = 0; i < 11; i++)
      results.push(
        await signIn(fromNewIp(), { email: "target@example.test", password: "guess-" + i }),
      );
    expect(results.slice(0, 10).every((r) => !r.ok && r.error === "invalidCredentials")).toBe(true);
    expect(results[10]).toEqual({ ok: false, error: "rateLimited" });
  });

  it("counts in fixed windows and starts again after one", async () => {
    const rule = { limit: 2, windowSeconds: 60 };
    const t0 = new Date("2026-01-01T00:00:00Z");
    expect(await consumeRateLimit("k", rule, t0)).toBe(true);
    expect(await consumeRateLimit("k", rule, new Date(t0.getTime() + 1000))).toBe(true);
    expect(await consumeRateLimit("k", rule, new Date(t0.getTime() + 2000))).toBe(false);
    expect(await consumeRateLimit("k", rule, new Date(t0.getTime() + 61_000))).toBe(true);
  });
});

/** better-auth's JSON sign-in as a client on the network calls it; the answer's status. */
async function jsonSignIn(body: { email: string; password: string }): Promise<number> {
  const response = await auth().handler(
    new Request("http://localhost:3000/api/auth/sign-in/email", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        [CLIENT_IP_HEADER]: `10.2.${Math.floor(++ip / 250)}.${ip % 250}`,
      },
      body: JSON.stringify(body),
    }),
  );
  return response.status;
}

/** One sign-in attempt on the form or the JSON endpoint, as the outcome the caller sees. */
const ways = {
  form: async (body: { email: string; password: string }) => {
    const result = await signIn(fromNewIp(), body);
    return result.ok ? "ok" : result.error;
  },
  json: async (body: { email: string; password: string }) => {
    const status = await jsonSignIn(body);
    return status === 200
      ? "ok"
      : status === 429
        ? "rateLimited"
        : status === 401
          ? "invalidCredentials"
          : `status ${status}`;
  },
};

describe.each(Object.keys(ways) as Array<keyof typeof ways>)(
  "the per-account sign-in limit on the %s",
  (way) => {
    const attempt = ways[way];

    it("checks at most 10 of 50 parallel wrong guesses", async () => {
      const { email } = await signedInRequest({ name: "Besieged" });
      const outcomes = await Promise.all(
        Array.from({ length: 50 }, (_, i) => attempt({ email, password: `wrong-guess-${i}` })),
      );
      expect(outcomes.filter((o) => o === "invalidCredentials")).toHaveLength(10);
      expect(outcomes.filter((o) => o === "rateLimited")).toHaveLength(40);
    });

    it("never counts successful sign-ins", async () => {
      const { email, password } = await signedInRequest({ name: "Frequent Flyer" });
      for (let i = 0; i < 15; i++) expect(await attempt({ email, password })).toBe("ok");
      const parallel = await Promise.all(
        Array.from({ length: 8 }, () => attempt({ email, password })),
      );
      expect(parallel.every((o) => o === "ok")).toBe(true);
    });

    it("counts only the failures between successes", async () => {
      const { email, password } = await signedInRequest({ name: "Forgetful Sometimes" });
      for (let i = 0; i < 9; i++)
        expect(await attempt({ email, password: `wrong-${i}` })).toBe("invalidCredentials");
      for (let i = 0; i < 5; i++) expect(await attempt({ email, password })).toBe("ok");
      expect(await attempt({ email, password: "wrong-9" })).toBe("invalidCredentials");
      expect(await attempt({ email, password: "wrong-10" })).toBe("rateLimited");
      // Locked for guessing means locked: the right password waits for the window too.
      expect(await attempt({ email, password })).toBe("rateLimited");
    });
  },
);
