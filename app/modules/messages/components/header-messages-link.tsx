import { Mail } from "lucide-react";
import { useTranslation } from "#app/i18n/react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button";
import { CountBadge } from "#app/components/ui/count-badge";
import { unreadBadge, useUnreadMessages } from "./use-unread-messages";

/**
 * On a phone the side navigation (with its Messages count) is a closed drawer, so a new direct
 * message would give no sign: the header shows an envelope with the unread count while there is
 * one, updated live by the event stream (useUnreadMessages). Desktop has the side navigation's.
 */
export function HeaderMessagesLink() {
  const { t, i18n } = useTranslation();
  const unread = useUnreadMessages();
  const badge = unreadBadge(unread, i18n.language);
  if (!badge) return null;
  return (
    <Button asChild variant="ghost" size="icon" className="relative size-9 sm:size-10 md:hidden">
      <Link to="/messages" data-testid="header-messages">
        <Mail className="size-5" aria-hidden="true" />
        {/* Named by its content, so the name says the count in words. */}
        <span className="sr-only">{t("messages.unread", { count: unread })}</span>
        <CountBadge text={badge} data-testid="header-messages-count" />
      </Link>
    </Button>
  );
}
