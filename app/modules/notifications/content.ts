import { badgeText, rankTextKey } from "#app/modules/profiles/ranks";
import type { TFunction } from "#app/i18n/i18n";
import { isolate } from "#app/lib/bidi";
import type { NotificationType } from "./schema";

/*
 * A notification is stored as a kind and its values (decision 020), never as text: the reader's
 * page renders it in whatever language it shows now, and each names what it is about (the
 * post's title). Member-written values (names, titles, a reply's opening words) are kept as
 * written and isolated inside the translated sentence.
 */

/** Every kind of notification and its values. A new kind is one line here, one in KIND_RULES and its text below. */
export type NotificationContent =
  /** Someone replied to the reader's post. */
  | { kind: "reply"; name: string; post: string; preview: string }
  /** Someone replied to the reader's comment. */
  | { kind: "commentReply"; name: string; post: string; preview: string }
  | { kind: "mention"; name: string; post: string }
  | { kind: "acceptedAnswer"; post: string }
  /** For admins: a post or comment waits in the moderation queue. */
  | { kind: "pending"; target: "post" | "comment"; name: string; post: string }
  | { kind: "approved"; target: "post" | "comment"; post: string }
  | { kind: "rejected"; target: "post" | "comment"; post: string }
  /** For admins: a member still under pre-moderation edited a post or comment; the edit waits. */
  | { kind: "pendingEdit"; target: "post" | "comment"; name: string; post: string }
  | { kind: "editApproved"; target: "post" | "comment"; post: string }
  | { kind: "editRejected"; target: "post" | "comment"; post: string }
  | { kind: "rank"; rank: string }
  | { kind: "badge"; badge: string }
  /** For admins: an account was created. */
  | { kind: "newMember"; name: string }
  /** An event was planned in one of the reader's covens. */
  | { kind: "newEvent"; event: string; coven: string }
  /** A member posted in the feed of one of the reader's covens. */
  | { kind: "covenPost"; name: string; post: string; coven: string }
  /** For admins: a coven was started. */
  | { kind: "newCoven"; name: string; coven: string }
  /** A seat came free: the reader moved from the waitlist to going. */
  | { kind: "eventPromoted"; event: string }
  /** An event the reader was going to was cancelled. */
  | { kind: "eventCancelled"; event: string }
  /** An event the reader is going to starts in a day or an hour. */
  | { kind: "eventReminder"; event: string; soon: "day" | "hour" }
  /** A host wrote to the members going to an event: who, and the message's opening words. */
  | { kind: "eventMessage"; event: string; name: string; preview: string }
  /** A member the reader follows, or a tag they follow, has a new video. */
  | { kind: "newVideo"; name: string; video: string }
  /** The reader's ritual request moved to a new status (decision 057). */
  | { kind: "petitionChanged"; ritual: string; status: PetitionNoticeStatus }
  /** For admins: a member filed a ritual request. */
  | { kind: "newPetition"; name: string; ritual: string }
  /** The reader's consultation with the master was booked. */
  | { kind: "consultationBooked"; master: string }
  /** An admin discarded the reader's consultation: why. */
  | { kind: "consultationDiscarded"; master: string; reason: string }
  /** An announcement from the admins (a broadcast): its subject and opening words in the reader's language. */
  | { kind: "broadcast"; subject: string; preview: string }
  /** A notification stored as text before kinds existed: its title, and its message as sanitized HTML. */
  | { kind: "text"; title: string; html: string };

/** The statuses a ritual request's notice names (petitions/machine.ts, less "submitted"). */
export type PetitionNoticeStatus = "accepted" | "declined" | "scheduled" | "performed" | "closed";

export type NotificationKind = NotificationContent["kind"];
/** What a notification is about, as its sender gives it (stored text is for old rows only). */
export type NewNotificationContent = Exclude<NotificationContent, { kind: "text" }>;

/** Per kind: its SPEC §3 type and the tab it shows under. */
export const KIND_RULES: Record<
  NewNotificationContent["kind"],
  { type: NotificationType; audience: "admin" | "community" }
> = {
  reply: { type: "new_reply", audience: "community" },
  commentReply: { type: "new_reply", audience: "community" },
  mention: { type: "mention", audience: "community" },
  acceptedAnswer: { type: "accepted_answer", audience: "community" },
  pending: { type: "moderation", audience: "admin" },
  approved: { type: "moderation", audience: "community" },
  rejected: { type: "moderation", audience: "community" },
  pendingEdit: { type: "moderation", audience: "admin" },
  editApproved: { type: "moderation", audience: "community" },
  editRejected: { type: "moderation", audience: "community" },
  rank: { type: "achievement", audience: "community" },
  badge: { type: "achievement", audience: "community" },
  newMember: { type: "new_user", audience: "admin" },
  newEvent: { type: "new_event", audience: "community" },
  newCoven: { type: "new_coven", audience: "admin" },
  covenPost: { type: "new_post", audience: "community" },
  eventPromoted: { type: "new_event", audience: "community" },
  eventCancelled: { type: "new_event", audience: "community" },
  eventReminder: { type: "new_event", audience: "community" },
  eventMessage: { type: "new_event", audience: "community" },
  newVideo: { type: "new_video", audience: "community" },
  petitionChanged: { type: "ritual_request", audience: "community" },
  newPetition: { type: "ritual_request", audience: "admin" },
  consultationBooked: { type: "consultation", audience: "community" },
  consultationDiscarded: { type: "consultation", audience: "community" },
  broadcast: { type: "announcement", audience: "community" },
};

export interface NotificationText {
  title: string;
  /** Plain text (React escapes it). */
  message?: string;
  /** Sanitized HTML: only for notifications stored as text before kinds existed. */
  html?: string;
  /** The message is a member's own words (a reply's opening), shown in its own direction. */
  quoted?: boolean;
}

/** A notification's title and message in the language of `t`. */
export function notificationText(content: NotificationContent, t: TFunction): NotificationText {
  switch (content.kind) {
    case "reply":
      return {
        title: t("discussions.notify.replyTitle", {
          name: isolate(content.name),
          title: isolate(content.post),
        }),
        message: content.preview,
        quoted: true,
      };
    case "commentReply":
      return {
        title: t("discussions.notify.commentReplyTitle", {
          name: isolate(content.name),
          title: isolate(content.post),
        }),
        message: content.preview,
        quoted: true,
      };
    case "mention":
      return {
        title: t("discussions.notify.mentionTitle", { name: isolate(content.name) }),
        message: t("discussions.notify.mentionMessage", {
          name: isolate(content.name),
          title: isolate(content.post),
        }),
      };
    case "acceptedAnswer":
      return {
        title: t("discussions.notify.acceptedTitle"),
        message: t("discussions.notify.acceptedMessage", { title: isolate(content.post) }),
      };
    case "pending":
      return {
        title: t("discussions.notify.pendingTitle"),
        message: t(
          content.target === "post"
            ? "discussions.notify.pendingPost"
            : "discussions.notify.pendingComment",
          { name: isolate(content.name), title: isolate(content.post) },
        ),
      };
    case "approved":
      return {
        title: t("discussions.notify.approvedTitle"),
        message: t(
          content.target === "post"
            ? "discussions.notify.approvedPost"
            : "discussions.notify.approvedComment",
          { title: isolate(content.post) },
        ),
      };
    case "rejected":
      return {
        title: t("discussions.notify.rejectedTitle"),
        message: t(
          content.target === "post"
            ? "discussions.notify.rejectedPost"
            : "discussions.notify.rejectedComment",
          { title: isolate(content.post) },
        ),
      };
    case "pendingEdit":
      return {
        title: t("discussions.notify.pendingTitle"),
        message: t(
          content.target === "post"
            ? "discussions.notify.pendingPostEdit"
            : "discussions.notify.pendingCommentEdit",
          { name: isolate(content.name), title: isolate(content.post) },
        ),
      };
    case "editApproved":
      return {
        title: t("discussions.notify.editApprovedTitle"),
        message: t("discussions.notify.editApprovedMessage", { title: isolate(content.post) }),
      };
    case "editRejected":
      return {
        title: t("discussions.notify.editRejectedTitle"),
        message: t("discussions.notify.editRejectedMessage", { title: isolate(content.post) }),
      };
    case "rank":
      return {
        title: t("achievements.rankTitle"),
        message: t("achievements.rankMessage", { rank: t(rankTextKey(content.rank)) }),
      };
    case "badge":
      return {
        title: t("achievements.badgeTitle"),
        message: t("achievements.badgeMessage", { badge: badgeText(t, content.badge) }),
      };
    case "newMember":
      return {
        title: t("notifications.newMemberTitle"),
        message: t("notifications.newMemberMessage", { name: isolate(content.name) }),
      };
    case "newEvent":
      return {
        title: t("events.notify.newEventTitle", { coven: isolate(content.coven) }),
        message: t("events.notify.newEventMessage", { title: isolate(content.event) }),
      };
    case "consultationBooked":
      return {
        title: t("consultations.notify.bookedTitle"),
        message: t("consultations.notify.bookedMessage", { name: isolate(content.master) }),
      };
    case "consultationDiscarded":
      return {
        title: t("consultations.notify.discardedTitle", { name: isolate(content.master) }),
        message: content.reason,
        quoted: true,
      };
    case "broadcast":
      return {
        title: t("notifications.announcementTitle", { subject: isolate(content.subject) }),
        message: content.preview,
        quoted: true,
      };
    case "newVideo":
      return {
        title: t("videos.notify.newVideoTitle", { name: isolate(content.name) }),
        message: t("videos.notify.newVideoMessage", { title: isolate(content.video) }),
      };
    case "covenPost":
      return {
        title: t("covens.notify.postTitle", { coven: isolate(content.coven) }),
        message: t("covens.notify.postMessage", {
          name: isolate(content.name),
          title: isolate(content.post),
        }),
      };
    case "newCoven":
      return {
        title: t("events.notify.newCovenTitle"),
        message: t("events.notify.newCovenMessage", {
          name: isolate(content.name),
          coven: isolate(content.coven),
        }),
      };
    case "eventPromoted":
      return {
        title: t("events.notify.promotedTitle"),
        message: t("events.notify.promotedMessage", { title: isolate(content.event) }),
      };
    case "eventCancelled":
      return {
        title: t("events.notify.cancelledTitle"),
        message: t("events.notify.cancelledMessage", { title: isolate(content.event) }),
      };
    case "eventReminder":
      return {
        title: t(
          content.soon === "hour"
            ? "events.notify.reminderHourTitle"
            : "events.notify.reminderDayTitle",
        ),
        message: t("events.notify.reminderMessage", { title: isolate(content.event) }),
      };
    case "eventMessage":
      return {
        title: t("events.notify.messageTitle", {
          name: isolate(content.name),
          title: isolate(content.event),
        }),
        message: content.preview,
      };
    case "petitionChanged":
      return {
        title: t("petitions.notify.changedTitle", { ritual: isolate(content.ritual) }),
        message: t(`petitions.notify.${content.status}`),
      };
    case "newPetition":
      return {
        title: t("petitions.notify.newTitle"),
        message: t("petitions.notify.newMessage", {
          name: isolate(content.name),
          ritual: isolate(content.ritual),
        }),
      };
    case "text":
      return { title: content.title, html: content.html };
  }
}
