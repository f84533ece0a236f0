import type { MessageGroup, MessageKey, Messages } from "./i18n";
import type { TextBundle } from "./bundles";

type TopLevelGroup = keyof typeof import("./locales/en.json");

/**
 * The bundle of each top-level group of the messages (see app/i18n/bundles.ts). Every group
 * must be given one, so a new group fails the typecheck until it is; `null` is a group the
 * server alone reads (e-mails), never sent to a browser.
 */
export const GROUP_BUNDLES: Record<TopLevelGroup, TextBundle | null> = {
  common: "shell",
  nav: "shell",
  header: "shell",
  language: "shell",
  footer: "shell",
  ranks: "shell",
  tiers: "shell",
  roles: "shell",
  badges: "shell",
  premium: "shell",
  benefits: "shell",
  membersOnly: "shell",
  errors: "shell",
  search: "shell",
  pages: "shell",
  members: "shell",
  time: "shell",
  notifications: "shell",
  achievements: "shell",
  events: "events",
  premiumPopup: "shell",
  joinBanner: "shell",
  home: "home",
  auth: "auth",
  settings: "account",
  profile: "account",
  dashboard: "account",
  discussions: "discussions",
  covens: "covens",
  videos: "videos",
  academy: "academy",
  library: "library",
  spirits: "spirits",
  messages: "messages",
  explore: "explore",
  billing: "billing",
  checkout: "billing",
  subscription: "billing",
  landing: "landing",
  testimonials: "landing",
  admin: "admin",
  media: "media",
  petitions: "petitions",
  consultations: "consultations",
  books: "books",
  chat: "shell",
  email: null,
  knowledge: null,
};

/**
 * Texts of feature groups that the shell shows on every page, so they travel in the shell's
 * bundle (and not in their feature's): the breadcrumb's screen names, the navigation's and the
 * user menu's links, the membership tiers' names, the site's default description, and the
 * notifications, which the bell's list shows anywhere.
 */
export const SHELL_TEXTS: ReadonlyArray<MessageKey | MessageGroup> = [
  "home.defaultDescription",
  "auth.forgotTitle",
  "auth.resetTitle",
  "explore.title",
  "messages.title",
  "messages.nav",
  "messages.unread",
  "discussions.title",
  "discussions.form.newTitle",
  "discussions.notify",
  "covens.nav",
  "academy.nav",
  "academy.categoryAdmin.heading",
  "academy.navSection",
  "covens.benefit",
  "covens.title",
  "covens.form.createTitle",
  "covens.mine.title",
  "covens.invite.title",
  "covens.notify",
  "events.title",
  "events.nav",
  "events.notify",
  "videos.nav",
  "videos.title",
  "videos.add.title",
  "videos.notify",
  "subscription.title",
  "subscription.nav",
  "subscription.becomeMember",
  "subscription.free.title",
  "subscription.full.title",
  "subscription.full.lifetimeTitle",
  "checkout.title",
  "checkout.card.pageTitle",
  "checkout.success.pageTitle",
  "checkout.canceled.title",
  "billing.title",
  "billing.nav",
  "billing.receipt.title",
  "admin.settings.title",
  "petitions.notify",
  "consultations.notify",
  "consultations.nav",
  "books.nav",
  "books.forge.title",
  "books.editor.title",
  "books.sales.title",
];

/** Texts of feature groups that the server alone reads: the e-mails about payments and events. */
export const SERVER_TEXTS: ReadonlyArray<MessageKey | MessageGroup> = [
  "billing.email",
  "events.email",
  "petitions.email",
  "consultations.email",
];

/**
 * The bundle a text or group belongs to: a shell text's is the shell, a server text's none
 * (`null`), any other's its top-level group's.
 */
export function bundleOfKey(key: string): TextBundle | null | undefined {
  const within = (path: string) =>
    key === path || key.startsWith(`${path}.`) || isFormOf(key, path);
  if (SHELL_TEXTS.some(within)) return "shell";
  if (SERVER_TEXTS.some(within)) return null;
  return GROUP_BUNDLES[key.split(".")[0] as TopLevelGroup];
}

/** `path_one`, `path_other`, `path_<context>`: the forms of the key `path`. */
function isFormOf(key: string, path: string): boolean {
  return key.startsWith(`${path}_`) && !key.slice(path.length + 1).includes(".");
}

/**
 * One bundle's part of a language's messages (with English already filled in), keeping the
 * groups' shape, so the browser merges bundles into one messages object.
 */
export function bundleTexts(messages: Messages, bundle: TextBundle): Messages {
  return pick(messages, "", bundle);
}

function pick(group: Messages, prefix: string, bundle: TextBundle): Messages {
  const result: Messages = {};
  for (const [key, value] of Object.entries(group)) {
    const path = `${prefix}${key}`;
    if (isGroup(value)) {
      // A group wholly in one bundle is copied as it is; one that is split is walked.
      const whole = wholeBundle(path);
      if (whole !== undefined) {
        if (whole === bundle) result[key] = value;
        continue;
      }
      const part = pick(value, `${path}.`, bundle);
      if (Object.keys(part).length > 0) result[key] = part;
    } else if (bundleOfKey(path) === bundle) {
      result[key] = value;
    }
  }
  return result;
}

/** The one bundle of everything under the group `path`, or undefined when it is split. */
function wholeBundle(path: string): TextBundle | null | undefined {
  const split = [...SHELL_TEXTS, ...SERVER_TEXTS].some((text) => text.startsWith(`${path}.`));
  return split ? undefined : bundleOfKey(path);
}

function isGroup(value: unknown): value is Messages {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
