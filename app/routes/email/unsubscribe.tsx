import { Form, Link, data, useNavigation } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { Button } from "#app/components/ui/button";
import { actionOk } from "#app/lib/form";
import { unsubscribeMember, verifyUnsubscribeToken } from "#app/modules/broadcasts/index.server";

export const handle = { texts: ["account"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "settings.unsubscribe.title", { noindex: true });

/**
 * The unsubscribe link of an announcement e-mail (decision 072). Opening it shows a button, so a
 * mail scanner that follows links unsubscribes no one; the POST, from that button or straight
 * from a mail program's one-click "Unsubscribe" (RFC 8058, body `List-Unsubscribe=One-Click`),
 * turns the member's announcement e-mails off. A wrong or forged token is a 400.
 */
function memberOf(token: string | undefined): string {
  const userId = verifyUnsubscribeToken(token);
  if (!userId) throw data("settings.unsubscribe.invalid", { status: 400 });
  return userId;
}

export async function loader({ params }: Route.LoaderArgs) {
  memberOf(params.token);
  return null;
}

export async function action({ params }: Route.ActionArgs) {
  const userId = memberOf(params.token);
  if (!(await unsubscribeMember(userId)))
    throw data("settings.unsubscribe.invalid", { status: 404 });
  return actionOk({ toast: { key: "settings.unsubscribe.done" } });
}

export default function Unsubscribe({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <h1 className="text-2xl font-semibold">{t("settings.unsubscribe.title")}</h1>
      {actionData?.ok ? (
        <p className="mt-4" role="status" data-testid="unsubscribed">
          {t("settings.unsubscribe.done")}{" "}
          <Link to="/settings" className="underline">
            {t("settings.unsubscribe.settings")}
          </Link>
        </p>
      ) : (
        <Form method="post" className="mt-4 space-y-4">
          <p>{t("settings.unsubscribe.text")}</p>
          <input type="hidden" name="List-Unsubscribe" value="One-Click" />
          <Button type="submit" disabled={busy}>
            {t("settings.unsubscribe.confirm")}
          </Button>
        </Form>
      )}
    </div>
  );
}
