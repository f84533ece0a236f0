import { subscribe } from "#app/modules/events/index.server";
import { award } from "./award.server";

/** XP and reputation for contributions; award() is once per (member, kind, source) by its unique key. */
export const reputationSubscriptions = [
  subscribe("post.published", "reputation", (tx, post) =>
    award(tx, post.authorId, "post_published", post.postId),
  ),
  subscribe("comment.published", "reputation", (tx, comment) =>
    award(tx, comment.authorId, "comment_published", comment.commentId),
  ),
  subscribe("reaction.added", "reputation", (tx, reaction) =>
    award(tx, reaction.authorId, "reaction_received", `${reaction.reactorId}:${reaction.targetId}`),
  ),
  subscribe("answer.accepted", "reputation", (tx, accepted) =>
    award(tx, accepted.commentAuthorId, "answer_accepted", accepted.commentId),
  ),
];
