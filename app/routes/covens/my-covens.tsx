import { Link } from "react-router";
import type { Route } from "./+types/my-covens";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import { Button } from "#app/components/ui/button";
import { dateTimeFormat } from "#app/lib/intl";
import { requireCovens } from "#app/modules/covens/index.server";
import { CovenCard } from "#app/modules/covens/components/coven-card";
import { myCovens } from "#app/modules/covens/index.server";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

export const handle = { texts: ["covens"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "covens.mine.title", { noindex: true });

/** SPEC §2 /covens/my-covens: premium; the covens the member belongs to and their open requests. */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireCovens(request);
  return myCovens(viewer.actor);
}

export default function MyCovens({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { covens, pending } = loaderData;
  const date = dateTimeFormat(i18n.language, { dateStyle: "medium" });
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-semibold">{t("covens.mine.title")}</h1>
      <p className="mt-1 text-muted-foreground">{t("covens.mine.subtitle")}</p>
      {covens.length === 0 ? (
        <div className="mt-8 rounded-xl border border-dashed border-border p-10 text-center">
          <p className="text-muted-foreground">{t("covens.mine.empty")}</p>
          <div className="mt-4 flex flex-wrap justify-center gap-2">
            <Button asChild>
              <Link to="/covens">{t("covens.mine.browse")}</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/covens/create">{t("covens.list.create")}</Link>
            </Button>
          </div>
        </div>
      ) : (
        <ul
          className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          aria-label={t("covens.mine.title")}
        >
          {covens.map((coven) => (
            <CovenCard key={coven.slug} coven={coven} />
          ))}
        </ul>
      )}
      {pending.length ? (
        <section className="mt-10" aria-labelledby="pending-title">
          <h2 id="pending-title" className="text-xl font-semibold">
            {t("covens.mine.pendingTitle")}
          </h2>
          <ul className="mt-3 divide-y divide-border rounded-xl border border-border">
            {pending.map((request) => (
              <li key={request.slug} className="flex flex-wrap justify-between gap-2 p-3 text-sm">
                <Link
                  to={`/covens/${encodeURIComponent(request.slug)}`}
                  className="font-medium hover:underline"
                  dir="auto"
                >
                  {request.name}
                </Link>
                <span className="text-muted-foreground">
                  {t("covens.mine.requestedOn", {
                    date: date.format(new Date(request.requestedAt)),
                  })}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
