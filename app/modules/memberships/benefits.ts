import { type MessageKey } from "#app/i18n/i18n";
import type { LucideIcon } from "lucide-react";
import {
  Award,
  BookOpen,
  Clapperboard,
  Lock,
  Mail,
  MessagesSquare,
  Sparkles,
  Users,
  Zap,
} from "lucide-react";

/**
 * What membership gives, as the product has it today: ONE registry every benefit list is made
 * from (the Premium gate, the premium popup, the /explore gate, /subscription's two plans and the
 * comparison table's capability rows). A list never promises what is not here, so a screen cannot
 * offer courses or videos before they exist.
 *
 * A new feature adds itself with one line: its key, an icon, the translation key of its label
 * (`benefits.<key>` in every locale, or the feature's own subtree: `covens.benefit`) and whether only full members have it. `availableWhen`
 * hides a capability while the community lacks what it needs (no premium categories yet).
 */
export interface Capability {
  key: string;
  icon: LucideIcon;
  labelKey: MessageKey;
  /** Only with full membership (SPEC §6 premium); otherwise every signed-in member has it. */
  premium: boolean;
  availableWhen?: (facts: CommunityFacts) => boolean;
}

/** What the community has, from the root loader (`community`). */
export interface CommunityFacts {
  /** At least one active discussion category is for full members. */
  premiumCategories: boolean;
}

export const CAPABILITIES = [
  { key: "readDiscussions", icon: BookOpen, labelKey: "benefits.readDiscussions", premium: false },
  {
    key: "startDiscussions",
    icon: MessagesSquare,
    labelKey: "benefits.startDiscussions",
    premium: false,
  },
  { key: "directMessages", icon: Mail, labelKey: "benefits.directMessages", premium: false },
  { key: "reputation", icon: Award, labelKey: "benefits.reputation", premium: false },
  {
    key: "premiumCategories",
    icon: Lock,
    labelKey: "benefits.premiumCategories",
    premium: true,
    availableWhen: (facts) => facts.premiumCategories,
  },
  { key: "privateCovens", icon: Users, labelKey: "covens.benefit", premium: true },
  { key: "recommendations", icon: Sparkles, labelKey: "benefits.recommendations", premium: true },
  { key: "publishedAtOnce", icon: Zap, labelKey: "benefits.publishedAtOnce", premium: true },
  // Sharing at /add-video; the comparison table's video row needs this key.
  { key: "videos", icon: Clapperboard, labelKey: "benefits.shareVideos", premium: true },
] as const satisfies readonly Capability[];

export type CapabilityKey = (typeof CAPABILITIES)[number]["key"];

/** Whether the product has a capability now (registered and available in this community). */
export function hasCapability(key: string, facts: CommunityFacts): boolean {
  const capability: Capability | undefined = CAPABILITIES.find((c) => c.key === key);
  return capability !== undefined && (capability.availableWhen?.(facts) ?? true);
}

/**
 * A plan's benefit list: `free` = what every member has; `full` = what only full members add
 * (the screens say "everything in free, plus"). Registry order.
 */
export function benefitsOf(plan: "free" | "full", facts: CommunityFacts): Capability[] {
  return CAPABILITIES.filter(
    (c: Capability) => c.premium === (plan === "full") && (c.availableWhen?.(facts) ?? true),
  );
}

/** The facts from the root loader's community summary. */
export function communityFacts(community: {
  categories: ReadonlyArray<{ premium: boolean }>;
}): CommunityFacts {
  return { premiumCategories: community.categories.some((c) => c.premium) };
}
