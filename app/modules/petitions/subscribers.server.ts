import { inArray } from "drizzle-orm";
import { ADMIN_ROLES } from "#app/modules/auth";
import { subscribe } from "#app/modules/events/index.server";
import { notify } from "#app/modules/notifications/index.server";
import { profiles } from "#app/modules/profiles/schema";
import { queuePetitionEmail } from "./emails.server";

/** What ritual requests set off (decision 057); each runs as its own job. */
export const petitionSubscriptions = [
  /** Admins hear of every new request, under their Admin tab. */
  subscribe("petition.submitted", "notifications", async (tx, filed) => {
    const admins = await tx
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(inArray(profiles.role, [...ADMIN_ROLES]));
    for (const admin of admins) {
      await notify(tx, {
        userId: admin.userId,
        content: { kind: "newPetition", name: filed.memberName, ritual: filed.ritual },
        actionUrl: filed.url,
      });
    }
  }),

  /** The member hears of every move of their request: in the bell and by e-mail. */
  subscribe("petition.changed", "notifications", (tx, change) =>
    notify(tx, {
      userId: change.userId,
      content: { kind: "petitionChanged", ritual: change.ritual, status: change.status },
      actionUrl: change.url,
    }),
  ),
  subscribe("petition.changed", "petition-email", (tx, change) => queuePetitionEmail(tx, change)),
];
