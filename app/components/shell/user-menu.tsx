import { rankTextKey } from "#app/modules/profiles/ranks";
import {
  Bell,
  Crown,
  CreditCard,
  Compass,
  LayoutDashboard,
  LogOut,
  Mail,
  Settings,
  Shield,
  User,
  HelpCircle,
  Info,
  FileQuestion,
  Settings2,
  type LucideIcon,
  Droplet,
  Feather,
  Flame,
  GraduationCap,
  Sun,
} from "lucide-react";
import { useTranslation } from "#app/i18n/react";
import { Form, Link } from "react-router";
import { Avatar } from "#app/components/ui/avatar";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "#app/components/ui/dropdown-menu";
import { badgeText } from "#app/modules/notifications/tabs";
import {
  unreadBadge,
  useUnreadMessages,
} from "#app/modules/messages/components/use-unread-messages";
import { useRootData } from "#app/root";

/** SPEC §2 user menu, limited to the screens that exist. Sign Out is a POST form. */
export function UserMenu() {
  const { t, i18n } = useTranslation();
  const { viewer, unreadNotifications } = useRootData();
  const unreadMessages = useUnreadMessages();
  if (!viewer) return null;
  const links: Array<{ to: string; label: string; icon: LucideIcon; badge?: string }> = [
    { to: "/profile", label: t("header.profile"), icon: User },
    { to: "/dashboard", label: t("header.dashboard"), icon: LayoutDashboard },
    {
      to: "/messages",
      label: t("messages.nav"),
      icon: Mail,
      badge: unreadBadge(unreadMessages, i18n.language),
    },
    {
      to: "/notifications",
      label: t("notifications.title"),
      icon: Bell,
      badge: badgeText(unreadNotifications, 99, i18n.language),
    },
    { to: "/settings", label: t("header.settings"), icon: Settings },
    { to: "/subscription", label: t("subscription.nav"), icon: Crown },
    ...(viewer.tier !== "free"
      ? [{ to: "/billing", label: t("billing.nav"), icon: CreditCard }]
      : []),
    ...(viewer.isAdmin
      ? [
          { to: "/content-management", label: t("header.contentManagement"), icon: Settings2 },
          { to: "/admin", label: t("header.admin"), icon: Shield },
        ]
      : []),
    { to: "/help", label: t("header.help"), icon: HelpCircle },
    { to: "/faq", label: t("header.faq"), icon: FileQuestion },
    { to: "/tutorials", label: t("nav.tutorials"), icon: GraduationCap },
    { to: "/archangels-landing", label: t("nav.archangels"), icon: Feather },
    { to: "/ankh-ta-duat", label: t("nav.ankhTaDuat"), icon: Sun },
    { to: "/sacred-oils", label: t("nav.sacredOils"), icon: Droplet },
    { to: "/request-ritual", label: t("nav.requestRitual"), icon: Flame },
    { to: "/about", label: t("header.about"), icon: Info },
    { to: "/explore", label: t("header.todaysRecommendations"), icon: Compass },
  ];
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        data-testid="user-menu"
      >
        {/* Named by its content (not aria-label) so the visible initials are part of the name. */}
        <span className="sr-only">{t("header.userMenu")}</span>
        <Avatar src={viewer.avatarUrl} name={viewer.displayName} size="sm" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel>
          <span className="block truncate" dir="auto">
            {viewer.displayName}
          </span>
          <span className="block text-xs font-normal text-muted-foreground">
            {t(rankTextKey(viewer.rank))}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {links.map(({ to, label, icon: Icon, badge }) => (
          <DropdownMenuItem key={to} asChild>
            <Link to={to}>
              <Icon className="size-4" aria-hidden="true" />
              {label}
              {badge ? (
                <span className="ms-auto rounded-full bg-primary px-2 text-xs font-semibold text-primary-foreground">
                  {badge}
                </span>
              ) : null}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <Form method="post" action="/auth/sign-out">
          <DropdownMenuItem asChild>
            <button type="submit" className="w-full">
              <LogOut className="size-4 rtl:-scale-x-100" aria-hidden="true" />
              {t("header.signOut")}
            </button>
          </DropdownMenuItem>
        </Form>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
