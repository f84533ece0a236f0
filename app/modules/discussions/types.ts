import type { ModerationState } from "./schema";

/*
 * What the discussions' queries return and their components show, declared once: the queries
 * (`*.server.ts`) build these shapes and the components import them from here, which holds types
 * only and is safe to import from the browser.
 */

/** The post author's card: who they are, their rank, level and badges. */
export interface AuthorCard {
  userId: string;
  displayName: string;
  slug: string;
  avatarUrl: string | null;
  rank: string;
  xpPoints: number;
  reputation: number;
  badges: string[];
}

/** What a comment shows of its author; the full card is the post author's only. */
export type CommentAuthor = Pick<
  AuthorCard,
  "userId" | "displayName" | "slug" | "avatarUrl" | "rank"
>;

/** What a row of a post list shows of its author. */
export type PostListAuthor = Pick<AuthorCard, "displayName" | "slug" | "rank" | "avatarUrl">;

/** One row of a post list (`/discussions`, recommendations). */
export interface PostListItem {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  status: ModerationState;
  isFeatured: boolean;
  answered: boolean;
  replyCount: number;
  reactionCount: number;
  lastActivityAt: Date;
  createdAt: Date;
  category: { slug: string; title: string | null };
  author: PostListAuthor;
}
