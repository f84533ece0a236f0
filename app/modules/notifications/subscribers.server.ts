import { and, inArray, ne } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { ADMIN_ROLES } from "#app/modules/auth";
import { subscribe } from "#app/modules/events/index.server";
import { profiles } from "#app/modules/profiles/schema";
import { announceNewMember } from "./new-member.server";
import { notifyAdmins } from "./notifications.server";
import { notify } from "./notify.server";

/** Members mentioned by profile slug, except the author and whoever was already told. */
async function notifyMentions(
  tx: Db,
  mentions: string[],
  authorId: string,
  authorName: string,
  title: string,
  url: string,
  alreadyNotified: string[],
) {
  if (mentions.length === 0) return;
  const people = await tx
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(and(inArray(profiles.slug, mentions), ne(profiles.userId, authorId)));
  for (const person of people) {
    if (alreadyNotified.includes(person.userId)) continue;
    await notify(tx, {
      userId: person.userId,
      content: { kind: "mention", name: authorName, post: title },
      actionUrl: url,
    });
  }
}

/** What members and admins are told when discussions change; each runs as its own job. */
export const notificationSubscriptions = [
  subscribe("post.published", "notifications", (tx, post) =>
    notifyMentions(tx, post.mentions, post.authorId, post.authorName, post.title, post.url, []),
  ),

  /** The post's author, the parent comment's author and anyone mentioned, each told once. */
  subscribe("comment.published", "notifications", async (tx, comment) => {
    const content = { name: comment.authorName, post: comment.postTitle, preview: comment.preview };
    const notified: string[] = [];
    if (comment.postAuthorId !== comment.authorId) {
      await notify(tx, {
        userId: comment.postAuthorId,
        content: { kind: "reply", ...content },
        actionUrl: comment.url,
      });
      notified.push(comment.postAuthorId);
    }
    const parent = comment.parentAuthorId;
    if (parent && parent !== comment.authorId && !notified.includes(parent)) {
      await notify(tx, {
        userId: parent,
        content: { kind: "commentReply", ...content },
        actionUrl: comment.url,
      });
      notified.push(parent);
    }
    await notifyMentions(
      tx,
      comment.mentions,
      comment.authorId,
      comment.authorName,
      comment.postTitle,
      comment.url,
      notified,
    );
  }),

  /** Admins hear about contributions (and held edits) waiting in the moderation queue, and in which discussion. */
  subscribe("contribution.held", "notifications", (tx, held) =>
    notifyAdmins(
      tx,
      {
        kind: held.edit ? "pendingEdit" : "pending",
        target: held.target,
        name: held.authorName,
        post: held.postTitle,
      },
      "/admin/moderation",
    ),
  ),

  /** The author hears the moderator's decision about their post, comment or held edit, naming the discussion. */
  subscribe("contribution.decided", "notifications", async (tx, decided) => {
    const approved = decided.decision === "approve";
    const kind = decided.edit
      ? approved
        ? "editApproved"
        : "editRejected"
      : approved
        ? "approved"
        : "rejected";
    await notify(tx, {
      userId: decided.authorId,
      content: { kind, target: decided.target, post: decided.postTitle },
      actionUrl: decided.url,
    });
  }),

  subscribe("answer.accepted", "notifications", (tx, accepted) =>
    notify(tx, {
      userId: accepted.commentAuthorId,
      content: { kind: "acceptedAnswer", post: accepted.postTitle },
      actionUrl: accepted.url,
    }),
  ),

  subscribe("member.joined", "notifications", announceNewMember),

  /** Admins hear of every new coven (SPEC §3 `new_coven`), but not the one who started it. */
  subscribe("coven.created", "notifications", async (tx, coven) => {
    const admins = await tx
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(and(inArray(profiles.role, [...ADMIN_ROLES]), ne(profiles.userId, coven.ownerId)));
    for (const admin of admins) {
      await notify(tx, {
        userId: admin.userId,
        content: { kind: "newCoven", name: coven.ownerName, coven: coven.covenName },
        actionUrl: coven.url,
      });
    }
  }),
];
