import { Form, Link } from "react-router";
import type { Route } from "./+types/testimonials";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import { useActionToast } from "#app/hooks/use-action-toast";
import { Button } from "#app/components/ui/button";
import { Pagination } from "#app/components/ui/pagination";
import { actionError, actionOk, parseForm } from "#app/lib/form";
import { pageNumber } from "#app/lib/page-number";
import { relativeTime } from "#app/lib/relative-time";
import { requireAdmin } from "#app/modules/auth/index.server";
import { decideTestimonial, pendingTestimonials } from "#app/modules/testimonials/index.server";
import { testimonialDecisionSchema } from "#app/modules/testimonials/decision-validation";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "admin.testimonials.title", { noindex: true });

/** Testimonials waiting for a decision (oldest first); approving one shows it on /testimonials. */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  const list = await pendingTestimonials(pageNumber(url.searchParams.get("page")));
  return {
    pending: list.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const viewer = await requireAdmin({ request, url });
  const parsed = await parseForm(request, testimonialDecisionSchema, { toast: true });
  if (!parsed.ok) return parsed.response;
  const { id, decision } = parsed.data;
  if (!(await decideTestimonial(viewer.user.id, id, decision)))
    return actionError({ formError: "admin.testimonials.gone" }, 409);
  return actionOk({
    toast: {
      key: decision === "approve" ? "admin.testimonials.approved" : "admin.testimonials.rejected",
    },
  });
}

export default function AdminTestimonials({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  useActionToast(actionData);
  return (
    <div>
      <h2 className="text-2xl font-semibold">{t("admin.testimonials.title")}</h2>
      <p className="mt-1 text-muted-foreground">{t("admin.testimonials.text")}</p>
      {loaderData.pending.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
          {t("admin.testimonials.empty")}
        </p>
      ) : (
        <ul className="mt-6 space-y-3">
          {loaderData.pending.map((item) => (
            <li
              key={item.id}
              className="rounded-xl border border-border bg-card p-4"
              data-testid="pending-testimonial"
            >
              <p className="text-xs text-muted-foreground">
                {item.authorSlug ? (
                  <Link
                    to={`/profile/${encodeURIComponent(item.authorSlug)}`}
                    className="font-medium text-foreground hover:underline"
                  >
                    <bdi>{item.author}</bdi>
                  </Link>
                ) : null}{" "}
                · {relativeTime(item.createdAt, t, i18n.language)} ·{" "}
                {item.showName
                  ? t("admin.testimonials.nameShown")
                  : t("admin.testimonials.nameHidden")}
              </p>
              <p className="mt-2 text-sm break-words whitespace-pre-line" dir="auto">
                {item.body}
              </p>
              <div className="mt-3 flex gap-2">
                {(["approve", "reject"] as const).map((decision) => (
                  <Form method="post" key={decision}>
                    <input type="hidden" name="id" value={item.id} />
                    <Button
                      type="submit"
                      name="decision"
                      value={decision}
                      size="sm"
                      variant={decision === "approve" ? "default" : "outline"}
                    >
                      {t(`admin.testimonials.${decision}`)}
                    </Button>
                  </Form>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={loaderData.page} pageCount={loaderData.pageCount} className="mt-6" />
    </div>
  );
}
