/*
 * 1–5 star ratings, shown and chosen, shared by the reviews of courses and of books. Texts come
 * translated from the caller (each module has its own wording), so the component needs none.
 */

/** Five stars, `rating` of them filled, read out as `label` ("4 stars"). */
export function StarsShown({ rating, label }: { rating: number; label: string }) {
  return (
    <span role="img" aria-label={label} className="whitespace-nowrap">
      <span aria-hidden="true" className="text-amber-500">
        {"★".repeat(rating)}
      </span>
      <span aria-hidden="true" className="text-muted-foreground">
        {"★".repeat(5 - rating)}
      </span>
    </span>
  );
}

/** Five radio buttons named `rating` in a fieldset; `starsLabel(n)` names each choice. */
export function StarRatingInput({
  legend,
  starsLabel,
  defaultValue,
  name = "rating",
}: {
  legend: string;
  starsLabel: (stars: number) => string;
  defaultValue?: number | null;
  name?: string;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-3">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="inline-flex items-center gap-1 text-sm">
            <input
              type="radio"
              name={name}
              value={n}
              required
              defaultChecked={defaultValue === n}
            />
            {starsLabel(n)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
