import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

const INFO_PAGES = ["about", "privacy", "terms", "refunds", "help", "help/guidelines", "help/faq", "faq"];

export default [
  route("robots.txt", "routes/system/robots.ts"),
  route("sitemap.xml", "routes/system/sitemap-xml.ts"),
  route("api/locale", "routes/system/locale.ts"),
  route("auth/sign-out", "routes/auth/sign-out.ts"),
  layout("routes/shell.tsx", [
    layout("routes/boundary.tsx", [
      index("routes/home.tsx"),
      route("landing", "routes/home.tsx", { id: "landing" }),
      route("home", "routes/home.tsx", { id: "home-alias" }),
      route("auth", "routes/auth/auth.tsx"),
      route("forgot-password", "routes/auth/forgot-password.tsx"),
      route("reset-password", "routes/auth/reset-password.tsx"),
      route("settings", "routes/account/settings.tsx"),
      route("profile", "routes/account/own-profile.tsx"),
      route("profile/:identifier", "routes/account/public-profile.tsx"),
      route("dashboard", "routes/account/dashboard.tsx"),
      route("search", "routes/search.tsx"),
      route("discussions", "routes/discussions/list.tsx"),
      route("discussions/new", "routes/discussions/new.tsx"),
      route("discussions/:slug", "routes/discussions/thread.tsx"),
      route("discussions/:slug/edit", "routes/discussions/edit.tsx"),
      route("members", "routes/members.tsx"),
      route("messages", "routes/messages/list.tsx"),
      route("messages/:conversationId", "routes/messages/thread.tsx"),
      route("sitemap", "routes/pages/sitemap.tsx"),
      ...INFO_PAGES.map((path) => route(path, "routes/pages/info-page.tsx", { id: `page-${path.replace("/", "-")}` })),
      route("content-management", "routes/admin/content-management.ts"),
      route("admin", "routes/admin/layout.tsx", [
        index("routes/admin/index.tsx"),
        route("settings", "routes/admin/settings.tsx"),
        route("users", "routes/admin/users.tsx"),
        route("pages", "routes/admin/pages.tsx"),
        route("pages/:slug", "routes/admin/page-edit.tsx"),
        route("outbox", "routes/admin/outbox.tsx"),
        route("audit", "routes/admin/audit.tsx"),
        route("moderation", "routes/admin/moderation.tsx"),
        route("categories", "routes/admin/categories.tsx"),
      ]),
      route("*", "routes/not-found.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
