import { db } from "#app/db/client.server";
import { escapeHtml } from "./sanitize";
import { notifyAdmins } from "./notifications.server";

/** SPEC §3 `new_user`: admins hear of every new account, under their Admin tab. */
export async function announceNewMember(member: { userId: string; displayName: string }): Promise<void> {
  await db().transaction(async (tx) => {
    await notifyAdmins(tx, {
      type: "new_user",
      actionUrl: `/profile/${member.userId}`,
      write: (t) => ({
        title: t("notifications.newMemberTitle"),
        message: `<p>${escapeHtml(t("notifications.newMemberMessage", { name: member.displayName }))}</p>`,
      }),
    });
  });
}
