import type { MessageKey } from "#app/i18n/i18n";
import type { CovenRole, CovenVisibility } from "../policy";

/** Translation keys of stored values (a key built from parts must name a key that exists). */
export function visibilityKey(visibility: CovenVisibility): MessageKey {
  return `covens.visibility.${visibility}`;
}

export function visibilityHelpKey(visibility: CovenVisibility): MessageKey {
  return `covens.visibilityHelp.${visibility}`;
}

export function roleKey(role: CovenRole): MessageKey {
  return `covens.roles.${role}`;
}

/** "You are a member" / "You moderate it" / "You own it", on a coven's card. */
export function standingKey(role: CovenRole): MessageKey {
  return `covens.card.standing.${role}`;
}
