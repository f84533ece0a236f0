import { BadgeDollarSign } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "#app/i18n/react";
import { Link, useRouteLoaderData } from "react-router";
import { toast } from "#app/components/ui/toast";
import { Button } from "#app/components/ui/button";
import { CountBadge } from "#app/components/ui/count-badge";
import { formatMoney } from "#app/modules/memberships/pricing";
import { useRealtimeEvent } from "#app/modules/realtime/components/use-realtime-event";
import type { RealtimeEventMap } from "#app/modules/realtime";
import { useRootData } from "#app/root";
import { numberFormat } from "#app/lib/intl";

/** What the realtime `sale` event carries (published by admin/subscribers.server.ts on `payment.succeeded`). */
type SaleEvent = RealtimeEventMap["sale"];

/** The route whose loader marks every sale seen. */
const TRANSACTIONS_ROUTE = "routes/admin/transactions";

/**
 * The number on the admins' Sales link: the root loader's count of unseen sales, plus sales that
 * arrived over the event stream since. Each run of the transactions screen's loader marks every
 * sale seen, so from then on only later arrivals count; a fresh root loader result on another
 * page is the database's word again. (On the transactions screen the root count can race the
 * marking, since loaders run in parallel, so it is not trusted there.)
 */
export function useUnseenSales(onSale?: (sale: SaleEvent) => void): number {
  const root = useRootData();
  const seen = useRouteLoaderData(TRANSACTIONS_ROUTE);
  const [state, setState] = useState({ root, seen, arrived: 0, cleared: seen !== undefined });
  let { arrived, cleared } = state;
  if (state.seen !== seen || state.root !== root) {
    if (seen !== undefined && state.seen !== seen) {
      arrived = 0;
      cleared = true;
    } else if (state.root !== root) {
      arrived = 0;
      if (seen === undefined) cleared = false;
    }
    setState({ root, seen, arrived, cleared });
  }
  useRealtimeEvent("sale", (sale) => {
    setState((current) => ({ ...current, arrived: current.arrived + 1 }));
    onSale?.(sale);
  });
  return Math.max(0, (cleared ? 0 : (root.unseenSales ?? 0)) + arrived);
}

/** The header's Sales link for admins (SPEC §2): to /admin/transactions, with the unseen count and a toast per sale. */
export function SalesLink() {
  const { t, i18n } = useTranslation();
  const count = useUnseenSales((sale) => {
    toast.success(
      t("header.newSale", {
        member: sale.member || t("header.saleMember"),
        amount: formatMoney(sale.amount, sale.currency, i18n.language),
      }),
    );
  });
  const badge = count > 99 ? "99+" : count > 0 ? numberFormat(i18n.language).format(count) : null;
  const label = count > 0 ? t("header.salesUnseen", { count }) : t("header.sales");
  return (
    <Button asChild variant="ghost" size="sm" className="relative px-2">
      <Link to="/admin/transactions" title={label} data-testid="sales-link">
        <BadgeDollarSign className="size-5" aria-hidden="true" />
        {/* Named by its content (the count in words), not aria-label: the visible badge ("99+") is no part of the name. */}
        <span aria-hidden="true" className="hidden xl:inline">
          {t("header.sales")}
        </span>
        <span className="sr-only">{label}</span>
        {badge ? <CountBadge text={badge} data-testid="sales-count" /> : null}
      </Link>
    </Button>
  );
}
