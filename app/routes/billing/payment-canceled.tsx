import { CircleSlash } from "lucide-react";
import { useTranslation } from "#app/i18n/react";
import { Link } from "react-router";
import type { Route } from "./+types/payment-canceled";
import { pageMeta } from "#app/i18n/meta";
import { Button } from "#app/components/ui/button";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

/** The texts of this page beyond the shell's (app/i18n/bundles.ts). */
export const handle = { texts: ["billing"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "checkout.canceled.title", { noindex: true });

/** Where the provider sends a member who left the payment page: nothing was charged. */
export default function PaymentCanceled() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" aria-labelledby="canceled-title">
      <CircleSlash className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
      <h1 id="canceled-title" className="mt-3 text-2xl font-semibold">
        {t("checkout.canceled.title")}
      </h1>
      <p className="mt-2 text-muted-foreground">{t("checkout.canceled.text")}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/subscription">{t("checkout.canceled.back")}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/discussions">{t("checkout.canceled.free")}</Link>
        </Button>
      </div>
    </section>
  );
}
