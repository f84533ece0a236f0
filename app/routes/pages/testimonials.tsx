import { Link } from "react-router";
import type { Route } from "./+types/testimonials";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { useActionToast } from "#app/hooks/use-action-toast";
import { Pagination } from "#app/components/ui/pagination";
import { actionError, actionOk, failureOf, parseForm } from "#app/lib/form";
import { dateTimeFormat } from "#app/lib/intl";
import { pageNumber } from "#app/lib/page-number";
import { getViewer, requireUser } from "#app/modules/auth/index.server";
import {
  approvedTestimonials,
  ownLatestTestimonial,
  submitTestimonial,
} from "#app/modules/testimonials/index.server";
import { testimonialSchema } from "#app/modules/testimonials/validation";
import { TestimonialForm } from "#app/modules/testimonials/components/testimonial-form";

export const handle = { texts: ["landing"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) => pageMeta(args, "testimonials.title");

/**
 * SPEC §2 /testimonials (open): approved testimonials, newest first, a page at a time; a signed-in
 * member can send one, which waits for an admin (/admin/testimonials).
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  const [list, own] = await Promise.all([
    approvedTestimonials(pageNumber(url.searchParams.get("page"))),
    viewer ? ownLatestTestimonial(viewer.user.id) : null,
  ]);
  return {
    testimonials: list.rows.map((row) => ({ ...row, approvedAt: row.approvedAt.toISOString() })),
    page: list.page,
    pageCount: list.pageCount,
    own: own ? { status: own.status } : null,
    displayName: viewer?.profile.displayName ?? null,
    signInPath: `/auth?redirectTo=${encodeURIComponent("/testimonials")}`,
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const viewer = await requireUser({ request, url });
  const parsed = await parseForm(request, testimonialSchema);
  if (!parsed.ok) return parsed.response;
  const result = await submitTestimonial(viewer.user.id, parsed.data);
  if (result === "pending")
    return actionError({ formError: "testimonials.errors.pending", values: parsed.values }, 409);
  if (result === "rateLimited")
    return actionError(
      { formError: "testimonials.errors.rateLimited", values: parsed.values },
      429,
    );
  return actionOk({ toast: { key: "testimonials.submitted" } });
}

export default function Testimonials({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  useActionToast(actionData);
  const failure = failureOf(actionData);
  const date = dateTimeFormat(i18n.language, { dateStyle: "long" });
  const { testimonials, own, displayName } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-semibold">{t("testimonials.title")}</h1>
      <p className="mt-1 text-muted-foreground">{t("testimonials.intro")}</p>

      {testimonials.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
          {t("testimonials.empty")}
        </p>
      ) : (
        <ul className="mt-8 grid gap-4 md:grid-cols-2" data-testid="testimonial-list">
          {testimonials.map((item) => (
            <li key={item.id} className="rounded-xl border border-border bg-card p-5 shadow-sm">
              <figure>
                <blockquote className="whitespace-pre-line break-words" dir="auto">
                  {item.body}
                </blockquote>
                <figcaption className="mt-3 text-sm text-muted-foreground">
                  {item.author && item.authorSlug ? (
                    <Link
                      to={`/profile/${encodeURIComponent(item.authorSlug)}`}
                      className="font-medium text-foreground hover:underline"
                    >
                      <bdi>{item.author}</bdi>
                    </Link>
                  ) : (
                    <span className="font-medium text-foreground">
                      {t("testimonials.anonymous")}
                    </span>
                  )}
                  {" · "}
                  <time dateTime={item.approvedAt}>{date.format(new Date(item.approvedAt))}</time>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={loaderData.page} pageCount={loaderData.pageCount} className="mt-6" />

      <section
        aria-labelledby="share-title"
        className="mt-12 rounded-xl border border-border bg-card p-5 sm:p-6"
      >
        <h2 id="share-title" className="text-xl font-semibold">
          {t("testimonials.shareTitle")}
        </h2>
        {displayName === null ? (
          <p className="mt-2 text-muted-foreground">
            <Link to={loaderData.signInPath} className="text-primary hover:underline">
              {t("testimonials.signIn")}
            </Link>
          </p>
        ) : own?.status === "pending" ? (
          <p className="mt-2 text-muted-foreground" role="status">
            {t("testimonials.pending")}
          </p>
        ) : (
          <div className="mt-4">
            {own ? (
              <p className="mb-4 text-sm text-muted-foreground">
                {own.status === "approved"
                  ? t("testimonials.ownApproved")
                  : t("testimonials.ownRejected")}
              </p>
            ) : null}
            <TestimonialForm
              values={failure?.values ?? {}}
              errors={failure?.fieldErrors ?? {}}
              displayName={displayName}
            />
          </div>
        )}
      </section>
    </div>
  );
}
