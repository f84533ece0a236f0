// The payments module's server API for code outside the module (docs/ARCHITECTURE.md "Module entries").
export { billingSweepTask } from "./sweep-task.server";
export { readCardForm } from "./card-form.server";
export {
  billingPortal,
  changeCancellation,
  checkMembership,
  type BillingActionResult,
} from "./billing-actions.server";
export { billingOverview, receiptFor } from "./billing-overview.server";
export { CardDeclinedError } from "./builtin-provider.server";
export { cardPageState, paymentResult, type CardPageState } from "./checkout-page.server";
export { startCheckout } from "./checkout-start.server";
export { receiptLabel } from "./emails.server";
export {
  BillingRefusedError,
  payBuiltinCheckout,
  refundPayment,
  runBillingSweep,
  setCancelAtPeriodEnd,
  setPremiumByHand,
} from "./membership.server";
export { builtinProvider, checkoutProvider } from "./provider.server";
export { processBillingEvent } from "./events.server";
export type { BillingEvent } from "./types";
export { TEST_CARDS } from "./test-cards";
export { handleStripeWebhook } from "./webhook.server";
export {
  confirmPurchase,
  holdsPurchase,
  payBuiltinPurchase,
  purchaseCardState,
  startPurchase,
  type Product,
  type PurchaseCardState,
  type PurchaseResult,
} from "./purchase.server";
