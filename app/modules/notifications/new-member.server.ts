import type { Db } from "#app/db/client.server";
import type { EventOf } from "#app/modules/events/index.server";
import { notifyAdmins } from "./notifications.server";

/**
 * SPEC §3 `new_user`: admins hear of every new account, under their Admin tab. The `member.joined`
 * subscriber (subscribers.server.ts), run once per account in its job's transaction.
 */
export async function announceNewMember(tx: Db, member: EventOf<"member.joined">): Promise<void> {
  await notifyAdmins(
    tx,
    { kind: "newMember", name: member.displayName },
    `/profile/${member.userId}`,
  );
}
