import { Settings2 } from "lucide-react";
import { useTranslation } from "#app/i18n/react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button";
import { SalesLink } from "#app/modules/admin/components/sales-link";
import { HeaderMessagesLink } from "#app/modules/messages/components/header-messages-link";
import { NotificationBell } from "#app/modules/notifications/components/notification-bell";
import { UserMenu } from "./user-menu";

/**
 * The header's controls for a signed-in member: Content management and Sales (admins), unread
 * messages (phones), the notification bell and the user menu. A module of its own, loaded by the header only for members, so that guests' pages do not
 * download it.
 */
export default function MemberControls({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {isAdmin ? (
        <>
          <Button asChild variant="ghost" size="sm" className="hidden md:inline-flex">
            <Link to="/content-management">
              <Settings2 className="size-4" aria-hidden="true" />
              <span className="hidden xl:inline">{t("header.contentManagement")}</span>
            </Link>
          </Button>
          <SalesLink />
        </>
      ) : null}
      <HeaderMessagesLink />
      <NotificationBell />
      <UserMenu />
    </>
  );
}
