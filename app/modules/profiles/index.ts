// What code outside the profiles module may import from it; safe in the browser (docs/ARCHITECTURE.md
// "Module entries"). Server code: ./index.server.ts.
export { displayNameField, safeDisplayName } from "./display-name";
export { levelOf, levelProgress } from "./level";
export { AVATAR_MAX_BYTES, BIO_MAX } from "./limits";
export {
  MYSTICAL_RANKS,
  ROLES,
  badgeText,
  rankTextKey,
  type Badge,
  type MysticalRank,
  type Role,
} from "./ranks";
export { isUserId, slugify } from "./slug";
