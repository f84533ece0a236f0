import { subscribe } from "#app/modules/events/index.server";
import { publish } from "#app/modules/realtime/index.server";
import { insertActivity } from "./activity.server";

/** Members' posts, comments and purchases become activity records; sign-ups reach the observatory. */
export const analyticsSubscriptions = [
  subscribe("post.published", "activity", (tx, post) =>
    insertActivity(tx, post.authorId, "post", {
      postId: post.postId,
      title: post.title.slice(0, 200),
      url: post.url,
    }),
  ),
  subscribe("comment.published", "activity", (tx, comment) =>
    insertActivity(tx, comment.authorId, "comment", {
      commentId: comment.commentId,
      postTitle: comment.postTitle.slice(0, 200),
      url: comment.url,
    }),
  ),
  subscribe("payment.succeeded", "activity", (tx, payment) =>
    insertActivity(tx, payment.userId, "purchase", {
      paymentId: payment.paymentId,
      amount: payment.amount,
      currency: payment.currency,
    }),
  ),
  subscribe("member.joined", "observatory", (tx, member) =>
    publish(tx, {
      to: { admins: true },
      type: "signup",
      data: { member: member.displayName.slice(0, 100), at: new Date().toISOString() },
    }),
  ),
];
