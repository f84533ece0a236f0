import { Star } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { useTranslation } from "#app/i18n/react";
import { Button } from "#app/components/ui/button";

/**
 * The member's 1–5 rating: five radio buttons drawn as stars, filled up to the chosen one (arrow
 * keys move between them), and a submit button; a plain form that works without JavaScript.
 */
export function RatingForm({ myRating }: { myRating: number | null }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="intent" value="rate" />
      <fieldset className="flex items-center gap-1">
        <legend className="sr-only">{t("videos.page.rate")}</legend>
        {[1, 2, 3, 4, 5].map((value) => (
          <label
            key={value}
            className="cursor-pointer rounded p-0.5 text-muted-foreground has-focus-visible:outline-2 [&:has(:checked)_svg]:fill-amber-400 [&:has(:checked)_svg]:text-amber-500 [&:has(~label_:checked)_svg]:fill-amber-400 [&:has(~label_:checked)_svg]:text-amber-500"
          >
            <input
              type="radio"
              name="rating"
              value={value}
              defaultChecked={myRating === value}
              className="sr-only"
              required
            />
            <Star aria-hidden="true" className="size-6" />
            <span className="sr-only">{t("videos.page.stars", { count: value })}</span>
          </label>
        ))}
      </fieldset>
      <Button type="submit" size="sm" variant="outline" disabled={busy}>
        {t("videos.page.rate")}
      </Button>
    </Form>
  );
}
