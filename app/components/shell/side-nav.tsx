import {
  CalendarDays,
  ChevronDown,
  ExternalLink,
  Eye,
  MessageCircleHeart,
  Crown,
  Flame,
  Hash,
  Lock,
  MessagesSquare,
  FileQuestion,
  HelpCircle,
  Home,
  Info,
  type LucideIcon,
  Map,
  PlusCircle,
  ScrollText,
  Sparkles,
  GraduationCap,
  BookOpen,
  UserCheck,
  Users,
  Video,
  FlameKindling,
  Timer,
} from "lucide-react";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { useTranslation } from "#app/i18n/react";
import { Link, useLocation } from "react-router";
import { Sheet } from "#app/components/ui/sheet";
import { focusMainHeading } from "#app/hooks/use-focus-heading-on-navigate";
import { cn } from "#app/lib/cn";
import { SIDEBAR_WIDTH_MOBILE } from "#app/modules/shell/sidebar";
import { useRootData } from "#app/root";
import { useCommunityCounts } from "#app/modules/shell/use-community-counts";
import { numberFormat } from "#app/lib/intl";
import { oracleLinks, type OracleLink } from "#app/modules/consultations/oracles";

/*
 * Explore, Dashboard and Messages, the administration section, the member's journey and profile
 * cards and the account links show only to signed-in members: a chunk of their own,
 * server-rendered as before and hydrated once it has arrived; guests never download it.
 */
const memberParts = () => import("./side-nav-member");
const MemberMainEntries = lazy(() =>
  memberParts().then((module) => ({ default: module.MemberMainEntries })),
);
const AdminSection = lazy(() => memberParts().then((module) => ({ default: module.AdminSection })));
const JourneyCard = lazy(() => memberParts().then((module) => ({ default: module.JourneyCard })));
const ProfileCard = lazy(() => memberParts().then((module) => ({ default: module.ProfileCard })));
const AccountSection = lazy(() =>
  memberParts().then((module) => ({ default: module.AccountSection })),
);

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  end?: boolean;
  badge?: string;
}

/**
 * Where a side-navigation link stands to the page shown: the page itself (`page`: the one link of
 * the page marked aria-current="page"), the chosen filter of its set (`filter`: a link with a query,
 * such as a discussion category, marked aria-current="true"), a page above it (`section`: only
 * highlighted) or none.
 */
export function navLinkState(
  to: string,
  end: boolean,
  location: { pathname: string; search: string },
): "page" | "filter" | "section" | null {
  const [path, query] = to.split("?");
  if (query !== undefined)
    return location.pathname === path && location.search === `?${query}` ? "filter" : null;
  if (location.pathname === path) return "page";
  return !end && path !== "/" && location.pathname.startsWith(`${path}/`) ? "section" : null;
}

/** One link of the side navigation, in its list. */
export function NavEntry({
  item: { to, label, icon: Icon, end, badge },
  collapsed,
}: {
  item: NavItem;
  collapsed: boolean;
}) {
  const state = navLinkState(to, Boolean(end), useLocation());
  return (
    <li>
      <Link
        to={to}
        title={collapsed ? label : undefined}
        aria-label={collapsed ? label : undefined}
        aria-current={state === "page" ? "page" : state === "filter" ? "true" : undefined}
        className={cn(
          "flex items-center gap-3 rounded-md px-2 py-2 text-sm hover:bg-muted",
          state ? "bg-muted font-medium text-foreground" : "text-foreground/80",
          collapsed && "justify-center px-0",
        )}
      >
        <Icon className="size-4 shrink-0" aria-hidden="true" />
        {collapsed ? null : <span className="truncate">{label}</span>}
        {badge && !collapsed ? (
          <span className="ms-auto rounded-full bg-primary/10 px-2 text-xs font-medium text-primary">
            {badge}
          </span>
        ) : null}
      </Link>
    </li>
  );
}

const ORACLE_LABELS = {
  demon: "consultations.nav.demonOracle",
  angelic: "consultations.nav.angelicOracle",
  elenthos: "consultations.nav.elenthosOracle",
} as const;

/** An external site of the side navigation (SPEC §2: the oracle sites), opened in a new tab. */
function ExternalNavEntry({ oracle, collapsed }: { oracle: OracleLink; collapsed: boolean }) {
  const { t } = useTranslation();
  const label = t(ORACLE_LABELS[oracle.key]);
  return (
    <li>
      <a
        href={oracle.url}
        target="_blank"
        rel="noopener noreferrer"
        title={collapsed ? label : undefined}
        aria-label={collapsed ? `${label} ${t("consultations.nav.newTab")}` : undefined}
        className={cn(
          "flex items-center gap-3 rounded-md px-2 py-2 text-sm text-foreground/80 hover:bg-muted",
          collapsed && "justify-center px-0",
        )}
      >
        <Eye className="size-4 shrink-0" aria-hidden="true" />
        {collapsed ? null : (
          <>
            <span className="truncate">{label}</span>
            <ExternalLink className="ms-auto size-3.5 shrink-0 opacity-60" aria-hidden="true" />
            <span className="sr-only">{t("consultations.nav.newTab")}</span>
          </>
        )}
      </a>
    </li>
  );
}

/** A titled list of links (collapsible or not); `children` are more entries at its end. */
export function NavSection({
  title,
  items,
  collapsed,
  collapsible,
  children,
}: {
  title: string;
  items: NavItem[];
  collapsed: boolean;
  collapsible?: boolean;
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(true);
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
          <ChevronDown
            className={cn("size-3.5 transition-transform", open ? "" : "-rotate-90 rtl:rotate-90")}
            aria-hidden="true"
          />
        </button>
      ) : (
        <h2 className="px-2 py-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {title}
        </h2>
      )}
      <ul id={id} hidden={!collapsed && collapsible && !open} className="mt-1 space-y-0.5">
        {items.map((item) => (
          <NavEntry key={item.to} item={item} collapsed={collapsed} />
        ))}
        {children}
      </ul>
    </div>
  );
}

/** SPEC §2 side navigation; only links to screens that exist. */
export function SideNav({ collapsed = false }: { collapsed?: boolean }) {
  const { t, i18n } = useTranslation();
  const { viewer, settings } = useRootData();
  const community = useCommunityCounts();
  const number = numberFormat(i18n.language);
  const main: NavItem[] = [
    { to: "/", label: t("nav.sanctuary"), icon: Home, end: true },
    // SPEC §2: the Discussions badge shows the total, only above 0.
    {
      to: "/discussions",
      label: t("nav.discussions"),
      icon: MessagesSquare,
      badge: community.discussions > 0 ? number.format(community.discussions) : undefined,
    },
    { to: "/members", label: t("members.title"), icon: Users },
    // SPEC §2/§9: Videos shows 'New' while an active video was published in the last 7 days.
    {
      to: "/videos",
      label: t("videos.nav.videos"),
      icon: Video,
      badge: community.newVideos ? t("videos.nav.new") : undefined,
    },
    // SPEC §2 side menu: /request-ritual (guests are sent to sign in, and back).
    { to: "/request-ritual", label: t("nav.requestRitual"), icon: Flame },
  ];
  // SPEC §2 "Covens & Communities": the Covens badge shows the total, only above 0.
  const covens: NavItem[] = [
    {
      to: "/covens",
      label: t("covens.nav.covens"),
      icon: Sparkles,
      end: true,
      badge: community.covens > 0 ? number.format(community.covens) : undefined,
    },
    { to: "/covens/create", label: t("covens.nav.create"), icon: PlusCircle },
    { to: "/covens/my-covens", label: t("covens.nav.mine"), icon: UserCheck },
    { to: "/covens/events", label: t("events.nav"), icon: CalendarDays },
  ];
  // SPEC §2 side menu "Learning".
  const learning: NavItem[] = [
    { to: "/academy", label: t("academy.nav"), icon: GraduationCap },
    { to: "/grimoires", label: t("nav.grimoires"), icon: BookOpen },
    { to: "/rituals", label: t("nav.rituals"), icon: FlameKindling },
    { to: "/demon-attunements", label: t("nav.attunements"), icon: Timer },
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
  // SPEC §2 "Tools": the personal consultation and the oracle sites configured in settings.
  const tools: NavItem[] = [
    { to: "/consultation", label: t("consultations.nav.consultation"), icon: MessageCircleHeart },
  ];
  const oracles = oracleLinks(settings);
  const support: NavItem[] = [
    { to: "/about", label: t("nav.about"), icon: Info },
    { to: "/subscription", label: t("subscription.nav"), icon: Crown },
    { to: "/sitemap", label: t("nav.sitemap"), icon: Map },
  ];

  return (
    <nav className="flex flex-col pb-2" aria-label={t("nav.mainNavigation")}>
      <NavSection title={t("nav.mainNavigation")} items={main} collapsed={collapsed}>
        {viewer ? (
          <Suspense fallback={null}>
            <MemberMainEntries collapsed={collapsed} />
          </Suspense>
        ) : null}
      </NavSection>
      <NavSection
        title={t("covens.nav.section")}
        items={covens}
        collapsed={collapsed}
        collapsible
      />
      <NavSection title={t("academy.navSection")} items={learning} collapsed={collapsed} />
      <NavSection title={t("consultations.nav.tools")} items={tools} collapsed={collapsed}>
        {oracles.map((oracle) => (
          <ExternalNavEntry key={oracle.key} oracle={oracle} collapsed={collapsed} />
        ))}
      </NavSection>
      {categoryLinks.length ? (
        <NavSection
          title={t("nav.discussionCategories")}
          items={categoryLinks}
          collapsed={collapsed}
          collapsible
        />
      ) : null}
      <NavSection title={t("nav.helpAndLearning")} items={help} collapsed={collapsed} collapsible />
      <NavSection title={t("nav.supportAndMore")} items={support} collapsed={collapsed} />
      {viewer?.isAdmin ? (
        <Suspense fallback={null}>
          <AdminSection collapsed={collapsed} />
        </Suspense>
      ) : null}
      {viewer && !collapsed ? (
        <Suspense fallback={null}>
          <JourneyCard />
        </Suspense>
      ) : null}
      {collapsed ? null : (
        <div className="mx-3 my-2 rounded-lg border border-border p-3">
          <h2 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {t("nav.community")}
          </h2>
          <p className="mt-2 flex items-center gap-2 text-sm">
            <Users className="size-4 text-primary" aria-hidden="true" />
            {t("common.members", {
              count: community.members,
              formattedCount: number.format(community.members),
            })}
          </p>
        </div>
      )}
      {viewer && !collapsed ? (
        <Suspense fallback={null}>
          <ProfileCard />
        </Suspense>
      ) : null}
      {viewer ? (
        <Suspense fallback={null}>
          <AccountSection collapsed={collapsed} />
        </Suspense>
      ) : null}
    </nav>
  );
}

/**
 * Under 768 px the navigation is a drawer sliding in from the start edge, 18rem wide. Closed by
 * following one of its links (`navigated`), it gives focus to the new page's heading instead of
 * back to the menu button.
 */
export function SideNavDrawer({
  open,
  onOpenChange,
  navigated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  navigated: boolean;
}) {
  const { t } = useTranslation();
  const onCloseAutoFocus = (event: Event) => {
    if (!navigated) return;
    event.preventDefault();
    focusMainHeading();
  };
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      side="start"
      width={SIDEBAR_WIDTH_MOBILE}
      title={t("nav.mainNavigation")}
      closeLabel={t("nav.closeMenu")}
    >
      <SideNav />
    </Sheet>
  );
}
