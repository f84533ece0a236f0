/** Why a member may not message another (null: allowed). */
export type MessageRefusal = "self" | "blocked";

/**
 * Who may message whom: never yourself, and not while either member has blocked the other (a
 * block silences both directions, so the blocked member cannot tell by replying).
 */
export function messageRefusal(input: {
  senderId: string;
  recipientId: string;
  blockedEitherWay: boolean;
}): MessageRefusal | null {
  if (input.senderId === input.recipientId) return "self";
  if (input.blockedEitherWay) return "blocked";
  return null;
}

/** Only the two members of a conversation may read it or write in it. */
export function isParticipant(
  conversation: { userA: string; userB: string },
  userId: string,
): boolean {
  return conversation.userA === userId || conversation.userB === userId;
}

/** The other member of a conversation, seen from `userId`. */
export function otherMember(
  conversation: { userA: string; userB: string },
  userId: string,
): string {
  return conversation.userA === userId ? conversation.userB : conversation.userA;
}

/** Conversations store their pair ordered (user_a < user_b), so a pair has exactly one row. */
export function orderedPair(one: string, two: string): { userA: string; userB: string } {
  return one < two ? { userA: one, userB: two } : { userA: two, userB: one };
}
