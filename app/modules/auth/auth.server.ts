import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { publicUrl } from "#server/config";
import { db } from "#app/db/client.server";
import * as schema from "#app/db/schema";
import { createMemberRecords } from "#app/modules/profiles/profiles.server";
import { announceNewMember } from "#app/modules/notifications/new-member.server";
import { sendPasswordResetEmail } from "./emails.server";
import { authSecret } from "./secret.server";
import { PASSWORD_MIN } from "./validation";

function createAuth() {
  const baseURL = publicUrl();
  return betterAuth({
    baseURL,
    basePath: "/api/auth",
    secret: authSecret(),
    database: drizzleAdapter(db(), {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
      },
    }),
    advanced: {
      database: { generateId: "uuid" },
      useSecureCookies: baseURL.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    telemetry: { enabled: false },
    // Limits are applied by our own database-backed limiter (rate-limit.server.ts), shared by
    // every process, for both the forms and the /api/auth endpoints.
    rateLimit: { enabled: false },
    trustedOrigins: [baseURL],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }, request) => {
        await sendPasswordResetEmail(user, token, request);
      },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (created) => {
            await createMemberRecords({ userId: created.id, email: created.email, displayName: created.name });
            await announceNewMember({ userId: created.id, displayName: created.name });
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
let instance: Auth | undefined;
let instanceFor: unknown;

/** The better-auth instance bound to the open database. */
export function auth(): Auth {
  const handle = db();
  if (!instance || instanceFor !== handle) {
    instance = createAuth();
    instanceFor = handle;
  }
  return instance;
}

