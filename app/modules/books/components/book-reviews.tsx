import { Star } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { StarRatingInput, StarsShown } from "#app/components/reviews/stars";
import { Avatar } from "#app/components/ui/avatar";
import { Button } from "#app/components/ui/button";
import { FieldError } from "#app/components/ui/field-error";
import { IntentButton } from "#app/components/ui/intent-button";
import { Label } from "#app/components/ui/label";
import { Pagination } from "#app/components/ui/pagination";
import { Textarea } from "#app/components/ui/textarea";
import { textKey } from "#app/i18n/i18n";
import { useTranslation } from "#app/i18n/react";
import type { ActionFailure } from "#app/lib/form";
import { dateTimeFormat, numberFormat } from "#app/lib/intl";
import { BOOK_LIMITS } from "../types";

export interface BookReviewsData {
  average: number | null;
  count: number;
  page: number;
  pageCount: number;
  items: Array<{
    id: string;
    rating: number;
    body: string;
    updatedAt: Date | string;
    authorName: string;
    authorSlug: string;
    authorAvatar: string | null;
  }>;
  mine: { rating: number; body: string } | null;
  canReview: boolean;
}

/** The average "4.5 ★ (12 reviews)" line, beside the title and above the list. */
export function BookRatingSummary({ average, count }: { average: number | null; count: number }) {
  const { t, i18n } = useTranslation();
  if (average === null) return <span>{t("books.reviews.none")}</span>;
  const rating = numberFormat(i18n.language, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(average);
  return (
    <span className="inline-flex items-center gap-1" data-testid="book-rating">
      <Star aria-hidden="true" className="size-4 fill-current text-amber-500" />
      {t("books.reviews.average", {
        rating,
        count,
        formatted: numberFormat(i18n.language).format(count),
      })}
    </span>
  );
}

/**
 * The book page's reviews: the average, the owner's form (write, edit, delete), and the list,
 * `REVIEWS_PER_PAGE` a page. The server refuses a review from anyone but an owner.
 */
export function BookReviews({
  reviews,
  signedIn,
  failure,
}: {
  reviews: BookReviewsData;
  signedIn: boolean;
  failure: ActionFailure | undefined;
}) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const date = dateTimeFormat(i18n.language, { dateStyle: "medium" });
  const bodyError = failure?.fieldErrors.body ? t(textKey(failure.fieldErrors.body)) : null;
  const ratingError = failure?.fieldErrors.rating ? t(textKey(failure.fieldErrors.rating)) : null;
  return (
    <section aria-labelledby="reviews-title" className="mx-auto mt-10 max-w-2xl" id="reviews">
      <h2 id="reviews-title" className="text-2xl font-semibold">
        {t("books.reviews.title")}
      </h2>
      <p className="mt-1 text-muted-foreground">
        <BookRatingSummary average={reviews.average} count={reviews.count} />
      </p>
      {reviews.canReview ? (
        <div className="mt-4 space-y-3 rounded-xl border border-border bg-card p-4">
          <Form method="post" className="space-y-3" preventScrollReset>
            <input type="hidden" name="intent" value="review" />
            <StarRatingInput
              legend={reviews.mine ? t("books.reviews.yourRating") : t("books.reviews.rating")}
              starsLabel={(count) => t("books.reviews.stars", { count })}
              defaultValue={Number(failure?.values.rating ?? reviews.mine?.rating) || null}
            />
            <FieldError message={ratingError} />
            <div className="space-y-1">
              <Label htmlFor="review-body">{t("books.reviews.text")}</Label>
              <Textarea
                id="review-body"
                name="body"
                rows={4}
                dir="auto"
                required
                minLength={BOOK_LIMITS.reviewMin}
                maxLength={BOOK_LIMITS.reviewMax}
                aria-invalid={bodyError ? true : undefined}
                aria-describedby="review-body-hint review-body-error"
                defaultValue={failure?.values.body ?? reviews.mine?.body ?? ""}
              />
              <p id="review-body-hint" className="text-xs text-muted-foreground">
                {t("books.reviews.textHint", {
                  min: BOOK_LIMITS.reviewMin,
                  max: BOOK_LIMITS.reviewMax,
                })}
              </p>
              <FieldError id="review-body-error" message={bodyError} />
            </div>
            <Button type="submit" disabled={busy}>
              {reviews.mine ? t("books.reviews.update") : t("books.reviews.submit")}
            </Button>
          </Form>
          {reviews.mine ? (
            <IntentButton
              intent="deleteReview"
              variant="ghost"
              confirm={t("books.reviews.deleteConfirm")}
            >
              {t("books.reviews.delete")}
            </IntentButton>
          ) : null}
        </div>
      ) : (
        <p className="mt-4 text-sm text-muted-foreground">
          {signedIn ? t("books.reviews.ownersOnly") : t("books.reviews.signInToReview")}
        </p>
      )}
      {reviews.items.length === 0 ? (
        <p className="mt-4 text-sm text-muted-foreground">{t("books.reviews.empty")}</p>
      ) : (
        <ul className="mt-4 space-y-3" aria-label={t("books.reviews.listLabel")}>
          {reviews.items.map((review) => (
            <li key={review.id} className="rounded-xl border border-border bg-card p-4">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <Link
                  to={`/profile/${review.authorSlug}`}
                  className="flex min-w-0 items-center gap-2 font-medium hover:underline"
                >
                  <Avatar src={review.authorAvatar} name={review.authorName} size="sm" />
                  <span className="truncate" dir="auto">
                    {review.authorName}
                  </span>
                </Link>
                <StarsShown
                  rating={review.rating}
                  label={t("books.reviews.stars", { count: review.rating })}
                />
                <time
                  className="text-muted-foreground"
                  dateTime={new Date(review.updatedAt).toISOString()}
                >
                  {date.format(new Date(review.updatedAt))}
                </time>
              </div>
              <p className="mt-2 text-sm break-words whitespace-pre-line" dir="auto">
                {review.body}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={reviews.page} pageCount={reviews.pageCount} />
    </section>
  );
}
