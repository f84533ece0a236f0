import { rankTextKey } from "#app/modules/profiles/ranks";
import {
  BookOpenText,
  Compass,
  FolderTree,
  LayoutDashboard,
  Mail,
  Settings,
  Shield,
  ShieldCheck,
  Sparkles,
  Star,
  Trophy,
  User,
  Users,
  type LucideIcon,
} from "lucide-react";
import { useTranslation } from "#app/i18n/react";
import { Avatar } from "#app/components/ui/avatar";
import { Progress } from "#app/components/ui/progress";
import { levelOf, levelProgress } from "#app/modules/profiles/level";
import type { MysticalRank } from "#app/modules/profiles";
import { useRootData } from "#app/root";
import {
  unreadBadge,
  useUnreadMessages,
} from "#app/modules/messages/components/use-unread-messages";
import { NavEntry, NavSection, type NavItem } from "./side-nav";
import { numberFormat } from "#app/lib/intl";

/* The side navigation's parts for signed-in members (./side-nav.tsx loads them for members only). */

/** The main section's links for members, after Members. */
export function MemberMainEntries({ collapsed }: { collapsed: boolean }) {
  const { t, i18n } = useTranslation();
  const unreadMessages = useUnreadMessages();
  const items: NavItem[] = [
    // SPEC §2 gives /explore an "AI" badge; its picks come from reading history and the knowledge
    // index, not a model, so the badge says what is true (decision 065). A free member lands on the
    // Premium gate, which is the upsell.
    { to: "/explore", label: t("nav.explore"), icon: Compass, badge: t("nav.forYouBadge") },
    { to: "/dashboard", label: t("nav.dashboard"), icon: LayoutDashboard },
    // SPEC §1 book tool: authors are premium; a free member lands on the Premium gate saying what it is.
    { to: "/book-forge", label: t("books.nav"), icon: BookOpenText },
    {
      to: "/messages",
      label: t("messages.nav"),
      icon: Mail,
      badge: unreadBadge(unreadMessages, i18n.language),
    },
  ];
  return items.map((item) => <NavEntry key={item.to} item={item} collapsed={collapsed} />);
}

export function AdminSection({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const admin: NavItem[] = [
    { to: "/admin", label: t("nav.adminOverview"), icon: Shield, end: true },
    { to: "/admin/users", label: t("nav.users"), icon: Users },
    { to: "/admin/moderation", label: t("nav.moderation"), icon: ShieldCheck },
    { to: "/admin/categories", label: t("nav.categories"), icon: FolderTree },
    { to: "/admin/settings", label: t("nav.siteSettings"), icon: Settings },
  ];
  return <NavSection title={t("nav.administration")} items={admin} collapsed={collapsed} />;
}

export function AccountSection({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const account: NavItem[] = [
    { to: "/profile", label: t("header.profile"), icon: User, end: true },
    { to: "/settings", label: t("header.settings"), icon: Settings },
  ];
  return <NavSection title={t("nav.yourProfile")} items={account} collapsed={collapsed} />;
}

/** Achievements, XP and reputation. */
export function JourneyCard() {
  const { t, i18n } = useTranslation();
  const { viewer } = useRootData();
  if (!viewer) return null;
  const number = numberFormat(i18n.language);
  return (
    <div className="mx-3 my-2 rounded-lg border border-border p-3" aria-labelledby="journey-title">
      <h2
        id="journey-title"
        className="text-xs font-semibold tracking-wide text-muted-foreground uppercase"
      >
        {t("nav.mysticalJourney")}
      </h2>
      <dl className="mt-2 space-y-1.5 text-sm">
        <JourneyStat
          icon={Trophy}
          label={t("nav.achievements")}
          value={number.format(viewer.badges.length)}
        />
        <JourneyStat
          icon={Sparkles}
          label={t("nav.xpPoints")}
          value={number.format(viewer.xpPoints)}
        />
        <JourneyStat
          icon={Star}
          label={t("nav.reputation")}
          value={number.format(viewer.reputation)}
        />
      </dl>
    </div>
  );
}

function JourneyStat({
  icon: Icon,
  label,
  value,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
}) {
  return (
    <div className="flex items-center justify-between gap-2">
      <dt className="flex items-center gap-2">
        <Icon className="size-4 text-primary" aria-hidden="true" />
        {label}
      </dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}

export function ProfileCard() {
  const { t } = useTranslation();
  const { viewer } = useRootData();
  if (!viewer) return null;
  const progress = levelProgress(viewer.xpPoints, viewer.rank as MysticalRank);
  return (
    <div className="mx-3 my-2 rounded-lg bg-muted p-3">
      <div className="flex items-center gap-3">
        <Avatar src={viewer.avatarUrl} name={viewer.displayName} size="md" />
        <div className="min-w-0">
          <p className="truncate text-sm font-medium" dir="auto">
            {viewer.displayName}
          </p>
          <p className="text-xs text-muted-foreground">
            {t(rankTextKey(viewer.rank))} · {t("nav.level", { level: levelOf(viewer.xpPoints) })}
          </p>
        </div>
      </div>
      <Progress className="mt-3" value={progress} aria-label={t("nav.levelProgress")} />
    </div>
  );
}
