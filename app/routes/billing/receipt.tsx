import { data } from "react-router";
import type { Route } from "./+types/receipt";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";
import { pageMeta } from "#app/i18n/meta";
import { requireUser } from "#app/modules/auth/index.server";
import { receiptFor } from "#app/modules/payments/index.server";
import { ReceiptDocument } from "#app/modules/payments/components/receipt-document";
import { idSchema } from "#app/modules/payments/validation";
import { useRootData } from "#app/root";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "billing.receipt.title", {
    prefix: args.loaderData?.receipt.receipt,
    noindex: true,
  });

/** A printable receipt, for its owner or an admin only; anyone else gets a 404. */
export const handle = {
  texts: ["billing"],
  ...breadcrumbHandle<Route.ComponentProps["loaderData"]>((data) => data?.receipt.receipt ?? null),
} satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const viewer = await requireUser({ request, url });
  const id = idSchema.safeParse(params.paymentId);
  const receipt = id.success ? await receiptFor(viewer.actor, id.data) : undefined;
  if (!receipt) throw data(null, { status: 404 });
  return { receipt };
}

export default function ReceiptPage({ loaderData }: Route.ComponentProps) {
  const { settings } = useRootData();
  return (
    <ReceiptDocument
      receipt={loaderData.receipt}
      company={{
        name: settings.company_name || settings.site_name,
        address: settings.company_address ?? "",
        site: settings.site_name,
      }}
    />
  );
}
