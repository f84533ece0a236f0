import { APIError } from "better-auth";
import { eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { user } from "./schema";
import { auth } from "./auth.server";

export class AccountExistsError extends Error {}

/** Creates an e-mail/password account (with its profile and free subscriber record). */
export async function createAccount(input: { email: string; password: string; name: string }): Promise<string> {
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
