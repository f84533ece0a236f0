/**
 * The public sections of the site, for the sitemap page and /sitemap.xml. A section is listed
 * here when its screen exists.
 */
export const SITE_SECTIONS = {
  community: [
    { path: "/", labelKey: "nav.sanctuary" },
    { path: "/discussions", labelKey: "nav.discussions" },
    { path: "/members", labelKey: "members.title" },
    { path: "/videos", labelKey: "videos.title" },
    { path: "/search", labelKey: "search.title" },
  ],
  help: [
    { path: "/help", labelKey: "nav.helpCenter" },
    { path: "/help/guidelines", labelKey: "nav.guidelines" },
    { path: "/faq", labelKey: "nav.faq" },
    { path: "/about", labelKey: "nav.about" },
    { path: "/sitemap", labelKey: "nav.sitemap" },
  ],
  account: [
    { path: "/auth", labelKey: "header.signIn" },
    { path: "/dashboard", labelKey: "header.dashboard" },
    { path: "/profile", labelKey: "header.profile" },
    { path: "/settings", labelKey: "header.settings" },
  ],
  legal: [
    { path: "/privacy", labelKey: "footer.privacy" },
    { path: "/terms", labelKey: "footer.terms" },
    { path: "/refunds", labelKey: "footer.refunds" },
  ],
} as const;

/** Paths a crawler may index (no account screens). */
export const INDEXABLE_PATHS = [
  "/",
  "/discussions",
  "/members",
  "/videos",
  "/about",
  "/help",
  "/help/guidelines",
  "/faq",
  "/privacy",
  "/terms",
  "/refunds",
  "/sitemap",
  "/auth",
];
