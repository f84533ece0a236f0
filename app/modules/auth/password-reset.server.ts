import { randomBytes } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { baseLocale, type Locale } from "#app/i18n/locales";
import { runInBackground } from "#app/lib/background.server";
import { profiles } from "#app/modules/profiles/schema";
import { sendPasswordResetEmail } from "./emails.server";
import { user, verification } from "./schema";

/**
 * Reset tokens are `verification` rows as better-auth's /reset-password reads them: identifier
 * `reset-password:<token>`, value = the user id.
 */
export const RESET_IDENTIFIER_PREFIX = "reset-password:";
export const RESET_LINK_MINUTES = 60;

/**
 * Asks for a reset link for `email`. The caller answers at once and the same way whatever the
 * address: finding the account, issuing the token and sending the e-mail happen after the
 * response (runInBackground), so neither the answer nor its timing tells whether the account
 * exists (docs/decisions/014).
 */
export function queuePasswordReset(email: string, requestLocale: Locale): void {
  runInBackground("password-reset e-mail", () => sendResetLink(email, requestLocale));
}

async function sendResetLink(email: string, requestLocale: Locale): Promise<void> {
  const [account] = await db()
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      displayName: profiles.displayName,
      language: profiles.language,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.email, email))
    .limit(1);
  if (!account) return;
  const token = randomBytes(32).toString("base64url");
  await db()
    .insert(verification)
    .values({
      identifier: `${RESET_IDENTIFIER_PREFIX}${token}`,
      value: account.id,
      expiresAt: new Date(Date.now() + RESET_LINK_MINUTES * 60_000),
    });
  await sendPasswordResetEmail(
    { email: account.email, name: account.displayName ?? account.name },
    token,
    baseLocale(account.language) ?? requestLocale,
    RESET_LINK_MINUTES,
  );
}

/**
 * Ends every outstanding reset link of an account. Run when its password was reset or changed,
 * so an older link (in a mailbox someone else can read) cannot set the password again.
 */
export async function revokeResetTokens(userId: string): Promise<void> {
  await db()
    .delete(verification)
    .where(
      and(
        eq(verification.value, userId),
        like(verification.identifier, `${RESET_IDENTIFIER_PREFIX}%`),
      ),
    );
}
