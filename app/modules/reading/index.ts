// What code outside the reading module may import from it; safe in the browser (docs/ARCHITECTURE.md
// "Module entries"). Server code: ./index.server.ts.
export {
  MEMBERS_ONLY_PATHS,
  listablePath,
  readingAccess,
  type MembersOnlyScreen,
  type ReadingAccess,
} from "./policy";
