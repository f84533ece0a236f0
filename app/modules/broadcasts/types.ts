// Client-safe shapes of a broadcast (the admin screens and the server share them).

/** Who receives a broadcast: everyone, free or premium members, a coven, a language, the recently active. */
export type Audience =
  | { kind: "everyone" }
  | { kind: "free" }
  | { kind: "premium" }
  | { kind: "coven"; covenId: string }
  | { kind: "language"; language: string }
  | { kind: "active"; days: number };

export type AudienceKind = Audience["kind"];
export const AUDIENCE_KINDS: readonly AudienceKind[] = [
  "everyone",
  "free",
  "premium",
  "coven",
  "language",
  "active",
];

export interface BroadcastChannels {
  inApp: boolean;
  email: boolean;
}

/** A translation of the subject and body, for members whose language it is. */
export interface BroadcastText {
  subject: string;
  body: string;
}

export type Translations = Record<string, BroadcastText>;
