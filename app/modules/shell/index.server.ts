// The shell module's server API for code outside the module (docs/ARCHITECTURE.md "Module entries").
export { landingContent } from "./landing.server";
export {
  communityCounts,
  forgetCommunityCounts,
  sidebarOpenFromCookie,
  summarizeViewer,
} from "./shell.server";
