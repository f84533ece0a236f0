import { textKey } from "#app/i18n/i18n";
import { Form, Link } from "react-router";
import type { Route } from "./+types/petitions";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { useActionToast } from "#app/hooks/use-action-toast";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { Pagination } from "#app/components/ui/pagination";
import { Select } from "#app/components/ui/select";
import { actionError, actionOk, failureOf, readForm, validateForm } from "#app/lib/form";
import { dateTimeFormat } from "#app/lib/intl";
import { pageNumber } from "#app/lib/page-number";
import { requireAdmin } from "#app/modules/auth/index.server";
import {
  allRitualKinds,
  createRitualKind,
  petitionQueue,
  updateRitualKind,
} from "#app/modules/petitions/index.server";
import { PETITION_AGES, PETITION_LIMITS, PETITION_STATUSES } from "#app/modules/petitions";
import {
  petitionQueueSchema,
  ritualKindSchema,
  ritualKindUpdateSchema,
} from "#app/modules/petitions/validation";
import { PetitionStatusBadge } from "#app/modules/petitions/components/status-badge";

export const handle = { texts: ["petitions"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "petitions.admin.title", { noindex: true });

/** SPEC /admin/petitions: the queue of ritual requests (filters, counts) and the ritual kinds. */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  const filters = petitionQueueSchema.parse({
    status: url.searchParams.get("status") ?? undefined,
    age: url.searchParams.get("age") ?? undefined,
    sort: url.searchParams.get("sort") ?? undefined,
  });
  const [queue, kinds] = await Promise.all([
    petitionQueue({ ...filters, page: pageNumber(url.searchParams.get("page")) }),
    allRitualKinds(),
  ]);
  return {
    filters: { status: filters.status ?? "", age: filters.age ?? "", sort: filters.sort },
    rows: queue.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    page: queue.page,
    pageCount: queue.pageCount,
    total: queue.total,
    perStatus: queue.perStatus,
    kinds,
  };
}

/** Ritual kinds: `createKind` adds one, `updateKind` edits one (both audited). */
export async function action({ request, url }: Route.ActionArgs) {
  const viewer = await requireAdmin({ request, url });
  const form = await readForm(request);
  if (form.get("intent") === "createKind") {
    const parsed = validateForm(form, ritualKindSchema);
    if (!parsed.ok) return parsed.response;
    if (!(await createRitualKind(viewer.user.id, parsed.data)))
      return actionError(
        {
          formError: "petitions.errors.kindTaken",
          fieldErrors: { name: "petitions.errors.kindTaken" },
          values: parsed.values,
        },
        409,
      );
    return actionOk({ toast: { key: "petitions.kinds.added" } });
  }
  if (form.get("intent") === "updateKind") {
    const parsed = validateForm(form, ritualKindUpdateSchema, { toast: true });
    if (!parsed.ok) return parsed.response;
    const { id, ...input } = parsed.data;
    const result = await updateRitualKind(viewer.user.id, id, input);
    if (result === "notFound") return actionError({ formError: "errors.notFound" }, 404);
    if (result === "taken") return actionError({ formError: "petitions.errors.kindTaken" }, 409);
    return actionOk({ toast: { key: "petitions.kinds.saved" } });
  }
  return actionError({ formError: "errors.badRequest" });
}

export default function AdminPetitions({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  useActionToast(actionData);
  const failure = failureOf(actionData);
  const created = failure?.values.intent === "createKind" ? failure : undefined;
  const when = dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const { filters, rows, perStatus, kinds } = loaderData;
  return (
    <div className="space-y-10">
      <section aria-labelledby="petitions-queue">
        <h2 id="petitions-queue" className="text-2xl font-semibold">
          {t("petitions.admin.title")}
        </h2>
        <p className="mt-1 text-muted-foreground">{t("petitions.admin.text")}</p>
        <nav aria-label={t("petitions.admin.counts")} className="mt-4">
          <ul className="flex flex-wrap gap-2 text-sm">
            {PETITION_STATUSES.map((status) => (
              <li key={status}>
                <Link
                  to={`?status=${status}`}
                  className="inline-flex items-center gap-2 rounded-full border border-border px-3 py-1 hover:border-primary"
                  aria-current={filters.status === status ? "page" : undefined}
                  data-testid={`count-${status}`}
                >
                  {t(`petitions.status.${status}`)}
                  <span className="font-semibold">{perStatus[status]}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
          <div className="space-y-1">
            <Label htmlFor="queue-status">{t("petitions.admin.status")}</Label>
            <Select id="queue-status" name="status" defaultValue={filters.status}>
              <option value="">{t("petitions.admin.all")}</option>
              {PETITION_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`petitions.status.${status}`)}
                </option>
              ))}
            </Select>
          </div>
          <div className="space-y-1">
            <Label htmlFor="queue-age">{t("petitions.admin.age")}</Label>
            <Select id="queue-age" name="age" defaultValue={filters.age}>
              <option value="">{t("petitions.admin.anyAge")}</option>
              {PETITION_AGES.map((age) => (
                <option key={age} value={age}>
                  {t(`petitions.admin.age_${age}`)}
                </option>
              ))}
            </Select>
          </div>
          <div className="space-y-1">
            <Label htmlFor="queue-sort">{t("petitions.admin.sort")}</Label>
            <Select id="queue-sort" name="sort" defaultValue={filters.sort}>
              <option value="newest">{t("petitions.admin.newest")}</option>
              <option value="oldest">{t("petitions.admin.oldest")}</option>
            </Select>
          </div>
          <Button type="submit" variant="outline">
            {t("petitions.admin.apply")}
          </Button>
        </Form>
        {rows.length === 0 ? (
          <p className="mt-6 rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
            {t("petitions.admin.empty")}
          </p>
        ) : (
          <ul className="mt-6 space-y-3" data-testid="petition-queue">
            {rows.map((row) => (
              <li
                key={row.id}
                className="flex flex-wrap items-center gap-3 rounded-xl border border-border bg-card p-4"
              >
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{row.ritual}</span>
                    <PetitionStatusBadge status={row.status} />
                  </p>
                  <p className="mt-1 truncate text-sm" dir="auto">
                    {row.intention}
                  </p>
                  <p className="mt-1 text-xs text-muted-foreground">
                    <bdi>{row.member}</bdi> ·{" "}
                    <time dateTime={row.createdAt}>{when.format(new Date(row.createdAt))}</time>
                  </p>
                </div>
                <Link
                  to={`/admin/rituals/${row.id}`}
                  className="text-sm font-medium text-primary hover:underline"
                  aria-label={`${t("petitions.admin.open")}: ${row.ritual} (${row.member ?? ""})`}
                >
                  {t("petitions.admin.open")}
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Pagination page={loaderData.page} pageCount={loaderData.pageCount} className="mt-6" />
      </section>

      <section aria-labelledby="petitions-kinds">
        <h2 id="petitions-kinds" className="text-2xl font-semibold">
          {t("petitions.kinds.heading")}
        </h2>
        <p className="mt-1 text-muted-foreground">{t("petitions.kinds.text")}</p>
        {kinds.length === 0 ? (
          <p className="mt-4 text-muted-foreground">{t("petitions.kinds.empty")}</p>
        ) : (
          <ul className="mt-4 space-y-3">
            {kinds.map((kind) => (
              <li key={kind.id} className="rounded-xl border border-border bg-card p-4">
                <KindForm kind={kind} />
              </li>
            ))}
          </ul>
        )}
        <div className="mt-6 rounded-xl border border-border bg-card p-4">
          <h3 className="font-semibold">{t("petitions.kinds.add")}</h3>
          {/* A fresh, empty form once a kind was added. */}
          <KindForm key={kinds.length} values={created?.values} errors={created?.fieldErrors} />
        </div>
      </section>
    </div>
  );
}

function KindForm({
  kind,
  values,
  errors = {},
}: {
  kind?: { id: string; name: string; description: string; position: number; active: boolean };
  values?: Record<string, string>;
  errors?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const prefix = kind ? `kind-${kind.id}` : "kind-new";
  return (
    <Form
      method="post"
      className="mt-2 grid gap-3 sm:grid-cols-[2fr_3fr_6rem_auto_auto] sm:items-end"
    >
      <input type="hidden" name="intent" value={kind ? "updateKind" : "createKind"} />
      {kind ? <input type="hidden" name="id" value={kind.id} /> : null}
      <div className="space-y-1">
        <Label htmlFor={`${prefix}-name`}>{t("petitions.kinds.name")}</Label>
        <Input
          id={`${prefix}-name`}
          name="name"
          required
          maxLength={PETITION_LIMITS.kindName}
          defaultValue={kind?.name ?? values?.name}
          aria-invalid={errors.name ? true : undefined}
        />
        {errors.name ? (
          <p className="text-sm text-destructive" role="alert">
            {t(textKey(errors.name))}
          </p>
        ) : null}
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${prefix}-description`}>{t("petitions.kinds.description")}</Label>
        <Input
          id={`${prefix}-description`}
          name="description"
          maxLength={PETITION_LIMITS.kindDescription}
          defaultValue={kind?.description ?? values?.description}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${prefix}-position`}>{t("petitions.kinds.position")}</Label>
        <Input
          id={`${prefix}-position`}
          name="position"
          type="number"
          min={0}
          defaultValue={kind?.position ?? values?.position ?? 0}
        />
      </div>
      <label className="flex items-center gap-2 text-sm sm:pb-2">
        <input type="checkbox" name="active" defaultChecked={kind ? kind.active : true} />
        {t("petitions.kinds.active")}
      </label>
      <Button type="submit" variant={kind ? "outline" : "default"} size="sm">
        {kind ? t("petitions.kinds.save") : t("petitions.kinds.add")}
      </Button>
    </Form>
  );
}
