import { eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { createAccount } from "#app/modules/auth/index.server";
import type { Member } from "#app/modules/auth";
import { profiles } from "#app/modules/profiles/schema";
import { memberActor } from "./actors";
import type { EventInput } from "#app/modules/coven-events/index.server";

/** Test fixtures of the events module: members of each kind, and an event's form input. */
let counter = 0;
export async function person(
  kind: "premium" | "free" | "admin" = "premium",
  language: string | null = null,
): Promise<Member & { email: string }> {
  counter += 1;
  const email = `event-${counter}-${Date.now()}@example.test`;
  const id = await createAccount({
    email,
    password: "correct-horse-battery",
    name: `Attendee ${counter}`,
  });
  if (kind === "admin")
    await db().update(profiles).set({ role: "admin" }).where(eq(profiles.userId, id));
  if (language) await db().update(profiles).set({ language }).where(eq(profiles.userId, id));
  const actor =
    kind === "admin"
      ? memberActor(id, { role: "admin" })
      : kind === "premium"
        ? memberActor(id, { tier: "full", subscribed: true })
        : memberActor(id);
  return { ...actor, email };
}

export function eventInput(partial: Partial<EventInput> = {}): EventInput {
  return {
    title: "Full moon circle",
    description: "Bring a **candle**.",
    start: new Date(Date.now() + 3 * 86_400_000),
    end: new Date(Date.now() + 3 * 86_400_000 + 2 * 3_600_000),
    timeZone: "Europe/Berlin",
    recurrence: null,
    onlineUrl: "https://meet.example/full-moon",
    place: null,
    capacity: null,
    coverUrl: null,
    visibility: "public",
    ...partial,
  };
}
