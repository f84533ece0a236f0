import { textKey } from "#app/i18n/i18n";
import { useEffect } from "react";
import { toast } from "#app/components/ui/toast";
import { useTranslation } from "#app/i18n/react";
import type { ActionResult, ToastMessage } from "#app/lib/form";

/**
 * Shows the toast an action's answer carries (app/lib/form.ts, decision 032): its success
 * message, or the form's error. Field errors are shown beside their fields, not here. Each new
 * answer is shown once; the same answer rendered again is not.
 */
export function useActionToast(
  result: ActionResult<unknown> | undefined | null,
  options: { success?: ToastMessage } = {},
) {
  const { t } = useTranslation();
  // What only the page knows (the receipt and member of a refund dialog) may name a success the
  // answer does not; the answer's own toast wins.
  const fallback = options.success;
  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      const shown = result.toast ?? fallback;
      if (shown) toast.success(t(textKey(shown.key), shown.params));
    } else if (result.formError) toast.error(t(textKey(result.formError)));
    // The fallback is read when an answer arrives, not watched: a new object each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result, t]);
}
