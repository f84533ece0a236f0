import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { signedInRequest } from "../../../tests/helpers/accounts";
import { startMailCatcher } from "../../../tests/helpers/mail-catcher";
import { db } from "#app/db/client.server";
import { backgroundIdle, backgroundPending, runInBackground } from "#app/lib/background.server";
import { emailOutbox } from "#app/modules/email/schema";
import { auth } from "./auth.server";
import { CLIENT_IP_HEADER } from "./rate-limit.server";
import { verification } from "./schema";
import { requestPasswordReset } from "./sign-in.server";

// Account enumeration by timing: asking for a reset link must do the same work whether or not
// the account exists. The request only checks its input, counts its limits and queues the
// work; finding the account, issuing the token and sending the e-mail happen after the answer.
let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  catcher = await startMailCatcher();
  process.env.SMTP_URL = catcher.url;
  ({ cleanup } = await setupTestDatabase());
});
const holds: Array<() => void> = [];
afterAll(async () => {
  for (const release of holds) release();
  await backgroundIdle();
  await cleanup();
  await catcher.close();
});

let ip = 0;
const headers = () => ({ [CLIENT_IP_HEADER]: `10.5.0.${++ip}`, "accept-language": "fr" });

async function jsonRequest(email: string) {
  const response = await auth().handler(
    new Request("http://localhost:3000/api/auth/request-password-reset", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers() },
      body: JSON.stringify({ email, redirectTo: "/reset-password" }),
    }),
  );
  return { status: response.status, body: await response.text() };
}

/** Holds the background queue until `release()`, so the test sees what the request itself did. */
function holdBackground() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  runInBackground("test: hold the queue", () => held);
  holds.push(release);
  return release;
}

const rows = async () => ({
  tokens: (await db().select().from(verification)).length,
  stored: (await db().select().from(emailOutbox)).length,
  delivered: catcher.messages.length,
});

describe("asking for a reset link", () => {
  it("does the same work and answers the same for a known and an unknown address", async () => {
    const { email } = await signedInRequest({ name: "Known Member" });
    const unknown = "nobody-here@example.test";
    const release = holdBackground();
    const before = await rows();
    const queuedBefore = backgroundPending();

    const known = {
      form: await requestPasswordReset(
        new Request("http://localhost:3000/forgot-password", { headers: headers() }),
        email,
      ),
      json: await jsonRequest(email),
    };
    expect(backgroundPending()).toBe(queuedBefore + 2);
    const stranger = {
      form: await requestPasswordReset(
        new Request("http://localhost:3000/forgot-password", { headers: headers() }),
        unknown,
      ),
      json: await jsonRequest(unknown),
    };
    expect(backgroundPending()).toBe(queuedBefore + 4);

    expect(known).toEqual(stranger);
    expect(known.form).toEqual({ ok: true });
    expect(known.json.status).toBe(200);
    // Nothing that depends on the account happened while the requests were answered.
    expect(await rows()).toEqual(before);

    release();
    await backgroundIdle();
    const after = await rows();
    expect(after.tokens).toBe(before.tokens + 2);
    expect(catcher.messages.filter((m) => m.to.includes(email))).toHaveLength(2);
    expect(catcher.messages.filter((m) => m.to.includes(unknown))).toHaveLength(0);
    // Written in the language of the request (the member chose none).
    expect(catcher.messages.find((m) => m.to.includes(email))?.subject).toMatch(/mot de passe/i);
  });

  it("answers at once even when the mail server is slow, and a failed send does not fail later work", async () => {
    const { email } = await signedInRequest({ name: "Patient Member" });
    const release = holdBackground();
    runInBackground("test: a failing task", async () => {
      throw new Error("boom");
    });
    expect(await jsonRequest(email)).toMatchObject({ status: 200 });
    expect(catcher.messages.filter((m) => m.to.includes(email))).toHaveLength(0);
    release();
    await backgroundIdle();
    expect(catcher.messages.filter((m) => m.to.includes(email))).toHaveLength(1);
    expect(backgroundPending()).toBe(0);
  });
});
