import { Eye } from "lucide-react";
import { Link } from "react-router";
import { useTranslation } from "#app/i18n/react";

/**
 * The banner of an admin's "preview as a member": says whether members can see this course at
 * all (a draft: no), that nothing done here is recorded, and leads back to the course's outline.
 */
export function PreviewBanner({ courseId, draft }: { courseId: string; draft: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      role="note"
      aria-label={t("academy.preview.label")}
      className="mb-6 flex flex-wrap items-start gap-3 rounded-xl border-2 border-dashed border-primary/60 bg-primary/5 p-4 text-sm"
    >
      <Eye aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">
          {draft ? t("academy.preview.draft") : t("academy.preview.published")}
        </p>
        <p className="mt-1 text-muted-foreground">{t("academy.preview.nothingRecorded")}</p>
      </div>
      <Link
        to={`/admin/academy/courses/${courseId}/outline`}
        className="font-medium text-primary hover:underline"
      >
        {t("academy.preview.backToOutline")}
      </Link>
    </div>
  );
}
