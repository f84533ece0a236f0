import { LockKeyhole } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button";
import { cn } from "#app/lib/cn";
import { useJoinLinks } from "./use-join-links";

/** Above a list a guest sees only titles of, while reading is members-only: why, and how to join. */
export function MembersOnlyNotice({ className }: { className?: string }) {
  const { t } = useTranslation();
  const links = useJoinLinks();
  return (
    <div className={cn("flex flex-wrap items-center gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4", className)} data-testid="members-only-notice">
      <LockKeyhole className="size-5 shrink-0 text-primary" aria-hidden="true" />
      <p className="min-w-0 flex-1 text-sm">{t("membersOnly.listNotice")}</p>
      <div className="flex flex-wrap gap-2">
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
