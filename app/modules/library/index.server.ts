// The library module's server API for code outside the module (docs/ARCHITECTURE.md "Module entries").
export {
  articleHref,
  bookmarkedArticles,
  articleView,
  categoryPage,
  continueReading,
  liveArticle,
  sitemapArticles,
  typeCategories,
  typeLanding,
  type ArticleCard,
  type ArticleView,
} from "./queries.server";
export {
  LibraryRefusedError,
  addNote,
  deleteNote,
  recordArticleView,
  saveProgress,
  setBookmark,
} from "./reading.server";
export {
  addChapter,
  adminArticle,
  adminArticles,
  adminCategories,
  createArticle,
  createCategory,
  deleteArticle,
  deleteCategory,
  deleteChapter,
  moveChapter,
  publishInstant,
  setArticleStatus,
  updateArticle,
  updateChapter,
  type AdminStatusFilter,
} from "./admin.server";
export { libraryRefusal } from "./access.server";
export {
  dayIn,
  markSessionDone,
  practiceSummary,
  practicesOf,
  type PracticeCard,
  type PracticeSummary,
} from "./practice.server";
export { renderArticle, withHeadingAnchors, type TocEntry } from "./render.server";
export { seedLibrary } from "./seed.server";
export { SEED_ARTICLES, type SeedArticle } from "./seed-content";
export { GOETIA_SPIRITS, type GoetiaSpirit } from "./goetia";
export {
  ATTUNEMENT_PATHS,
  articleIdBySlug,
  articlePageAction,
  loadArticlePage,
  loadAttunementPath,
  type AttunementPath,
} from "./page.server";
export { uploadedArticleCover } from "./cover.server";
