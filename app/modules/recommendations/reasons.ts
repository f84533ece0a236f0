import type { TFunction } from "#app/i18n/i18n";
import type { Reason } from "./ranking";
import { isolate } from "#app/lib/bidi";

/** The one-line explanation of a pick, in the reader's language ('Because you read “…”'). */
export function reasonText(reason: Reason, t: TFunction): string {
  switch (reason.type) {
    case "similar":
      return t(`explore.reasons.${reason.action}`, { title: isolate(reason.title) });
    case "circle":
      return t("explore.reasons.circle", { circle: isolate(reason.circle) });
    case "author":
      return t("explore.reasons.author", { name: isolate(reason.name) });
    case "alsoLiked":
      return t("explore.reasons.alsoLiked", { title: isolate(reason.title) });
    case "fresh":
      return t("explore.reasons.fresh", { circle: isolate(reason.circle) });
    case "trending":
      return t("explore.reasons.trending");
    case "featured":
      return t("explore.reasons.featured");
  }
}
