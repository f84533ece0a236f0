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
export { threadTarget } from "./thread-target.server";
export {
  acceptAnswer,
  createComment,
  deleteComment,
  getThread,
  updateComment,
} from "./thread.server";
export { publicThreadTitle } from "./titles.server";
export { categoryPostCounts } from "./categories.server";
export { TABS } from "./posts.server";
