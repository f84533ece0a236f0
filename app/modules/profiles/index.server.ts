// The profiles module's server API for code outside the module (docs/ARCHITECTURE.md "Module entries").
export { ImageRejectedError, storeAvatar, storeImage, uploadedImage } from "./avatar.server";
export { MEMBERS_PAGE, membersByReputation } from "./members.server";
export {
  SlugTakenError,
  createMemberRecords,
  existingSlugs,
  findPublicProfile,
  publicProfileColumns,
  setAvatarUrl,
  updateOwnProfile,
  type PublicProfile,
} from "./profiles.server";
