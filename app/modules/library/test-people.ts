import { createAccount } from "#app/modules/auth/index.server";
import { NotAllowedError, type Member } from "#app/modules/auth";
import { memberActor } from "../../../tests/helpers/actors";
import { LibraryRefusedError } from "./reading.server";

/*
 * The library tests' people and refusals: a new account as a free, premium or admin actor, and
 * the reason a command was refused ("allowed" when it was not).
 */

let counter = 0;
export async function libraryPerson(
  kind: "premium" | "free" | "admin" = "free",
  prefix = "library",
): Promise<Member> {
  counter += 1;
  const id = await createAccount({
    email: `${prefix}-${counter}-${Date.now()}@example.test`,
    password: "correct-horse-battery",
    name: `Reader ${counter}`,
  });
  if (kind === "admin") return memberActor(id, { role: "admin" });
  return kind === "premium" ? memberActor(id, { tier: "full", subscribed: true }) : memberActor(id);
}

export async function refusalOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof LibraryRefusedError) return error.reason;
    if (error instanceof NotAllowedError) return "notAllowed";
    throw error;
  }
  return "allowed";
}
