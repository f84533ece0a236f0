import { Link2 } from "lucide-react";
import type { MouseEvent } from "react";
import { useTranslation } from "#app/i18n/react";
import { Link, useNavigate } from "react-router";
import { Button } from "#app/components/ui/button";
import { toast } from "#app/components/ui/toast";
import { commentLink } from "../links";

/**
 * A comment's "Link": a plain link to its permalink (works without JavaScript, and can be copied
 * from the browser's menu); a plain click copies the full address instead and says so. Where the
 * clipboard is out of reach (an insecure origin, a refused permission) the click follows the link.
 */
export function CommentPermalink({ path, commentId }: { path: string; commentId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const href = commentLink(path, commentId);
  const copy = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    if (typeof navigator === "undefined" || !navigator.clipboard) return;
    event.preventDefault();
    navigator.clipboard.writeText(new URL(href, window.location.origin).href).then(
      () => toast.success(t("discussions.permalink.copied")),
      () => void navigate(href),
    );
  };
  return (
    <Button asChild size="sm" variant="ghost">
      <Link
        to={href}
        onClick={copy}
        aria-label={t("discussions.permalink.label")}
        data-testid="comment-permalink"
      >
        <Link2 aria-hidden="true" />
        {t("discussions.permalink.link")}
      </Link>
    </Button>
  );
}
