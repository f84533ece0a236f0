import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/invite";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";
import { Button } from "#app/components/ui/button";
import { useActionToast } from "#app/hooks/use-action-toast";
import { textKey } from "#app/i18n/i18n";
import { pageMeta } from "#app/i18n/meta";
import { useTranslation } from "#app/i18n/react";
import { readForm } from "#app/lib/form";
import { dateTimeFormat, numberFormat } from "#app/lib/intl";
import { covenNotFound, refusalAnswer, requireCovens } from "#app/modules/covens/index.server";
import { CovenBanner } from "#app/modules/covens/components/coven-banner";
import { visibilityKey } from "#app/modules/covens/components/texts";
import { CovenRefusedError, hashToken, joinWithInvitation } from "#app/modules/covens/index.server";
import { joinRefusal } from "#app/modules/covens";
import { invitationPreview } from "#app/modules/covens/index.server";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

// The address carries a secret: never indexed, never cached for others.
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "covens.invite.title", { noindex: true });

export const handle = {
  texts: ["covens"],
  ...breadcrumbHandle<Route.ComponentProps["loaderData"]>((loaded) => loaded?.coven.name ?? null),
} satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

const TOKEN = /^[\w-]{1,64}$/;

/**
 * `/covens/invite/:token`: the coven an invitation link names and a button to accept it. A link
 * that is unknown, expired or revoked is a 404, like a coven the viewer may not see.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireCovens(request);
  const token = params.token;
  const preview = TOKEN.test(token)
    ? await invitationPreview(viewer.actor, hashToken(token))
    : null;
  if (!preview) covenNotFound();
  return {
    coven: preview.card,
    expiresAt: preview.expiresAt,
    refusal: joinRefusal(viewer.actor, preview.rules, preview.membership, true),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireCovens(request);
  await readForm(request);
  try {
    const { slug } = await joinWithInvitation(viewer.actor, params.token);
    throw redirect(`/covens/${encodeURIComponent(slug)}`);
  } catch (error) {
    if (error instanceof CovenRefusedError) return refusalAnswer(error);
    throw error;
  }
}

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  useActionToast(actionData);
  const { coven, refusal } = loaderData;
  const number = numberFormat(i18n.language);
  const date = dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-2xl font-semibold">{t("covens.invite.title")}</h1>
      <p className="mt-1 text-muted-foreground">{t("covens.invite.text")}</p>
      <div className="mt-6 overflow-hidden rounded-xl border border-border bg-card">
        <CovenBanner src={coven.bannerUrl} className="h-28" />
        <div className="space-y-3 p-5">
          <h2 className="text-xl font-semibold" dir="auto">
            {coven.name}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t(visibilityKey(coven.visibility))} ·{" "}
            {t("covens.card.members", {
              count: coven.memberCount,
              formatted: number.format(coven.memberCount),
              limit: number.format(coven.memberLimit),
            })}
          </p>
          <p className="text-xs text-muted-foreground">
            {t("covens.settings.expires", { date: date.format(new Date(loaderData.expiresAt)) })}
          </p>
          {refusal === "alreadyMember" ? (
            <Button asChild>
              <Link to={`/covens/${encodeURIComponent(coven.slug)}`}>
                {t("covens.invite.open")}
              </Link>
            </Button>
          ) : refusal ? (
            <p className="text-sm">{t(textKey(`covens.refusals.${refusal}`))}</p>
          ) : (
            <Form method="post">
              <Button type="submit">{t("covens.invite.accept")}</Button>
            </Form>
          )}
        </div>
      </div>
    </div>
  );
}
