import { type TFunction, type MessageKey } from "#app/i18n/i18n";
import { isUserId } from "#app/modules/profiles/slug";

/**
 * A route's say in the breadcrumb trail (`export const handle = { breadcrumb }`): names for the
 * last segments of its path taken from the page's own data, such as a post's title or a member's
 * name, never from its address. `null`: the page has no data (it failed), so the segments it
 * would have named are left out. `false`: the page has no place in the site (not found), so
 * there is no trail.
 */
export type Breadcrumb<Data = never> = (
  data: Data | undefined,
  t: TFunction,
) => string | readonly string[] | null | false;

export interface BreadcrumbHandle {
  breadcrumb?: Breadcrumb<never>;
}

export interface Crumb {
  href: string;
  label: string;
  /** Written by a member or an admin (a title, a name): shown in its own direction. */
  own: boolean;
}

/** Screens' own names, by path: the trail's labels for the parts of an address a route does not name. */
export const PATH_LABELS: Record<string, MessageKey> = {
  "/auth": "header.signIn",
  "/forgot-password": "auth.forgotTitle",
  "/reset-password": "auth.resetTitle",
  "/home": "nav.home",
  "/landing": "nav.home",
  "/dashboard": "header.dashboard",
  "/settings": "header.settings",
  "/profile": "header.profile",
  "/members": "members.title",
  "/testimonials": "nav.testimonials",
  "/explore": "explore.title",
  "/notifications": "notifications.title",
  "/messages": "messages.title",
  "/search": "search.title",
  "/discussions": "discussions.title",
  "/discussions/new": "discussions.form.newTitle",
  "/covens": "covens.title",
  "/covens/create": "covens.form.createTitle",
  "/covens/my-covens": "covens.mine.title",
  "/covens/invite": "covens.invite.title",
  "/covens/events": "events.title",
  "/videos": "videos.title",
  "/video": "videos.title",
  "/add-video": "videos.add.title",
  "/academy": "academy.nav",
  "/grimoires": "nav.grimoires",
  "/grimoire": "nav.grimoires",
  "/rituals": "nav.rituals",
  "/bookmarks": "nav.bookmarks",
  "/demon-attunements": "nav.demonAttunements",
  "/elentho-attunements": "nav.elenthosAttunements",
  "/help": "nav.helpCenter",
  "/help/guidelines": "nav.guidelines",
  "/help/faq": "nav.faq",
  "/faq": "nav.faq",
  "/about": "nav.about",
  "/privacy": "footer.privacy",
  "/terms": "footer.terms",
  "/refunds": "footer.refunds",
  "/sitemap": "nav.sitemap",
  "/subscription": "subscription.title",
  "/book": "books.forge.title",
  "/book-forge": "books.forge.title",
  "/book-forge/edit": "books.editor.title",
  "/book-forge/sales": "books.sales.title",
  "/checkout": "checkout.title",
  "/checkout/pay": "checkout.card.pageTitle",
  "/payment-success": "checkout.success.pageTitle",
  "/payment-canceled": "checkout.canceled.title",
  "/billing": "billing.title",
  "/manage-subscription": "billing.title",
  "/billing-management": "billing.title",
  "/billing/receipts": "billing.receipt.title",
  "/admin": "header.admin",
  "/admin/settings": "admin.settings.title",
  "/admin/users": "nav.users",
  "/admin/import": "nav.memberImport",
  "/admin/analytics": "nav.analytics",
  "/admin/observatory": "nav.observatory",
  "/admin/statistics": "nav.statistics",
  "/admin/content-indexer": "nav.contentIndexer",
  "/admin/ab-tests": "nav.abTests",
  "/admin/broadcast": "nav.broadcast",
  "/admin/pages": "nav.pages",
  "/admin/outbox": "nav.outbox",
  "/admin/audit": "nav.auditLog",
  "/admin/moderation": "nav.moderation",
  "/admin/testimonials": "nav.testimonials",
  "/admin/academy": "academy.nav",
  "/admin/academy/categories": "academy.categoryAdmin.heading",
  "/admin/categories": "nav.categories",
  "/admin/subscriptions": "nav.subscriptions",
  "/admin/transactions": "nav.transactions",
  "/admin/book-forge": "books.nav",
  "/admin/payments": "nav.paymentEvents",
  "/admin/billing": "nav.billing",
  "/content-management": "header.contentManagement",
  "/admin/spirits": "nav.spirits",
  "/media": "nav.spirits",
  "/request-ritual": "nav.requestRitual",
  "/admin/petitions": "nav.petitions",
  "/admin/rituals": "nav.petitions",
  "/consultation": "consultations.nav.consultation",
  "/admin/consultations": "consultations.nav.admin",
  "/admin/chat-learning": "nav.chatLearning",
  "/admin/chat-conversations": "nav.chatConversations",
  "/admin/all-chat-conversations": "nav.chatConversations",
};

/** An address part nobody named: "community-guidelines" → "Community Guidelines" (SPEC §2). */
function titleCase(segment: string): string {
  let text = segment;
  try {
    text = decodeURIComponent(segment);
  } catch {
    // A malformed escape is shown as it is.
  }
  return text.replace(/-/g, " ").replace(/\b\p{L}/gu, (c) => c.toUpperCase());
}

/**
 * The trail after Home for a path. Each part is named by the page's own route (`labels`, from its
 * `handle.breadcrumb`), else by the screen's translated name, else title-cased from the address;
 * ids (a conversation, a member's user id) nobody named are left out.
 */
export function breadcrumbTrail(
  pathname: string,
  t: TFunction,
  labels?: string | readonly string[] | null | false,
): Crumb[] {
  if (labels === false) return [];
  let segments = pathname.split("/").filter(Boolean);
  // A page without its data (it failed) leaves out the part of the address it would have named.
  if (labels === null) segments = segments.slice(0, -1);
  const own = typeof labels === "string" ? [labels] : (labels ?? []);
  const firstOwn = segments.length - own.length;
  return segments
    .map((segment, index) => {
      const href = "/" + segments.slice(0, index + 1).join("/");
      const ownLabel = index >= firstOwn ? own[index - firstOwn] : undefined;
      if (ownLabel !== undefined) return { segment, crumb: { href, label: ownLabel, own: true } };
      const key = PATH_LABELS[href];
      return { segment, crumb: { href, label: key ? t(key) : titleCase(segment), own: false } };
    })
    .filter(({ segment, crumb }) => crumb.own || !isUserId(segment))
    .map(({ crumb }) => crumb);
}

/** A route's `handle` naming its part of the trail from its loader's data (typed by the route). */
export function breadcrumbHandle<Data>(breadcrumb: Breadcrumb<Data>): BreadcrumbHandle {
  return { breadcrumb: breadcrumb as Breadcrumb<never> };
}
