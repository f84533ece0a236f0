import { eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { createAccount } from "#app/modules/auth/index.server";
import { NotAllowedError, type Member } from "#app/modules/auth";
import { profiles } from "#app/modules/profiles/schema";
import { memberActor } from "../../../tests/helpers/actors";
import { BookRefusedError } from "./errors";

/*
 * Book Forge tests' people and refusals: a new account as a free, premium or admin actor (with
 * its profile address, for naming co-authors), and the reason a command was refused.
 */

let counter = 0;
export async function bookPerson(
  kind: "premium" | "free" | "admin" = "free",
): Promise<Member & { slug: string }> {
  counter += 1;
  const id = await createAccount({
    email: `books-${counter}-${Date.now()}@example.test`,
    password: "correct-horse-battery",
    name: `Writer ${counter}`,
  });
  const [profile] = await db()
    .select({ slug: profiles.slug })
    .from(profiles)
    .where(eq(profiles.userId, id));
  const actor =
    kind === "admin"
      ? memberActor(id, { role: "admin" })
      : kind === "premium"
        ? memberActor(id, { tier: "full", subscribed: true })
        : memberActor(id);
  return { ...actor, slug: profile!.slug };
}

export async function refusalOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof BookRefusedError) return error.reason;
    if (error instanceof NotAllowedError) return "notAllowed";
    throw error;
  }
  return "allowed";
}
