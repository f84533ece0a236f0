import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { publicUrl } from "#app/lib/config.server";
import { db, type Db } from "#app/db/client.server";
import * as schema from "#app/db/schema";
import { createMemberRecords } from "#app/modules/profiles/index.server";
import { emitEvent } from "#app/modules/events/index.server";
import { betterAuthLogger, logger } from "#app/lib/logger.server";
import { adoptGuestAssignments } from "#app/modules/experiments/index.server";
import { afterAuthEndpoint, beforeAuthEndpoint, checkedUserFields } from "./auth-guards.server";
import { revokeResetTokens } from "./password-reset.server";
import { authSecret } from "./secret.server";
import { PASSWORD_MAX, PASSWORD_MIN } from "./validation";

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
    // Its lines go through our logger, which keeps query parameters and tokens out of the log.
    logger: betterAuthLogger,
    // Limits are applied by our own database-backed limiter (rate-limit.server.ts), shared by
    // every process, in the hooks (auth-guards.server.ts) that both the forms and the
    // /api/auth endpoints pass.
    rateLimit: { enabled: false },
    trustedOrigins: [baseURL],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      revokeSessionsOnPasswordReset: true,
      // One used link ends the others (the reset itself spent its own).
      onPasswordReset: async ({ user }) => {
        await revokeResetTokens(user.id);
      },
      // Reset links are issued and sent by password-reset.server.ts (the before hook answers
      // /request-password-reset), so better-auth's sendResetPassword is not set.
    },
    hooks: { before: beforeAuthEndpoint, after: afterAuthEndpoint },
    databaseHooks: {
      user: {
        create: {
          before: async (data, ctx) => ({ data: { ...data, ...checkedUserFields(data, ctx) } }),
          after: async (created, ctx) => {
            // Runs after the account is committed: a failure here must not fail the sign-up,
            // and getViewer creates missing member records on the account's first page.
            try {
              await createMemberRecords({
                userId: created.id,
                email: created.email,
                displayName: created.name,
              });
              // Its own transaction: better-auth has committed the account before this hook.
              // Queued, the admins' notice survives a restart and is retried if it fails.
              await db().transaction((tx) =>
                emitEvent(tx as unknown as Db, {
                  name: "member.joined",
                  userId: created.id,
                  displayName: created.name,
                }),
              );
            } catch (error) {
              logger.error(
                { err: error, userId: created.id },
                "creating the member records of a new account, or announcing it, failed",
              );
            }
            try {
              // The variants the guest browser was shown move to the account, counted as sign-ups.
              await adoptGuestAssignments(created.id, ctx?.headers ?? ctx?.request?.headers);
            } catch (error) {
              logger.warn(
                { err: error, userId: created.id },
                "carrying over A/B assignments failed",
              );
            }
          },
        },
        update: {
          before: async (data, ctx) => ({ data: { ...data, ...checkedUserFields(data, ctx) } }),
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
