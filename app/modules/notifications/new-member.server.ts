import { db } from "#app/db/client.server";
import { notifyAdmins } from "./notifications.server";

/** SPEC §3 `new_user`: admins hear of every new account, under their Admin tab. */
export async function announceNewMember(member: {
  userId: string;
  displayName: string;
}): Promise<void> {
  await db().transaction((tx) =>
    notifyAdmins(tx, { kind: "newMember", name: member.displayName }, `/profile/${member.userId}`),
  );
}
