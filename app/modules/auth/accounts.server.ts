import { APIError } from "better-auth";
import { eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { user } from "./schema";
import { auth } from "./auth.server";
import { revokeResetTokens } from "./password-reset.server";

export class AccountExistsError extends Error {}

/** Creates an e-mail/password account (with its profile and free subscriber record). */
export async function createAccount(input: {
  email: string;
  password: string;
  name: string;
}): Promise<string> {
  try {
    const result = await auth().api.signUpEmail({
      body: { email: input.email.trim().toLowerCase(), password: input.password, name: input.name },
    });
    return result.user.id;
  } catch (error) {
    if (error instanceof APIError && /exist/i.test(String(error.body?.code ?? error.message))) {
      throw new AccountExistsError(input.email);
    }
    throw error;
  }
}

export async function findUserIdByEmail(email: string): Promise<string | undefined> {
  const [row] = await db()
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, email.trim().toLowerCase()))
    .limit(1);
  return row?.id;
}

/**
 * Sets an account's password as an operator (the command line): the only way back into an
 * account on an install without SMTP, where reset links reach nobody. Ends every session and
 * every outstanding reset link, as a reset does. The caller has validated the password.
 */
export async function setPassword(userId: string, password: string): Promise<void> {
  const context = await auth().$context;
  await context.internalAdapter.updatePassword(userId, await context.password.hash(password));
  await context.internalAdapter.deleteUserSessions(userId);
  await revokeResetTokens(userId);
}
