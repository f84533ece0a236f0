import { ChevronDown, Crown, Compass, FolderTree, Hash, Lock, Mail, MessagesSquare, ShieldCheck, FileQuestion, HelpCircle, Home, Info, LayoutDashboard, type LucideIcon, Map, ScrollText, Settings, Shield, Sparkles, Star, Trophy, User, Users } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, useLocation } from "react-router";
import { Avatar } from "#app/components/ui/avatar";
import { Progress } from "#app/components/ui/progress";
import { Sheet } from "#app/components/ui/sheet";
import { cn } from "#app/lib/cn";
import { levelOf, levelProgress } from "#app/modules/profiles/level";
import type { MysticalRank } from "#app/modules/profiles/ranks";
import { unreadBadge, useUnreadMessages } from "#app/modules/messages/components/use-unread-messages";
import { SIDEBAR_WIDTH_MOBILE } from "#app/modules/shell/sidebar";
import { useRootData } from "#app/root";
import { useCommunityCounts } from "#app/modules/shell/use-community-counts";

interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  end?: boolean;
  badge?: string;
}

function NavSection({
  title,
  items,
  collapsed,
  collapsible,
}: {
  title: string;
  items: NavItem[];
  collapsed: boolean;
  collapsible?: boolean;
}) {
  const [open, setOpen] = useState(true);
  const location = useLocation();
  // NavLink matches the path only; a link with a query (a category filter) is active on its query.
  const activeFor = (to: string, isActive: boolean) => (to.includes("?") ? location.pathname + location.search === to : isActive);
  const id = `nav-${title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <div className="px-2 py-2">
      {collapsed ? null : collapsible ? (
        <button
          type="button"
          className="flex w-full items-center justify-between rounded px-2 py-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase hover:text-foreground"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((v) => !v)}
        >
          {title}
          <ChevronDown className={cn("size-3.5 transition-transform", open ? "" : "-rotate-90 rtl:rotate-90")} aria-hidden="true" />
        </button>
      ) : (
        <h2 className="px-2 py-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h2>
      )}
      <ul id={id} hidden={!collapsed && collapsible && !open} className="mt-1 space-y-0.5">
        {items.map(({ to, label, icon: Icon, end, badge }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              title={collapsed ? label : undefined}
              aria-label={collapsed ? label : undefined}
              className={({ isActive }) =>
                cn(
                  "flex items-center gap-3 rounded-md px-2 py-2 text-sm hover:bg-muted",
                  activeFor(to, isActive) ? "bg-muted font-medium text-foreground" : "text-foreground/80",
                  collapsed && "justify-center px-0",
                )
              }
            >
              <Icon className="size-4 shrink-0" aria-hidden="true" />
              {collapsed ? null : <span className="truncate">{label}</span>}
              {badge && !collapsed ? <span className="ms-auto rounded-full bg-primary/10 px-2 text-xs font-medium text-primary">{badge}</span> : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** SPEC §2 side navigation; only links to screens that exist. */
export function SideNav({ collapsed = false }: { collapsed?: boolean }) {
  const { t, i18n } = useTranslation();
  const { viewer } = useRootData();
  const community = useCommunityCounts();
  const unreadMessages = useUnreadMessages();
  const number = new Intl.NumberFormat(i18n.language);
  const main: NavItem[] = [
    { to: "/", label: t("nav.sanctuary"), icon: Home, end: true },
    // SPEC §2: the Discussions badge shows the total, only above 0.
    { to: "/discussions", label: t("nav.discussions"), icon: MessagesSquare, badge: community.discussions > 0 ? number.format(community.discussions) : undefined },
    { to: "/members", label: t("members.title"), icon: Users },
    // SPEC §2: /explore with the AI badge; a free member lands on the Premium gate, which is the upsell.
    ...(viewer ? [{ to: "/explore", label: t("nav.explore"), icon: Compass, badge: t("nav.aiBadge") }] : []),
    ...(viewer ? [{ to: "/dashboard", label: t("nav.dashboard"), icon: LayoutDashboard }] : []),
    ...(viewer ? [{ to: "/messages", label: t("messages.nav"), icon: Mail, badge: unreadBadge(unreadMessages, i18n.language) }] : []),
  ];
  const categoryLinks: NavItem[] = community.categories.map((c) => ({
    to: `/discussions?category=${encodeURIComponent(c.slug)}`,
    label: c.title,
    icon: c.premium ? Lock : Hash,
  }));
  const help: NavItem[] = [
    { to: "/help", label: t("nav.helpCenter"), icon: HelpCircle, end: true },
    { to: "/help/guidelines", label: t("nav.guidelines"), icon: ScrollText },
    { to: "/faq", label: t("nav.faq"), icon: FileQuestion },
  ];
  const support: NavItem[] = [
    { to: "/about", label: t("nav.about"), icon: Info },
    { to: "/subscription", label: t("subscription.nav"), icon: Crown, badge: t("subscription.proBadge") },
    { to: "/sitemap", label: t("nav.sitemap"), icon: Map },
  ];
  const admin: NavItem[] = [
    { to: "/admin", label: t("nav.adminOverview"), icon: Shield, end: true },
    { to: "/admin/users", label: t("nav.users"), icon: Users },
    { to: "/admin/moderation", label: t("nav.moderation"), icon: ShieldCheck },
    { to: "/admin/categories", label: t("nav.categories"), icon: FolderTree },
    { to: "/admin/settings", label: t("nav.siteSettings"), icon: Settings },
  ];
  const account: NavItem[] = viewer
    ? [
        { to: "/profile", label: t("header.profile"), icon: User, end: true },
        { to: "/settings", label: t("header.settings"), icon: Settings },
      ]
    : [];

  return (
    <nav className="flex flex-col pb-20" aria-label={t("nav.mainNavigation")}>
      <NavSection title={t("nav.mainNavigation")} items={main} collapsed={collapsed} />
      {categoryLinks.length ? <NavSection title={t("nav.discussionCategories")} items={categoryLinks} collapsed={collapsed} collapsible /> : null}
      <NavSection title={t("nav.helpAndLearning")} items={help} collapsed={collapsed} collapsible />
      <NavSection title={t("nav.supportAndMore")} items={support} collapsed={collapsed} />
      {viewer?.isAdmin ? <NavSection title={t("nav.administration")} items={admin} collapsed={collapsed} /> : null}
      {viewer && !collapsed ? (
        <div className="mx-3 my-2 rounded-lg border border-border p-3" aria-labelledby="journey-title">
          <h2 id="journey-title" className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {t("nav.mysticalJourney")}
          </h2>
          <dl className="mt-2 space-y-1.5 text-sm">
            <div className="flex items-center justify-between gap-2">
              <dt className="flex items-center gap-2">
                <Trophy className="size-4 text-primary" aria-hidden="true" />
                {t("nav.achievements")}
              </dt>
              <dd className="font-medium">{number.format(viewer.badges.length)}</dd>
            </div>
            <div className="flex items-center justify-between gap-2">
              <dt className="flex items-center gap-2">
                <Sparkles className="size-4 text-primary" aria-hidden="true" />
                {t("nav.xpPoints")}
              </dt>
              <dd className="font-medium">{number.format(viewer.xpPoints)}</dd>
            </div>
            <div className="flex items-center justify-between gap-2">
              <dt className="flex items-center gap-2">
                <Star className="size-4 text-primary" aria-hidden="true" />
                {t("nav.reputation")}
              </dt>
              <dd className="font-medium">{number.format(viewer.reputation)}</dd>
            </div>
          </dl>
        </div>
      ) : null}
      {collapsed ? null : (
        <div className="mx-3 my-2 rounded-lg border border-border p-3">
          <h2 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{t("nav.community")}</h2>
          <p className="mt-2 flex items-center gap-2 text-sm">
            <Users className="size-4 text-primary" aria-hidden="true" />
            {t("common.members", { count: community.members, formattedCount: number.format(community.members) })}
          </p>
        </div>
      )}
      {viewer && !collapsed ? <ProfileCard /> : null}
      {viewer ? <NavSection title={t("nav.yourProfile")} items={account} collapsed={collapsed} /> : null}
    </nav>
  );
}

function ProfileCard() {
  const { t } = useTranslation();
  const { viewer } = useRootData();
  if (!viewer) return null;
  const progress = levelProgress(viewer.xpPoints, viewer.rank as MysticalRank);
  return (
    <div className="mx-3 my-2 rounded-lg bg-muted p-3">
      <div className="flex items-center gap-3">
        <Avatar src={viewer.avatarUrl} name={viewer.displayName} size="md" />
        <div className="min-w-0">
          <p className="truncate text-sm font-medium">{viewer.displayName}</p>
          <p className="text-xs text-muted-foreground">
            {t(`ranks.${viewer.rank}`)} · {t("nav.level", { level: levelOf(viewer.xpPoints) })}
          </p>
        </div>
      </div>
      <Progress className="mt-3" value={progress} aria-label={t("nav.levelProgress")} />
    </div>
  );
}

/** Under 768 px the navigation is a drawer sliding in from the start edge, 18rem wide. */
export function SideNavDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Sheet open={open} onOpenChange={onOpenChange} side="start" width={SIDEBAR_WIDTH_MOBILE} title={t("nav.mainNavigation")} closeLabel={t("nav.closeMenu")}>
      <SideNav />
    </Sheet>
  );
}
