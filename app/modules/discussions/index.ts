// What code outside the discussions module may import from it; safe in the browser (docs/ARCHITECTURE.md
// "Module entries"). Server code: ./index.server.ts.
export { COMMENT_MAX, POST_BODY_MAX, POST_TITLE_MAX, POST_TITLE_MIN } from "./limits";
export {
  commentLink,
  commentPermalink,
  covenThreadHref,
  videoThreadHref,
  pageLink,
  threadHref,
  threadPageHref,
} from "./links";
export {
  canAcceptAnswer,
  canFeature,
  canModify,
  canRemove,
  canReport,
  isPremiumCategory,
  postRefusal,
} from "./policy";
export { TABS, type Tab } from "./tabs";
export { excerpt } from "./text";
