import { data } from "react-router";
import type { Route } from "./+types/receipt";
import { requireUser } from "#app/modules/auth/viewer.server";
import { receiptFor } from "#app/modules/payments/billing-overview.server";
import { ReceiptDocument } from "#app/modules/payments/components/receipt-document";
import { pageTitle } from "#app/modules/payments/page-title";
import { idSchema } from "#app/modules/payments/validation";
import { useRootData } from "#app/root";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageTitle(matches, "billing.receipt.title", "Receipt", { prefix: loaderData?.receipt.receipt });

/** A printable receipt, for its owner or an admin only; anyone else gets a 404. */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const viewer = await requireUser({ request, url });
  const id = idSchema.safeParse(params.paymentId);
  const receipt = id.success ? await receiptFor({ id: viewer.user.id, isAdmin: viewer.isAdmin }, id.data) : undefined;
  if (!receipt) throw data(null, { status: 404 });
  return { receipt };
}

export default function ReceiptPage({ loaderData }: Route.ComponentProps) {
  const { settings } = useRootData();
  return (
    <ReceiptDocument
      receipt={loaderData.receipt}
      company={{ name: settings.company_name || settings.site_name, address: settings.company_address ?? "", site: settings.site_name }}
    />
  );
}
