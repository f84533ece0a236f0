/**
 * Every domain event, as one union. A command writes one in its own transaction (emitEvent); the
 * modules that react subscribe to it by name (subscribers.server.ts lists them). A payload carries
 * what its subscribers need, so no subscriber reads the emitting module's tables.
 */
export type DomainEvent =
  /** A post became visible: published at once, or approved by a moderator. */
  | {
      name: "post.published";
      postId: string;
      authorId: string;
      authorName: string;
      title: string;
      url: string;
      /** Profile slugs the post mentions. */
      mentions: string[];
      /** "moderation" when a moderator approved it after it waited in the queue. */
      via: "direct" | "moderation";
      /** The coven whose feed holds it (decision 037): only its members are told. Null: public. */
      coven: { id: string; name: string } | null;
    }
  /** A comment became visible: published at once, or approved by a moderator. */
  | {
      name: "comment.published";
      commentId: string;
      postId: string;
      authorId: string;
      authorName: string;
      postTitle: string;
      postAuthorId: string;
      /** The author of the comment it answers, when it is a reply to a comment. */
      parentAuthorId: string | null;
      /** The comment's opening words. */
      preview: string;
      url: string;
      mentions: string[];
      via: "direct" | "moderation";
      /** The coven whose feed holds the post: only its members are told. Null: public. */
      coven: { id: string; name: string } | null;
    }
  /** A post, comment or edit of a member under pre-moderation waits for a moderator. */
  | {
      name: "contribution.held";
      target: "post" | "comment";
      authorName: string;
      postTitle: string;
      edit: boolean;
    }
  /** A moderator decided about a pending post or comment, or a held edit. */
  | {
      name: "contribution.decided";
      target: "post" | "comment";
      targetId: string;
      authorId: string;
      decision: "approve" | "reject";
      edit: boolean;
      postTitle: string;
      url: string | null;
    }
  /** A member reacted to someone else's post or comment (not sent again when they toggle). */
  | {
      name: "reaction.added";
      reactorId: string;
      targetType: "post" | "comment";
      targetId: string;
      authorId: string;
    }
  /** A post's author marked someone else's comment as the answer. */
  | {
      name: "answer.accepted";
      commentId: string;
      commentAuthorId: string;
      postTitle: string;
      url: string;
    }
  /** An account was created (its profile and free subscriber record exist). */
  | { name: "member.joined"; userId: string; displayName: string }
  /**
   * Money was taken for a membership (a first payment or a renewal; never a duplicate charge) or
   * a one-time purchase (`product`).
   */
  | {
      name: "payment.succeeded";
      paymentId: string;
      userId: string;
      memberName: string;
      amount: number;
      currency: string;
      receiptNumber: number;
      /** ISO instants. */
      paidAt: string;
      periodEnd: string | null;
      /** Null when the account is gone: a sale still, but nobody to send a receipt to. */
      contact: BillingContact | null;
      /** What a one-time purchase bought (a book); absent or null for a membership payment. */
      product?: { kind: "book"; id: string } | null;
    }
  /** The provider could not take a membership payment (it retries; access is kept meanwhile). */
  | {
      name: "payment.failed";
      userId: string;
      amount: number;
      currency: string;
      contact: BillingContact;
    }
  /** A member cancelled at period end: access stays until `accessUntil` (ISO; null: unknown). */
  | {
      name: "membership.cancelled";
      userId: string;
      accessUntil: string | null;
      contact: BillingContact;
    }
  /** A coven was started (its owner is its only member). */
  | {
      name: "coven.created";
      covenId: string;
      ownerId: string;
      ownerName: string;
      covenName: string;
      url: string;
    }
  /** An event was planned; `covenId` is its hosting coven (null: site-wide). */
  | {
      name: "event.created";
      eventId: string;
      hostId: string;
      covenId: string | null;
      covenName: string | null;
      title: string;
      url: string;
    }
  /** Members moved from an occurrence's waitlist to going when seats came free. */
  | { name: "event.promoted"; eventId: string; userIds: string[]; title: string; url: string }
  /** An event, or one occurrence of it, was cancelled; `userIds` were going. */
  | { name: "event.cancelled"; eventId: string; userIds: string[]; title: string; url: string }
  /** A host wrote to the members going to an occurrence (`userIds`, the host left out). */
  | {
      name: "event.messaged";
      eventId: string;
      messageId: string;
      userIds: string[];
      title: string;
      senderName: string;
      /** The message's opening words (the whole text is e-mailed from the stored message). */
      preview: string;
      url: string;
    }
  /** A video became visible to everyone: shared by an admin, or approved by one. */
  | {
      name: "video.published";
      videoId: string;
      uploaderId: string;
      uploaderName: string;
      title: string;
      tags: string[];
      url: string;
    }
  /** A member filed a ritual request (decision 057); `url` is its admin screen. */
  | {
      name: "petition.submitted";
      petitionId: string;
      userId: string;
      memberName: string;
      ritual: string;
      url: string;
    }
  /** An admin moved a ritual request to `status`; `url` is the member's page of it. */
  | {
      name: "petition.changed";
      petitionId: string;
      userId: string;
      ritual: string;
      status: "accepted" | "declined" | "scheduled" | "performed" | "closed";
      /** The decline's reason. */
      reason: string | null;
      /** The scheduled day, YYYY-MM-DD. */
      date: string | null;
      url: string;
      /** Null when the account is gone. */
      contact: BillingContact | null;
    }
  /** A member booked a consultation (ISO instants; `timeZone` is the one they booked in). */
  | {
      name: "consultation.booked";
      consultationId: string;
      userId: string;
      contact: BillingContact | null;
      masterName: string;
      startsAt: string;
      endsAt: string;
      timeZone: string;
      url: string;
    }
  /** The member cancelled their consultation (ISO instants of the slot). */
  | {
      name: "consultation.cancelled";
      consultationId: string;
      userId: string;
      contact: BillingContact | null;
      masterName: string;
      startsAt: string;
      endsAt: string;
      url: string;
    }
  /** An admin discarded a member's consultation, saying why. */
  | {
      name: "consultation.discarded";
      consultationId: string;
      userId: string;
      contact: BillingContact | null;
      masterName: string;
      startsAt: string;
      reason: string;
      url: string;
    };

/** Whom a billing e-mail goes to, as the account was when the event happened. */
export interface BillingContact {
  email: string;
  name: string;
  /** The member's chosen language (null: none chosen). */
  language: string | null;
}

export type EventName = DomainEvent["name"];
export type EventOf<N extends EventName> = Extract<DomainEvent, { name: N }>;
