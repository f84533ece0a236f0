import { and, eq, like } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { verification } from "./schema";

/**
 * Reset tokens are `verification` rows as better-auth's /reset-password reads them: identifier
 * `reset-password:<token>`, value = the user id.
 */
export const RESET_IDENTIFIER_PREFIX = "reset-password:";

/**
 * Ends every outstanding reset link of an account. Run when its password was reset or changed,
 * so an older link (in a mailbox someone else can read) cannot set the password again.
 */
export async function revokeResetTokens(userId: string): Promise<void> {
  await db()
    .delete(verification)
    .where(and(eq(verification.value, userId), like(verification.identifier, `${RESET_IDENTIFIER_PREFIX}%`)));
}
