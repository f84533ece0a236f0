import { LockKeyhole } from "lucide-react";
import { useTranslation } from "#app/i18n/react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button";
import { cn } from "#app/lib/cn";
import { useJoinLinks } from "./use-join-links";

/** Above a list a guest sees only titles of, while reading is members-only: why, and how to join. */
export function MembersOnlyNotice({ className }: { className?: string }) {
  const { t } = useTranslation();
  const links = useJoinLinks();
  return (
    <div
      className={cn(
        "flex flex-col gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4 sm:flex-row sm:items-center",
        className,
      )}
      data-testid="members-only-notice"
    >
      <p className="flex min-w-0 flex-1 items-start gap-3 text-sm">
        <LockKeyhole className="size-5 shrink-0 text-primary" aria-hidden="true" />
        <span>{t("membersOnly.listNotice")}</span>
      </p>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button asChild size="sm">
          <Link to={links.join}>{t("membersOnly.join")}</Link>
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link to={links.signIn}>{t("header.signIn")}</Link>
        </Button>
      </div>
    </div>
  );
}
