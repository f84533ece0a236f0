import { and, eq, inArray, isNull, ne } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { ADMIN_ROLES } from "#app/modules/auth";
import { covenMembers } from "#app/modules/covens/schema";
import { subscribe } from "#app/modules/events/index.server";
import { profiles } from "#app/modules/profiles/schema";
import { announceNewMember } from "./new-member.server";
import { notifyAdmins } from "./notifications.server";
import { notify } from "./notify.server";

/**
 * Who may hear of a coven's post or comment (decision 037): its members who are not banned. A
 * public discussion (no coven) is for everyone: null.
 */
async function covenAudience(tx: Db, coven: { id: string } | null): Promise<Set<string> | null> {
  if (!coven) return null;
  const members = await tx
    .select({ userId: covenMembers.userId })
    .from(covenMembers)
    .where(and(eq(covenMembers.covenId, coven.id), isNull(covenMembers.bannedAt)));
  return new Set(members.map((m) => m.userId));
}

/**
 * Members mentioned by profile slug, except the author and whoever was already told; in a coven,
 * only its members (`audience`): a mention never carries a coven's post outside it.
 */
async function notifyMentions(
  tx: Db,
  mentions: string[],
  authorId: string,
  authorName: string,
  title: string,
  url: string,
  alreadyNotified: string[],
  audience: Set<string> | null,
) {
  if (mentions.length === 0) return;
  const people = await tx
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(and(inArray(profiles.slug, mentions), ne(profiles.userId, authorId)));
  for (const person of people) {
    if (alreadyNotified.includes(person.userId)) continue;
    if (audience && !audience.has(person.userId)) continue;
    await notify(tx, {
      userId: person.userId,
      content: { kind: "mention", name: authorName, post: title },
      actionUrl: url,
    });
  }
}

/** What members and admins are told when discussions change; each runs as its own job. */
export const notificationSubscriptions = [
  /**
   * Anyone mentioned; a coven's post is told to all its members instead (SPEC §3 `new_post`), and
   * to nobody else.
   */
  subscribe("post.published", "notifications", async (tx, post) => {
    const audience = await covenAudience(tx, post.coven);
    const notified: string[] = [];
    if (post.coven && audience) {
      for (const userId of audience) {
        if (userId === post.authorId) continue;
        await notify(tx, {
          userId,
          content: {
            kind: "covenPost",
            name: post.authorName,
            post: post.title,
            coven: post.coven.name,
          },
          actionUrl: post.url,
        });
        notified.push(userId);
      }
    }
    await notifyMentions(
      tx,
      post.mentions,
      post.authorId,
      post.authorName,
      post.title,
      post.url,
      notified,
      audience,
    );
  }),

  /**
   * The post's author, the parent comment's author and anyone mentioned, each told once; in a
   * coven, only those who are still its members.
   */
  subscribe("comment.published", "notifications", async (tx, comment) => {
    const content = { name: comment.authorName, post: comment.postTitle, preview: comment.preview };
    const audience = await covenAudience(tx, comment.coven);
    const outside = (userId: string) => audience !== null && !audience.has(userId);
    const notified: string[] = [];
    if (comment.postAuthorId !== comment.authorId && !outside(comment.postAuthorId)) {
      await notify(tx, {
        userId: comment.postAuthorId,
        content: { kind: "reply", ...content },
        actionUrl: comment.url,
      });
      notified.push(comment.postAuthorId);
    }
    const parent = comment.parentAuthorId;
    if (parent && parent !== comment.authorId && !notified.includes(parent) && !outside(parent)) {
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
      audience,
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
