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
  learn: [
    { path: "/grimoires", labelKey: "nav.grimoires" },
    { path: "/rituals", labelKey: "nav.rituals" },
    { path: "/free-courses", labelKey: "nav.freeCourses" },
    { path: "/tutorials-landing", labelKey: "nav.tutorials" },
    { path: "/tutorials", labelKey: "nav.allTutorials" },
    { path: "/archangels-landing", labelKey: "nav.archangels" },
    { path: "/ankh-ta-duat", labelKey: "nav.ankhTaDuat" },
    { path: "/sacred-oils", labelKey: "nav.sacredOils" },
    { path: "/testimonials", labelKey: "nav.testimonials" },
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
  "/grimoires",
  "/rituals",
  "/free-courses",
  "/tutorials-landing",
  "/tutorials",
  "/archangels-landing",
  "/ankh-ta-duat",
  "/sacred-oils",
  "/testimonials",
];
