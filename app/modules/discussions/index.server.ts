// The discussions module's server API for code outside the module (docs/ARCHITECTURE.md "Module entries").
export {
  CategoryNotFoundError,
  CategorySlugTakenError,
  discussionCount,
  forgetCategoryPostCounts,
  listCategories,
  saveCategory,
} from "./categories.server";
export { DEMO_CATEGORIES, DEMO_MEMBERS, DEMO_POSTS } from "./demo-content";
export { reportContent, toggleReaction } from "./engagement.server";
export { decide, decideEdit, moderationQueue, resolveReport } from "./moderation.server";
export {
  PostRefusedError,
  createPost,
  createPostIn,
  deletePost,
  findPostForEditing,
  listPosts,
  recordView,
  rulesFor,
  setFeatured,
  updatePost,
  viewerKeyFor,
} from "./posts.server";
export { allowPosting } from "./rate-limits.server";
export { threadTarget, type ThreadTarget } from "./thread-target.server";
export { runThreadAction, type ThreadPlace } from "./thread-action.server";
export { PUBLIC_SCOPE, type PostScope } from "./scope";
export { onPostPublished, type PostCoven } from "./publishing.server";
export {
  acceptAnswer,
  createComment,
  deleteComment,
  getThread,
  updateComment,
  type Thread,
} from "./thread.server";
export { publicThreadTitle } from "./titles.server";
export { categoryPostCounts } from "./categories.server";
export { TABS } from "./posts.server";
export { relatedDiscussions, RELATED_DISCUSSIONS } from "./related.server";
