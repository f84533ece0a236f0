/*
 * What the messages' queries return and their components show, declared once (types only, safe
 * to import from the browser).
 */

/** The other member of a conversation, as the list and the thread show them. */
export interface ConversationMember {
  userId: string;
  displayName: string;
  slug: string;
  avatarUrl: string | null;
  rank: string;
}
