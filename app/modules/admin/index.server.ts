// The admin module's server API for code outside the module (docs/ARCHITECTURE.md "Module entries").
export {
  listPaymentEvents,
  listSubscriptions,
  listTransactions,
  markSalesSeen,
  unseenSalesCount,
} from "./billing.server";
export { changeMember, listMembers } from "./members.server";
export { adminStats } from "./overview.server";
export { billingOverview } from "./revenue.server";
