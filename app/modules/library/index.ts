// What code outside the library module may import from it; safe in the browser (docs/ARCHITECTURE.md
// "Module entries"). Server code: ./index.server.ts.
export {
  canKeepReading,
  canManageLibrary,
  canReadWhole,
  canSeeArticle,
  isLive,
  type LibraryActor,
} from "./policy";
export {
  ARTICLE_COVER,
  ARTICLE_LIMITS,
  ARTICLE_PAGE_SIZE,
  ARTICLE_TYPES,
  isArticleType,
  type ArticleStatus,
  type ArticleType,
} from "./types";
export { firstSection, wordCount } from "./excerpt";
export { GOETIA_SPIRITS, type GoetiaRank, type GoetiaSpirit } from "./goetia";
export {
  PRACTICE_LIMITS,
  PRACTICE_TYPES,
  materialList,
  streakOf,
  totalMinutes,
  type PracticeStep,
} from "./practice";
