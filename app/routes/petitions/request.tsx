import { Link } from "react-router";
import type { Route } from "./+types/request";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { useActionToast } from "#app/hooks/use-action-toast";
import { actionError, actionOk, failureOf, parseForm } from "#app/lib/form";
import { requireUser } from "#app/modules/auth/index.server";
import { activeRitualKinds, filePetition, ownPetitions } from "#app/modules/petitions/index.server";
import { petitionPath } from "#app/modules/petitions";
import { petitionSchema } from "#app/modules/petitions/validation";
import { PetitionForm } from "#app/modules/petitions/components/petition-form";
import { PetitionStatusBadge } from "#app/modules/petitions/components/status-badge";
import { formatDay } from "#app/modules/petitions/components/format-day";
import { dateTimeFormat } from "#app/lib/intl";

export const handle = { texts: ["petitions"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "petitions.title", { noindex: true });

/** SPEC §2 /request-ritual (signed-in): the request form and the member's own requests. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const viewer = await requireUser({ request, url });
  const [kinds, mine] = await Promise.all([activeRitualKinds(), ownPetitions(viewer.user.id)]);
  return {
    kinds: kinds.map(({ id, name, description }) => ({ id, name, description })),
    mine: mine.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}

const FILE_ERRORS = {
  unknownKind: { field: "kindId", key: "petitions.errors.kindRequired", status: 400 },
  open: { field: null, key: "petitions.errors.open", status: 409 },
  rateLimited: { field: null, key: "petitions.errors.rateLimited", status: 429 },
  pastDate: { field: "preferredDate", key: "petitions.errors.pastDate", status: 400 },
} as const;

export async function action({ request, url }: Route.ActionArgs) {
  const viewer = await requireUser({ request, url });
  const parsed = await parseForm(request, petitionSchema);
  if (!parsed.ok) return parsed.response;
  const result = await filePetition(viewer.user.id, parsed.data);
  if (!result.ok) {
    const refusal = FILE_ERRORS[result.error];
    return actionError(
      {
        formError: refusal.key,
        fieldErrors: refusal.field ? { [refusal.field]: refusal.key } : {},
        values: parsed.values,
      },
      refusal.status,
    );
  }
  return actionOk({ toast: { key: "petitions.submitted" }, data: { id: result.id } });
}

export default function RequestRitual({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  useActionToast(actionData);
  const failure = failureOf(actionData);
  const filed = dateTimeFormat(i18n.language, { dateStyle: "medium" });
  const { kinds, mine } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-semibold">{t("petitions.title")}</h1>
      <p className="mt-1 max-w-2xl text-muted-foreground">{t("petitions.intro")}</p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section
          aria-labelledby="petition-new"
          className="min-w-0 rounded-xl border border-border bg-card p-5 sm:p-6"
        >
          <h2 id="petition-new" className="text-xl font-semibold">
            {t("petitions.form.heading")}
          </h2>
          {kinds.length === 0 ? (
            <p className="mt-3 text-muted-foreground">{t("petitions.form.noKinds")}</p>
          ) : (
            <>
              <dl className="mt-3 space-y-2 text-sm">
                {kinds.map((kind) => (
                  <div key={kind.id}>
                    <dt className="font-medium" dir="auto">
                      {kind.name}
                    </dt>
                    {kind.description ? (
                      <dd className="text-muted-foreground" dir="auto">
                        {kind.description}
                      </dd>
                    ) : null}
                  </div>
                ))}
              </dl>
              <div className="mt-5">
                <PetitionForm
                  // A fresh form after a request was sent.
                  key={actionData?.ok ? JSON.stringify(actionData.data) : "form"}
                  kinds={kinds}
                  values={failure?.values ?? {}}
                  errors={failure?.fieldErrors ?? {}}
                />
              </div>
            </>
          )}
        </section>
        <section aria-labelledby="petition-mine" className="min-w-0">
          <h2 id="petition-mine" className="text-xl font-semibold">
            {t("petitions.mine.heading")}
          </h2>
          {mine.length === 0 ? (
            <p className="mt-3 rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
              {t("petitions.mine.empty")}
            </p>
          ) : (
            <ul className="mt-3 space-y-3" data-testid="own-petitions">
              {mine.map((item) => (
                <li key={item.id}>
                  <Link
                    to={petitionPath(item.id)}
                    className="block rounded-xl border border-border bg-card p-4 hover:border-primary focus-visible:outline-2"
                  >
                    <span className="flex flex-wrap items-center justify-between gap-2">
                      <span className="font-medium">{item.ritual}</span>
                      <PetitionStatusBadge status={item.status} />
                    </span>
                    <span className="mt-1 block text-sm break-words" dir="auto">
                      {item.intention}
                    </span>
                    <span className="mt-1 block text-xs text-muted-foreground">
                      {t("petitions.mine.filed", {
                        date: filed.format(new Date(item.createdAt)),
                      })}
                      {item.scheduledFor && item.status === "scheduled"
                        ? ` · ${t("petitions.mine.scheduledFor", { date: formatDay(item.scheduledFor, i18n.language) })}`
                        : null}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
